/**
 * Writes a metadata file's accepted proposals into the embedded catalog inside one open transaction, as
 * `CatalogService.ingestAccepted` would, with a shortcut for what a bulk load is made of: the first value of an
 * aspect of an entity the catalog does not hold yet. That write needs no read and no comparison (there is nothing
 * to compare with), so it goes in as the row `AspectStore.write` would make, from the aspect's text; the entity's
 * key aspect comes with its first aspect, as `applyOne` writes it. Everything else (an entity the catalog holds,
 * a second value of an aspect, a timeseries aspect, another change type, conditional-write headers) is written
 * the general way, and from then on every proposal of that entity is, so that its writes keep their order.
 *
 * Entities written only by the shortcut are indexed as the load goes, from what the reading thread derived from
 * the same values; the others are noted for indexing from their stored aspects, as any write.
 */
import type { JsonObject } from '../../model/json.js';
import { isIncidentSummaryTrigger } from '../catalog/incidents-summary.js';
import { isTimeseriesAspect } from '../../model/registry.js';
import type { AcceptedProposal, CatalogService } from '../catalog-service.js';
import type { DerivedEntity } from '../search/derive-entity.js';
import type { AspectStore } from '../store/aspect-store.js';
import type { IndexLoad } from '../store/entity-index.js';
import { associateSiblings, triggersSiblingHook } from '../catalog/sibling-association.js';
import { acceptedOfRow, type AcceptedRows } from './accepted-rows.js';

const NO_SYSTEM_METADATA: JsonObject = {};

export class BulkWriter {
  /** Entities met so far. */
  private readonly seen = new Set<string>();
  /** Entities written the general way (see the module comment). */
  private readonly general = new Set<string>();
  /** `urn\u0000aspect` of the aspects the shortcut wrote. */
  private readonly written = new Set<string>();
  /** Indexing of the entities only the shortcut wrote, from what they derive to. */
  private readonly indexLoad: IndexLoad;
  /** Entities `indexLoad` has indexed. */
  private readonly indexed = new Set<string>();
  /**
   * The last batch's derived entities, held until the next batch's arrive: an entity whose proposals go on in the
   * next batch is derived again there, and only its last derivation is indexed.
   */
  private held = new Map<string, DerivedEntity>();
  private readonly now: number;
  /**
   * Whether the catalog held aspects when the load began. When it held none, no entity met is one it holds, and
   * the lookup of each batch's new entities is skipped (0.15 s of a 50,000-entity load into an empty catalog).
   */
  private readonly catalogHeldAspects: boolean;

  constructor(
    private readonly store: AspectStore,
    private readonly service: CatalogService,
    private readonly actor: string,
  ) {
    this.now = service.now();
    this.catalogHeldAspects = store.holdsAspects();
    this.indexLoad = store.beginIndexLoad();
  }

  /** Writes the next rows of the file, in order. */
  write(rows: AcceptedRows): void {
    this.meet(rows.entityUrns);
    const rest: AcceptedProposal[] = [];
    for (let i = 0; i < rows.entityUrns.length; i += 1) {
      const urn = rows.entityUrns[i] as string;
      if (!this.general.has(urn) && this.writeFirstVersion(rows, i)) continue;
      this.general.add(urn);
      rest.push(acceptedOfRow(rows, i));
    }
    // After this batch's shortcut writes, which came before these in the file for any entity they share.
    if (rest.length > 0) this.service.ingestAccepted(rest, this.actor);
  }

  /**
   * Takes what the entities of the last batch derive to (their values in the file so far), and indexes those of
   * the batch before that it does not derive again. Entities written the general way are left to their noting.
   */
  index(derived: ReadonlyMap<string, DerivedEntity>): void {
    const held = new Map<string, DerivedEntity>();
    for (const [urn, entity] of derived) {
      if (this.general.has(urn)) continue;
      // Proposals of an entity far apart in the file: indexed already, so indexed again from its stored aspects.
      if (this.indexed.has(urn)) this.store.indexAfterCommit([urn]);
      else held.set(urn, entity);
    }
    const ready = new Map<string, DerivedEntity>();
    for (const [urn, entity] of this.held) if (!held.has(urn)) ready.set(urn, entity);
    this.held = held;
    this.add(ready);
  }

