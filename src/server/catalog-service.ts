import { randomUUID } from 'node:crypto';
import { ASPECT_SCHEMAS } from '../datahub/generated/aspect-schemas.js';
import { describeAspectRefusal, trimUnrecognizedFields } from '../datahub/pegasus/validate-aspect.js';
import { jsonEqual, type JsonObject } from '../model/json.js';
import { checkAspectValue, UNRECOGNIZED_FIELDS, type CheckedProposal } from '../model/metadata-file.js';
import type { Proposal } from '../model/proposal.js';
import {
  aspectNamesOf,
  entityHasAspect,
  isKnownEntityType,
  isTimeseriesAspect,
  keyAspectFromUrn,
  keyAspectOf,
} from '../model/registry.js';
import { parseRawUrn, parseUrn, URN_ENTITY_TYPES } from '../model/urn.js';
import { RawJson } from './raw-json.js';
import { aspectsReferringTo, ReferenceRemovalError, withReferenceRemoved } from './remove-reference.js';
import { versionOf, type AspectStore, type StoredAspect, type StoredRow } from './store/aspect-store.js';
import type { RelatedEntity, SearchHit, SearchRequest, SearchResponse } from './store/entity-index.js';
import type { TimeseriesEvent, TimeseriesQuery } from './store/timeseries-store.js';

/** A failure with the HTTP status DataHub answers it with. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An entity's key aspect, derived from its URN. */
export interface KeyAspect {
  readonly aspectName: string;
  readonly value: JsonObject;
}

declare const accepted: unique symbol;

/**
 * A proposal the catalog has checked (CatalogService.ingest, acceptChecked) and writes as it is: its aspect as GMS
 * stores it, the JSON text of that aspect (serialized once: it is what is stored, and what callers size requests
 * by), and the entity's key aspect. Only the service makes them.
 */
export interface AcceptedProposal {
  readonly proposal: Proposal;
  readonly text: string;
  readonly key: KeyAspect;
  readonly [accepted]: true;
}

/** Who GraphQL mutations and the server's ingest requests are performed as (DataHub's root user). */
export const SERVER_ACTOR = 'urn:li:corpuser:datahub';

/** The actor GMS stamps on its own writes and on synthesized aspects. */
export const SYSTEM_ACTOR = 'urn:li:corpuser:__datahub_system';
const UNVERSIONED = '-1';

/** DataHub's EnvelopedAspect (entitiesV2). */
export interface EnvelopedAspect {
  readonly name: string;
  readonly type: 'VERSIONED';
  readonly version: number;
  readonly value: JsonObject;
  readonly created: { readonly time: number; readonly actor: string };
  readonly systemMetadata?: JsonObject;
}

export interface DeleteOptions {
  /**
   * Then remove references to the entity from other entities' aspects, as DataHub's DeleteEntityService
   * .deleteReferencesTo does (the GraphQL delete mutations ask for it; Rest.li's delete action does not).
   */
  readonly references: boolean;
  /** Rest.li's `aspectName`: delete only this timeseries aspect's events, and keep the entity. */
  readonly timeseriesAspect?: string;
  /** Events deleted are those in this window (inclusive), all when unset. */
  readonly startTimeMillis?: number;
  readonly endTimeMillis?: number;
}

