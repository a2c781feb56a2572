/**
 * Deleting an entity as GMS v1.7.0 does (EntityServiceImpl.deleteUrn, EntityResource.deleteEntity), and with it,
 * when asked, the references other entities' aspects hold to it (DeleteEntityService.deleteReferencesTo); a
 * structured property's values go from the entities that carry them (property-assignment-cleanup.ts).
 */
import { randomUUID } from 'node:crypto';
import { jsonEqual, type JsonObject } from '../../model/json.js';
import type { Proposal } from '../../model/proposal.js';
import { aspectNamesOf, isTimeseriesAspect } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';
import type { AspectStore } from '../store/aspect-store.js';
import { entityKeyOf, entityTypeOfKnown } from './accept-proposals.js';
import { SYSTEM_ACTOR } from './enveloped-aspects.js';
import { assignmentRemovals, writeAssignmentRemovals } from './property-assignment-cleanup.js';
import { aspectsReferringTo, ReferenceRemovalError, withReferenceRemoved } from './remove-reference.js';
import { ServiceError } from './service-error.js';

export interface DeleteOptions {
  /**
   * Then remove references to the entity from other entities' aspects, as DataHub's DeleteEntityService
   * .deleteReferencesTo does (the GraphQL delete mutations ask for it; Rest.li's delete action does not).
   */
  readonly references: boolean;
  /**
   * Whether the entity's timeseries events go too (default true): Rest.li's delete action removes them
   * (EntityResource.deleteEntity), the OpenAPI delete only deletes the URN (EntityService.deleteUrn) and leaves them.
   */
  readonly timeseries?: boolean;
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

/** Writes proposals as CatalogService.ingest does (checked, in one transaction or savepoint). */
type Ingest = (proposals: readonly Proposal[], actor: string) => void;

/**
 * Hard delete, as GMS v1.7.0 does it (EntityServiceImpl.deleteUrn): when the entity's key aspect is stored,
 * every version of every aspect of the URN goes, so the entity reads as missing and its URN may be created
 * again; otherwise nothing is deleted (0 rows). Its timeseries events go too (EntityResource.deleteEntity).
 * With `references`, DeleteEntityService.deleteReferencesTo follows; GMS runs that asynchronously after
 * committing the delete, here it runs in the same transaction, so no reader sees a dangling reference.
 */
export function hardDelete(
  store: AspectStore,
  ingest: Ingest,
  urn: string,
  options: DeleteOptions,
): DeletedEntity {
  const key = entityKeyOf(urn);
  const entityType = entityTypeOfKnown(urn);
  const timeseriesAspects =
    options.timeseries === false
      ? []
      : options.timeseriesAspect === undefined
        ? aspectNamesOf(entityType).filter(isTimeseriesAspect)
        : [options.timeseriesAspect];
  const window = {
    ...(options.startTimeMillis === undefined ? {} : { startTimeMillis: options.startTimeMillis }),
    ...(options.endTimeMillis === undefined ? {} : { endTimeMillis: options.endTimeMillis }),
  };
  return store.transaction(() => {
    // Read before deleting: the delete drops the incoming relationship rows these come from.
    const references = options.references ? store.referencesTo(urn) : [];
    const stored = options.timeseriesAspect === undefined && store.get(urn, key.aspectName) !== undefined;
    // A structured property's values go with it, whichever API deletes it (PropertyDefinitionDeleteSideEffect).
    const removals = stored && entityType === 'structuredProperty' ? assignmentRemovals(store, urn) : [];
    let rows: number | undefined;
    if (options.timeseriesAspect === undefined) rows = stored ? store.deleteUrn(urn) : 0;
    const timeseriesRows = store.deleteTimeseries(urn, timeseriesAspects, window);
    // Every rewrite of one delete carries the same cascade id, as CascadeOperationContext marks them.
    const cascadeOperationId = randomUUID();
    writeAssignmentRemovals(removals, cascadeOperationId, (proposals) => ingest(proposals, SYSTEM_ACTOR));
    for (const reference of references) {
      if (reference.source === urn) continue;
      removeReference(store, ingest, {
        deleted: urn,
        deletedType: entityType,
        source: reference.source,
        relationship: reference.name,
        cascadeOperationId,
      });
    }
    return rows === undefined ? { timeseriesRows } : { rows, timeseriesRows };
  });
}

/** A reference to a deleted entity, and the cascade it is removed in. */
interface DeletedReference {
  readonly deleted: string;
  readonly deletedType: string;
  /** The entity whose aspects hold the reference, through `relationship`. */
  readonly source: string;
  readonly relationship: string;
  readonly cascadeOperationId: string;
}

/**
 * DeleteEntityService.deleteReference: in each aspect of `source` that can hold `relationship` to entities of
 * the deleted one's type, the deleted URN is removed along that relationship's paths; a changed aspect is
 * written as a new version by the system actor (through `ingest`, so history and indexes follow), an aspect
 * left with nothing to hold is deleted. An aspect that cannot be rewritten is left as it is (GMS logs it).
 */
function removeReference(store: AspectStore, ingest: Ingest, reference: DeletedReference): void {
  const { deleted, deletedType, source, relationship, cascadeOperationId } = reference;
  const raw = parseRawUrn(source);
  if (!raw.ok) return;
  const sourceType = raw.value.entityType;
  for (const aspectName of aspectsReferringTo(sourceType, relationship, deletedType)) {
    const current = store.get(source, aspectName);
    if (current === undefined) continue;
    let next: JsonObject | null;
    try {
      next = withReferenceRemoved(aspectName, current.value, relationship, deleted);
    } catch (error) {
      if (error instanceof ReferenceRemovalError) continue;
      throw error;
    }
    if (next === null) {
      store.deleteAspect(source, aspectName);
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
      ingest([proposal], SYSTEM_ACTOR);
    } catch (error) {
      // A stored value that the aspect's schema refuses (written before validation, say): GMS's ingest fails
      // and the cleanup logs it; here the write's savepoint is undone and the delete goes on.
      if (!(error instanceof ServiceError)) throw error;
    }
  }
}
