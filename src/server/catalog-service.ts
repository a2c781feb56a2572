/**
 * The catalog's semantics over the store, in one service the server's routes and resolvers share. Its parts live
 * in catalog/: the checks a proposal passes before anything is written (accept-proposals), writing one
 * (apply-proposal), hard deletes and the references they remove (hard-delete), and the shapes aspects are
 * answered in (enveloped-aspects).
 */
import type { JsonObject } from '../model/json.js';
import type { CheckedProposal } from '../model/metadata-file.js';
import type { Proposal } from '../model/proposal.js';
import { keyAspectOf } from '../model/registry.js';
import {
  acceptCheckedProposals,
  acceptProposals,
  entityKeyOf,
  type AcceptedProposal,
  type KeyAspect,
} from './catalog/accept-proposals.js';
import { writeWithIncidentsSummary } from './catalog/apply-incident-hook.js';
import { applyProposal, entityExists } from './catalog/apply-proposal.js';
import {
  envelope,
  storedEnvelope,
  synthesizedKey,
  type EnvelopedAspect,
  type StoredEnvelope,
} from './catalog/enveloped-aspects.js';
import { deleteLatestEvent, deleteVersionedAspects } from './catalog/delete-aspects.js';
import { hardDelete, type DeletedEntity, type DeleteOptions } from './catalog/hard-delete.js';
import {
  describeRun,
  listRuns,
  rollbackRun,
  type AspectRowSummary,
  type RollbackResponse,
} from './catalog/runs.js';
import { ServiceError } from './catalog/service-error.js';
import { checkFormWrite } from './catalog/form-rules.js';
import { checkPropertyBatch, checkPropertyWrite } from './catalog/structured-property-rules.js';
import { associateSiblings, triggersSiblingHook } from './catalog/sibling-association.js';
import type { AspectStore, StoredAspect } from './store/aspect-store.js';
import type { RelatedEntity, SearchHit, SearchRequest, SearchResponse } from './store/entity-index.js';
import type { TimeseriesEvent, TimeseriesQuery } from './store/timeseries-store.js';

export {
  acceptCheckedProposals,
  acceptedAgain,
  type AcceptedProposal,
  type KeyAspect,
} from './catalog/accept-proposals.js';
export { SYSTEM_ACTOR, type EnvelopedAspect, type StoredEnvelope } from './catalog/enveloped-aspects.js';
export type { DeletedEntity, DeleteOptions } from './catalog/hard-delete.js';
export { ServiceError } from './catalog/service-error.js';

/** Who GraphQL mutations and the server's ingest requests are performed as (DataHub's root user). */
export const SERVER_ACTOR = 'urn:li:corpuser:datahub';

/**
 * The catalog's semantics over the store: DataHub's write rules (entity registry, aspect validation,
 * conditional writes, key aspects) and its read shapes.
 */