export interface DeletedEntity {
  /** Rows of metadata_aspect_v2 removed (every version of every aspect); absent for a timeseries-only delete. */
  readonly rows?: number;
  readonly timeseriesRows: number;
}

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
    this.ingestAccepted(
      acceptAll(proposals, (proposal) => this.validate(proposal)),
      actor,
    );
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
      for (const item of accepted) this.applyOne(item, actor, now, keyed);
      this.store.indexAfterCommit(urns);
    });
  }

  /** Runs `work` in one store transaction (nested calls become savepoints). */
  transaction<T>(work: () => T): T {
    return this.store.transaction(work);
  }

  /** Refuses a value GMS refuses; answers whether it has fields to trim. */
  private validate(proposal: Proposal): boolean {
    const { problems, unrecognizedFields } = checkAspectValue(proposal.aspectName, proposal.aspect);
    // GMS answers a ValidationException with 422 and its message (AspectResource.ingestProposals, v1.7.0).
    if (problems.length > 0)
      throw new ServiceError(422, describeAspectRefusal(proposal.aspectName, problems));
    return unrecognizedFields;
  }

  /** `keyed`: the URNs whose key aspect is known to be stored by now (checked once per entity, not per proposal). */
  private applyOne(item: AcceptedProposal, actor: string, now: number, keyed: Set<string>): void {
    const { proposal, key, text } = item;
    const { entityUrn, aspectName, changeType } = proposal;
    if (isTimeseriesAspect(aspectName)) {
      // Events are not versioned and do not create the entity (GMS routes them to its timeseries index).
      const event = {
        urn: entityUrn,
        aspect: aspectName,
        timestampMillis: proposal.aspect['timestampMillis'] as number,
        value: proposal.aspect,
        systemMetadata: proposal.systemMetadata ?? {},
      };
      this.store.timeseries.write(event, actor, now, text);
      return;
    }
    const current = this.store.get(entityUrn, aspectName);
    const header = (name: string): string | undefined =>
      Object.entries(proposal.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

    const expected = header('If-Version-Match');
    if (expected !== undefined && changeType !== 'RESTATE') {
      const actual =
        changeType === 'CREATE' || changeType === 'CREATE_ENTITY' || current === undefined
          ? UNVERSIONED
          : versionOf(current);
      if (expected !== actual) {
        throw new ServiceError(422, `Expected version ${expected}, actual version ${actual}`);
      }
    }
    if (changeType === 'CREATE' && current !== undefined) {
      if (header('If-None-Match') === '*') return;
      throw new ServiceError(422, 'Cannot perform CREATE since the aspect already exists.');
    }
    if (changeType === 'CREATE_ENTITY' && this.exists(entityUrn)) {
      if (header('If-None-Match') === '*') return;
      throw new ServiceError(422, 'Cannot perform CREATE_ENTITY since the entity already exists.');
    }

    const systemMetadata = proposal.systemMetadata ?? {};
    this.store.write(
      entityUrn,
      aspectName,
      proposal.aspect,
      systemMetadata,
      actor,
      now,
      current ?? null,
      text,
    );
    // Writing any aspect of a new entity creates the entity: its key aspect comes with it.
    if (aspectName === key.aspectName || keyed.has(entityUrn)) return;
    if (this.store.get(entityUrn, key.aspectName) === undefined) {
      this.store.write(entityUrn, key.aspectName, key.value, systemMetadata, actor, now, null);
    }
    keyed.add(entityUrn);
  }

  /**
   * Hard delete, as GMS v1.7.0 does it (EntityServiceImpl.deleteUrn): when the entity's key aspect is stored,
   * every version of every aspect of the URN goes, so the entity reads as missing and its URN may be created
   * again; otherwise nothing is deleted (0 rows). Its timeseries events go too (EntityResource.deleteEntity).
   * With `references`, DeleteEntityService.deleteReferencesTo follows; GMS runs that asynchronously after
   * committing the delete, here it runs in the same transaction, so no reader sees a dangling reference.
   */
  deleteEntity(urn: string, options: DeleteOptions): DeletedEntity {
    const key = this.keyOf(urn);
    const entityType = entityTypeOfKnown(urn);
    const timeseriesAspects =
      options.timeseriesAspect === undefined
        ? aspectNamesOf(entityType).filter(isTimeseriesAspect)
        : [options.timeseriesAspect];
    const window = {
      ...(options.startTimeMillis === undefined ? {} : { startTimeMillis: options.startTimeMillis }),
      ...(options.endTimeMillis === undefined ? {} : { endTimeMillis: options.endTimeMillis }),
    };
    return this.store.transaction(() => {
      // Read before deleting: the delete drops the incoming relationship rows these come from.
      const references = options.references ? this.store.referencesTo(urn) : [];
      let rows: number | undefined;
      if (options.timeseriesAspect === undefined) {
        rows = this.store.get(urn, key.aspectName) === undefined ? 0 : this.store.deleteUrn(urn);
      }
      const timeseriesRows = this.store.deleteTimeseries(urn, timeseriesAspects, window);
      // Every rewrite of one delete carries the same cascade id, as CascadeOperationContext marks them.
      const cascadeOperationId = randomUUID();
      for (const reference of references) {
        if (reference.source === urn) continue;
        this.removeReference(urn, entityType, reference.source, reference.name, cascadeOperationId);
      }
      return rows === undefined ? { timeseriesRows } : { rows, timeseriesRows };
    });
  }

  /**
   * DeleteEntityService.deleteReference: in each aspect of `source` that can hold `relationship` to entities of
   * the deleted one's type, the deleted URN is removed along that relationship's paths; a changed aspect is
   * written as a new version by the system actor (through `ingest`, so history and indexes follow), an aspect
   * left with nothing to hold is deleted. An aspect that cannot be rewritten is left as it is (GMS logs it).
   */
  private removeReference(
    deleted: string,
    deletedType: string,
    source: string,
    relationship: string,
    cascadeOperationId: string,
  ): void {
    const raw = parseRawUrn(source);
    if (!raw.ok) return;
    const sourceType = raw.value.entityType;
    for (const aspectName of aspectsReferringTo(sourceType, relationship, deletedType)) {
      const current = this.store.get(source, aspectName);
      if (current === undefined) continue;
      let next: JsonObject | null;
      try {
        next = withReferenceRemoved(aspectName, current.value, relationship, deleted);
      } catch (error) {
        if (error instanceof ReferenceRemovalError) continue;
        throw error;
      }
      if (next === null) {
        this.store.deleteAspect(source, aspectName);
        continue;
      }
      if (jsonEqual(next, current.value)) continue;
      const proposal: Proposal = {
        entityType: sourceType,
        entityUrn: source,
        changeType: 'UPSERT',
        aspectName,
        aspect: next,
        systemMetadata: { properties: { cascadeOperationId } },
      };
      try {
        this.ingest([proposal], SYSTEM_ACTOR);
      } catch (error) {
        // A stored value that the aspect's schema refuses (written before validation, say): GMS's ingest fails
        // and the cleanup logs it; here the write's savepoint is undone and the delete goes on.
        if (!(error instanceof ServiceError)) throw error;
      }
    }
  }

  /** The key aspect of a URN; a URN that does not fit its entity's key is refused. */
  keyOf(urn: string): KeyAspect {
    return entityKeyOf(urn);
  }

  /** An entity exists when its key aspect is stored; soft-deleted entities count unless asked otherwise. */
  exists(urn: string, includeSoftDeleted = true): boolean {
    const entityType = parseRawUrn(urn);
    if (!entityType.ok) return false;
    const keyAspect = keyAspectOf(entityType.value.entityType);
    if (keyAspect === undefined || this.store.get(urn, keyAspect) === undefined) return false;
    return includeSoftDeleted || this.store.get(urn, 'status')?.value['removed'] !== true;
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
    result[key.aspectName] ??= this.synthesizedKey(key);
    return result;
  }

  /** The key aspect GMS answers for an entity whose key is not stored. */
  private synthesizedKey(key: { aspectName: string; value: JsonObject }): EnvelopedAspect {
    return {
      name: key.aspectName,
      type: 'VERSIONED',
      version: 0,
      value: key.value,
      created: { time: this.clock(), actor: SYSTEM_ACTOR },
    };
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
        enveloped[keyAspect] = this.synthesizedKey(key);
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

  now(): number {
    return this.clock();
  }
}

/** The one place an AcceptedProposal is made: the proposal as it is written, its aspect serialized once. */
function acceptAs(proposal: Proposal, key: KeyAspect): AcceptedProposal {
  return { proposal, key, text: JSON.stringify(proposal.aspect) } as AcceptedProposal;
}

/**
 * `CatalogService.acceptChecked`, which needs no catalog: a bulk load runs it in the thread that reads the file
 * (see server/bulk-load).
 */
export function acceptCheckedProposals(proposals: readonly CheckedProposal[]): AcceptedProposal[] {
  return acceptAll(proposals, (proposal) => proposal[UNRECOGNIZED_FIELDS]);
}

/**
 * A proposal `acceptCheckedProposals` accepted in another thread, made again from what crossed over (its aspect's
 * text parsed again). Only the bulk load makes them.
 */
export function acceptedAgain(proposal: Proposal, key: KeyAspect, text: string): AcceptedProposal {
  return { proposal, key, text } as AcceptedProposal;
}

/**
 * Static checks, done before anything is written, in the order GMS answers them; then the value as GMS stores it
 * (UnrecognizedFieldMode.TRIM: fields its schema does not know are dropped) and its JSON text, made once.
 * `validate` checks the value (or knows it checked) and answers whether it has fields to trim.
 */
function acceptAll<P extends Proposal>(
  proposals: readonly P[],
  validate: (proposal: P) => boolean,
): AcceptedProposal[] {
  const keys = new Map<string, KeyAspect>();
  return proposals.map((proposal) => {
    const { entityType, entityUrn, aspectName } = proposal;
    if (!isKnownEntityType(entityType)) {
      throw new ServiceError(422, `Failed to find entity with name ${entityType} in EntityRegistry`);
    }
    let key = keys.get(entityUrn);
    if (key === undefined) {
      key = entityKeyOf(entityUrn);
      keys.set(entityUrn, key);
    }
    if (!entityHasAspect(entityType, aspectName)) {
      throw new ServiceError(422, `Unknown aspect ${aspectName} for entity ${entityType}`);
    }
    if (!validate(proposal)) return acceptAs(proposal, key);
    const aspect = trimUnrecognizedFields(ASPECT_SCHEMAS, aspectName, proposal.aspect) as JsonObject;
    return acceptAs({ ...proposal, aspect }, key);
  });
}

/** The key aspect of a URN; a URN that does not fit its entity's key is refused. */
function entityKeyOf(urn: string): KeyAspect {
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new ServiceError(400, `Failed to convert urn to Urn: ${urn}: ${raw.error}`);
  const { entityType, parts } = raw.value;
  if ((URN_ENTITY_TYPES as readonly string[]).includes(entityType)) {
    const typed = parseUrn(urn);
    if (!typed.ok) throw new ServiceError(400, `Invalid urn ${urn}: ${typed.error}`);
  }
  if (!isKnownEntityType(entityType)) {
    throw new ServiceError(400, `Failed to find entity with name ${entityType} in EntityRegistry`);
  }
  const key = keyAspectFromUrn(entityType, parts);
  if (key === undefined) {
    throw new ServiceError(
      400,
      `Failed to convert urn to entity key: urns parts and key fields do not have same length for ${urn}`,
    );
  }
  return key;
}

/** The entity type of a URN `keyOf` has accepted. */
function entityTypeOfKnown(urn: string): string {
  const raw = parseRawUrn(urn);
  if (!raw.ok) throw new ServiceError(400, `Failed to convert urn to Urn: ${urn}: ${raw.error}`);
  return raw.value.entityType;
}

/** An EnvelopedAspect whose value and system metadata are the stored JSON text. */
export interface StoredEnvelope extends Omit<EnvelopedAspect, 'value' | 'systemMetadata'> {
  readonly value: RawJson;
  readonly systemMetadata: RawJson;
}

function storedEnvelope(row: StoredRow): StoredEnvelope {
  return {
    name: row.aspect,
    type: 'VERSIONED',
    version: row.version,
    value: new RawJson(row.metadata),
    created: { time: row.createdon, actor: row.createdby },
    systemMetadata: new RawJson(row.systemmetadata),
  };
}

function envelope(aspect: StoredAspect): EnvelopedAspect {
  return {
    name: aspect.aspect,
    type: 'VERSIONED',
    version: aspect.version,
    value: aspect.value,
    created: { time: aspect.createdOn, actor: aspect.createdBy },
    systemMetadata: aspect.systemMetadata,
  };
}
