/**
 * The `ownership` aspect as DataHub v1.7.0 edits it (metadata-io OwnerServiceUtils, datahub-graphql-core
 * OwnerUtils) and as GMS stores it: the OwnershipOwnerTypes mutation hook re-materializes `ownerTypes` (owners
 * grouped by ownership type URN) on every write of a non-empty owner list. Pure functions over JSON.
 */
import type { JsonObject, JsonValue } from '../../model/json.js';
import { isJsonObject } from '../../model/json.js';

export const SYSTEM_OWNERSHIP_TYPE_PREFIX = 'urn:li:ownershipType:__system__';

/**
 * The ownership types DataHub bootstraps on every instance (bootstrap_mcps/ownership-types.yaml); they exist in
 * DataHub without anyone writing them, so they count as existing here too.
 */
export const BOOTSTRAPPED_OWNERSHIP_TYPES: ReadonlySet<string> = new Set(
  ['technical_owner', 'business_owner', 'data_steward', 'none'].map(
    (id) => SYSTEM_OWNERSHIP_TYPE_PREFIX + id,
  ),
);

/** OwnerUtils.mapOwnershipTypeToEntity: TECHNICAL_OWNER → urn:li:ownershipType:__system__technical_owner. */
export function ownershipTypeUrnOf(legacyType: string): string {
  return SYSTEM_OWNERSHIP_TYPE_PREFIX + legacyType.toLowerCase();
}

export interface NewOwner {
  readonly owner: string;
  /** The deprecated `type` enum (OwnershipType). */
  readonly type: string;
  readonly typeUrn: string;
  /** OwnershipSourceType: MANUAL for the UI's owner mutations, SERVICE for updateTag. */
  readonly source: 'MANUAL' | 'SERVICE';
}

function ownersOf(ownership: JsonObject | undefined): JsonObject[] {
  const owners = ownership?.['owners'];
  return Array.isArray(owners) ? owners.filter(isJsonObject) : [];
}

/**
 * OwnerServiceUtils.isOwnerEqual: same owner, and (when a type is asked for) the same type URN, comparing the
 * legacy `type` mapped to its system type URN when the owner has no type URN.
 */
function isOwnerEqual(owner: JsonObject, ownerUrn: string, typeUrn: string | undefined): boolean {
  if (owner['owner'] !== ownerUrn) return false;
  if (typeof owner['typeUrn'] === 'string' && typeUrn !== undefined) return owner['typeUrn'] === typeUrn;
  if (typeUrn === undefined) return true;
  return typeof owner['type'] === 'string' && ownershipTypeUrnOf(owner['type']) === typeUrn;
}

/** OwnershipOwnerTypes.resolveToTypeUrn. */
function typeUrnForIndex(owner: JsonObject): string {
  if (typeof owner['typeUrn'] === 'string') return owner['typeUrn'];
  if (typeof owner['type'] === 'string') return ownershipTypeUrnOf(owner['type']);
  return ownershipTypeUrnOf('none');
}

/**
 * What GMS stores for an ownership write: the OwnershipOwnerTypes hook sets `ownerTypes` from the owners (dots in
 * keys encoded as %2E); with no owners it leaves the aspect as written.
 */
export function withOwnerTypes(ownership: JsonObject): JsonObject {
  const owners = ownersOf(ownership);
  if (owners.length === 0) return ownership;
  const byType = new Map<string, string[]>();
  for (const owner of owners) {
    const key = typeUrnForIndex(owner).replace(/\./g, '%2E');
    const urns = byType.get(key) ?? [];
    if (typeof owner['owner'] === 'string' && !urns.includes(owner['owner'])) urns.push(owner['owner']);
    byType.set(key, urns);
  }
  return { ...ownership, ownerTypes: Object.fromEntries(byType) };
}

/** OwnerUtils.buildAddOwnersProposal: each owner replaces an equal one (owner + type) and is appended. */
export function addOwners(
  current: JsonObject | undefined,
  owners: readonly NewOwner[],
  stamp: JsonObject,
): JsonObject {
  let list: JsonValue[] = ownersOf(current);
  for (const { owner, type, typeUrn, source } of owners) {
    list = list.filter((item) => !(isJsonObject(item) && isOwnerEqual(item, owner, typeUrn)));
    list.push({ owner, type, typeUrn, source: { type: source } });
  }
  return withOwnerTypes({ ...(current ?? {}), owners: list, lastModified: stamp });
}

/** OwnerUtils.buildRemoveOwnersProposal: removes the owners (of the given type, or of any type). */
export function removeOwners(
  current: JsonObject | undefined,
  ownerUrns: readonly string[],
  typeUrn: string | undefined,
  stamp: JsonObject,
): JsonObject {
  const list = ownersOf(current).filter(
    (item) => !ownerUrns.some((ownerUrn) => isOwnerEqual(item, ownerUrn, typeUrn)),
  );
  return withOwnerTypes({ ...(current ?? {}), owners: list, lastModified: stamp });
}

/**
 * OwnerUtils.addCreatorAsOwner, as the create resolvers call it (createGlossaryTerm/Node, createTag): the
 * signed-in user becomes a technical owner, added to whatever ownership the entity already has.
 */
export function creatorOwnership(
  current: JsonObject | undefined,
  actor: string,
  stamp: JsonObject,
): JsonObject {
  return addOwners(
    current,
    [
      {
        owner: actor,
        type: 'TECHNICAL_OWNER',
        typeUrn: ownershipTypeUrnOf('TECHNICAL_OWNER'),
        source: 'MANUAL',
      },
    ],
    stamp,
  );
}
