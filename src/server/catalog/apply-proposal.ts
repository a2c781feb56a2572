/** Writing one accepted proposal as GMS does: conditional writes, timeseries events, and the entity's key aspect. */
import { isTimeseriesAspect, keyAspectOf } from '../../model/registry.js';
import { parseRawUrn } from '../../model/urn.js';
import { versionOf, type AspectStore } from '../store/aspect-store.js';
import type { AcceptedProposal } from './accept-proposals.js';
import { ServiceError } from './service-error.js';

/** The version If-Version-Match expects of an aspect that does not exist yet (or of a create). */
const UNVERSIONED = '-1';

/** An entity exists when its key aspect is stored; soft-deleted entities count unless asked otherwise. */
export function entityExists(store: AspectStore, urn: string, includeSoftDeleted = true): boolean {
  const entityType = parseRawUrn(urn);
  if (!entityType.ok) return false;
  const keyAspect = keyAspectOf(entityType.value.entityType);
  if (keyAspect === undefined || store.get(urn, keyAspect) === undefined) return false;
  return includeSoftDeleted || store.get(urn, 'status')?.value['removed'] !== true;
}

/**
 * Writes one proposal in the open transaction, after its conditions (If-Version-Match, CREATE, CREATE_ENTITY).
 * `keyed`: the URNs whose key aspect is known to be stored by now (checked once per entity, not per proposal).
 */
export function applyProposal(
  store: AspectStore,
  item: AcceptedProposal,
  actor: string,
  now: number,
  keyed: Set<string>,
): void {
  const { proposal, key, text } = item;
  const { entityUrn, aspectName, changeType } = proposal;
  if (isTimeseriesAspect(aspectName)) {
    const timestampMillis = proposal.aspect['timestampMillis'];
    // Every timeseries aspect's schema requires it: a value without it was refused as it was accepted.
    if (typeof timestampMillis !== 'number') throw new Error(`${aspectName} without timestampMillis`);
    // Events are not versioned and do not create the entity (GMS routes them to its timeseries index).
    const event = {
      urn: entityUrn,
      aspect: aspectName,
      timestampMillis,
      value: proposal.aspect,
      systemMetadata: proposal.systemMetadata ?? {},
    };
    store.timeseries.write(event, actor, now, text);
    return;
  }
  const current = store.get(entityUrn, aspectName);
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
  if (changeType === 'CREATE_ENTITY' && entityExists(store, entityUrn)) {
    if (header('If-None-Match') === '*') return;
    throw new ServiceError(422, 'Cannot perform CREATE_ENTITY since the entity already exists.');
  }

  const systemMetadata = proposal.systemMetadata ?? {};
  store.write(entityUrn, aspectName, proposal.aspect, systemMetadata, actor, now, current ?? null, text);
  // Writing any aspect of a new entity creates the entity: its key aspect comes with it.
  if (aspectName === key.aspectName || keyed.has(entityUrn)) return;
  if (store.get(entityUrn, key.aspectName) === undefined) {
    store.write(entityUrn, key.aspectName, key.value, systemMetadata, actor, now, null);
  }
  keyed.add(entityUrn);
}