export class CatalogService {
  constructor(
    private readonly store: AspectStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Applies proposals in one transaction: all of them land, or (on the first error) none. Every proposal is checked
   * (and its value validated) before anything is written.
   */
  ingest(proposals: readonly Proposal[], actor: string): void {
    this.ingestAccepted(acceptProposals(proposals), actor);
  }

  /**
   * Checks proposals a reader has already validated against the same schemas (parseMetadataRecords): everything
   * `ingest` checks but the value, which is not walked a second time. Answers them ready for `ingestAccepted`.
   */
  acceptChecked(proposals: readonly CheckedProposal[]): AcceptedProposal[] {
    return acceptCheckedProposals(proposals);
  }

  /**
   * Applies accepted proposals in one transaction, as `ingest` does. The touched entities are noted for indexing in
   * the same transaction (the indexes follow; see AspectStore.transaction).
   */
  ingestAccepted(accepted: readonly AcceptedProposal[], actor: string): void {
    const now = this.clock();
    this.store.transaction(() => {
      const urns = [...new Set(accepted.map(({ proposal }) => proposal.entityUrn))];
      // One query for the current aspects of every entity of the batch, rather than two lookups per proposal.
      this.store.preload(urns);
      const keyed = new Set<string>();
      // GMS's validators of structured properties: the batch's values before any write, each definition before its own.
      checkPropertyBatch(this.store, accepted);
      const summarized: string[] = [];
      for (const item of accepted) {
        checkPropertyWrite(this.store, item);
        checkFormWrite(this.store, item);
        // GMS's IncidentsSummaryHook, in the same transaction (catalog/incidents-summary.ts).
        summarized.push(
          ...writeWithIncidentsSummary(this.store, item, (next, by = actor) =>
            applyProposal(this.store, next, by, now, keyed),
          ),
        );
        // GMS's SiblingAssociationHook: the siblings a dataset's lineage implies (sibling-association.ts), read from
        // what was stored (a conditional write may have left the aspect as it was), as the hook reads the change log.
        const { entityUrn, aspectName } = item.proposal;
        const stored = triggersSiblingHook(entityUrn, aspectName)
          ? this.store.get(entityUrn, aspectName)
          : undefined;
        if (stored !== undefined)
          urns.push(
            ...associateSiblings(this.store, { entityUrn, aspectName, aspect: stored.value }, { now, keyed }),
          );
      }
      this.store.indexAfterCommit([...new Set([...urns, ...summarized])]);
    });
  }

  /** Runs `work` in one store transaction (nested calls become savepoints). */
  transaction<T>(work: () => T): T {
    return this.store.transaction(work);
  }

  /** Hard delete, as GMS v1.7.0 does it, with the references to the entity when asked (see hardDelete). */
  deleteEntity(urn: string, options: DeleteOptions): DeletedEntity {
    return hardDelete(this.store, (proposals, actor) => this.ingest(proposals, actor), urn, options);
  }

  /** Every version of these aspects of an entity, which stays (see deleteVersionedAspects); answers the rows. */
  deleteAspects(urn: string, aspects: readonly string[]): number {
    return deleteVersionedAspects(this.store, urn, aspects);
  }

  /** The latest event of a timeseries aspect of an entity (see deleteLatestEvent); answers how many went. */
  deleteLatestEvent(urn: string, aspect: string): number {
    return deleteLatestEvent(this.store, urn, aspect);
  }

  /** The key aspect of a URN; a URN that does not fit its entity's key is refused. */
  keyOf(urn: string): KeyAspect {
    return entityKeyOf(urn);
  }

  /** An entity exists when its key aspect is stored; soft-deleted entities count unless asked otherwise. */
  exists(urn: string, includeSoftDeleted = true): boolean {
    return entityExists(this.store, urn, includeSoftDeleted);
  }

  latest(urn: string, aspect: string): JsonObject | undefined {
    return this.store.get(urn, aspect)?.value;
  }

  getVersion(urn: string, aspect: string, version: number): StoredAspect | undefined {
    return this.store.get(urn, aspect, version);
  }

  /**
   * The aspects of one entity as entitiesV2 answers: the requested aspects that exist, plus the key aspect,
   * which DataHub synthesizes from the URN when it is not stored (so an unknown entity yields only its key).
   */
  envelopedAspects(urn: string, aspects?: readonly string[]): Record<string, EnvelopedAspect> {
    const key = this.keyOf(urn);
    const result: Record<string, EnvelopedAspect> = {};
    for (const aspect of this.store.latestAspects(urn, aspects)) result[aspect.aspect] = envelope(aspect);
    result[key.aspectName] ??= synthesizedKey(key, this.clock());
    return result;
  }

  /**
   * envelopedAspects for many entities of one type, read in one query: what batch_get answers. Every URN gets
   * its key aspect, synthesized when not stored. Stored values and system metadata stay JSON text (RawJson), as
   * they go straight into the response.
   */
  envelopedAspectsOfMany(
    urns: readonly string[],
    aspects: readonly string[],
  ): Map<string, Record<string, EnvelopedAspect | StoredEnvelope>> {
    const keyAspect = this.keyOf(urns[0] ?? '').aspectName;
    const stored = this.store.latestRowsOfMany(urns, [...new Set([...aspects, keyAspect])]);
    const result = new Map<string, Record<string, EnvelopedAspect | StoredEnvelope>>();
    for (const urn of urns) {
      const rows = stored.get(urn) ?? [];
      const enveloped: Record<string, EnvelopedAspect | StoredEnvelope> = {};
      for (const row of rows) enveloped[row.aspect] = storedEnvelope(row);
      // A stored key means the URN was checked when it was written; any other URN is checked (and its key
      // synthesized) here, so a malformed one is refused as before.
      if (enveloped[keyAspect] === undefined) {
        const key = this.keyOf(urn);
        if (key.aspectName !== keyAspect)
          throw new ServiceError(400, `batch_get reads one entity type per call, got ${urn}`);
        enveloped[keyAspect] = synthesizedKey(key, this.clock());
      }
      result.set(urn, enveloped);
    }
    return result;
  }

  /** The latest value of every stored aspect of an entity, by aspect name. */
  aspectsOf(urn: string): Map<string, JsonObject> {
    return new Map(this.store.latestAspects(urn).map((aspect) => [aspect.aspect, aspect.value]));
  }

  /** Every stored version of an entity's aspects (or of one aspect), newest first. */
  history(urn: string, aspect?: string): StoredAspect[] {
    return this.store.history(urn, aspect);
  }

  /** Events of a timeseries aspect, newest first (POST /aspects?action=getTimeseriesAspectValues). */
  timeseriesValues(query: TimeseriesQuery): TimeseriesEvent[] {
    return this.store.timeseries.values(query);
  }

  search(request: SearchRequest): SearchResponse {
    return this.store.index.search(request);
  }

  autocomplete(request: Omit<SearchRequest, 'facetFields' | 'maxFacetValues' | 'start'>): SearchHit[] {
    return this.store.index.autocomplete(request);
  }

  relationships(input: Parameters<AspectStore['index']['relationships']>[0]): {
    total: number;
    items: RelatedEntity[];
  } {
    return this.store.index.relationships(input);
  }

  listUrns(entityType: string, start: number, count: number): { urns: string[]; total: number } {
    const keyAspect = keyAspectOf(entityType);
    if (keyAspect === undefined)
      throw new ServiceError(400, `Failed to find entity with name ${entityType} in EntityRegistry`);
    return this.store.listUrns(keyAspect, start, count);
  }

  /** The runs the catalog holds, the latest first (GMS's /runs?action=list; catalog/runs.ts). */
  listRuns(options: Parameters<typeof listRuns>[1]): ReturnType<typeof listRuns> {
    return listRuns(this.store, options);
  }

  /** The latest aspects one run wrote (/runs?action=describe). */
  describeRun(runId: string, options: Parameters<typeof describeRun>[2]): AspectRowSummary[] {
    return describeRun(this.store, runId, options);
  }

  /** DataHub's rollback of a run (/runs?action=rollback), in one transaction. */
  rollbackRun(
    runId: string,
    options: { readonly dryRun: boolean; readonly hardDelete: boolean },
  ): RollbackResponse {
    return rollbackRun(this.store, (proposals, actor) => this.ingest(proposals, actor), runId, {
      ...options,
      now: this.clock(),
    });
  }

  now(): number {
    return this.clock();
  }
}