  /** After the last rows and their derived entities. */
  finish(): void {
    this.add(this.held);
    this.held = new Map();
    const missing: string[] = [];
    for (const urn of this.seen) if (!this.general.has(urn) && !this.indexed.has(urn)) missing.push(urn);
    // Not expected (every entity the shortcut wrote has a key aspect, so it derives), but never left unindexed.
    if (missing.length > 0) this.store.indexAfterCommit(missing);
    this.indexLoad.finish();
    this.associateSiblings();
  }

  /**
   * GMS's SiblingAssociationHook over the lineage and sub-types the shortcut wrote, in the file's order (the
   * general way runs it as it writes); the datasets it gives siblings are indexed again from their stored aspects.
   */
  private associateSiblings(): void {
    const touched: string[] = [];
    const keyed = new Set<string>();
    for (const slot of this.written) {
      const [urn = '', aspectName = ''] = slot.split('\u0000');
      if (!triggersSiblingHook(urn, aspectName)) continue;
      const aspect = this.store.get(urn, aspectName)?.value;
      if (aspect === undefined) continue;
      const proposal = { entityUrn: urn, aspectName, aspect };
      touched.push(...associateSiblings(this.store, proposal, { now: this.now, keyed }));
    }
    if (touched.length > 0) this.store.indexAfterCommit(touched);
  }

  /** Indexes these entities, but those written the general way since they were derived. */
  private add(entities: ReadonlyMap<string, DerivedEntity>): void {
    const own = new Map<string, DerivedEntity>();
    for (const [urn, entity] of entities) {
      if (this.general.has(urn)) continue;
      own.set(urn, entity);
      this.indexed.add(urn);
    }
    this.indexLoad.add(own);
  }

  /** Entities met for the first time: those the catalog holds already are written the general way. */
  private meet(urns: readonly string[]): void {
    const unseen: string[] = [];
    for (const urn of urns) {
      if (this.seen.has(urn)) continue;
      this.seen.add(urn);
      unseen.push(urn);
    }
    if (!this.catalogHeldAspects) return;
    for (const urn of this.store.storedUrns(unseen)) this.general.add(urn);
  }

  /** Writes row `i` by the shortcut when it applies; answers whether it did. */
  private writeFirstVersion(rows: AcceptedRows, i: number): boolean {
    const urn = rows.entityUrns[i] as string;
    const aspect = rows.aspectNames[i] as string;
    const headers = rows.headers[i];
    if (rows.changeTypes[i] !== 'UPSERT' || isTimeseriesAspect(aspect)) return false;
    // An incident's writes update its assets' summaries (GMS's IncidentsSummaryHook): the general way runs it.
    if (isIncidentSummaryTrigger({ entityType: rows.entityTypes[i] as string, aspectName: aspect }))
      return false;
    if (headers !== null && headers !== undefined && Object.keys(headers).length > 0) return false;
    const slot = `${urn}\u0000${aspect}`;
    // A second value is compared with the first (an equal one only refreshes its system metadata).
    if (this.written.has(slot)) return false;
    const systemMetadata = rows.systemMetadata[i] ?? NO_SYSTEM_METADATA;
    this.store.insertFirstVersion(urn, aspect, rows.texts[i] as string, systemMetadata, this.actor, this.now);
    this.written.add(slot);
    const keyAspect = rows.keyAspectNames[i] as string;
    const keySlot = `${urn}\u0000${keyAspect}`;
    if (!this.written.has(keySlot)) {
      this.store.insertFirstVersion(
        urn,
        keyAspect,
        rows.keyTexts[i] as string,
        systemMetadata,
        this.actor,
        this.now,
      );
      this.written.add(keySlot);
    }
    return true;
  }
}
