/**
 * What the tool may change (architecture.md, section 3), recorded in the live catalog itself so that the tool
 * stays stateless: any later run, on any machine, knows what is its own.
 *
 * - A term edge is the tool's own when its GlossaryTermAssociation has `context` = OWNERSHIP_CONTEXT and
 *   `actor` = the Settings actor. DataHub's UI and GraphQL mutations write associations without a context, so
 *   edges added by stewards are never taken for the tool's.
 * - An entity is the tool's (and may be pruned) when the last write of its owned aspect or of its status
 *   aspect carries the tool's marker in systemMetadata.properties. Someone else writing the aspect later
 *   replaces the marker, and the entity is then no longer provably the tool's: the safe direction.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../model/json.js';
import type { SourceLocation } from '../errors.js';
import type { LiveEntity } from '../model/live-state.js';
import type { PlanGit } from './types.js';

export const OWNERSHIP_CONTEXT = 'managed-by:catalog';
export const MANAGED_BY = 'catalog';

export function isOwnedAssociation(association: JsonValue, actor: string): boolean {
  return (
    isJsonObject(association) &&
    association['context'] === OWNERSHIP_CONTEXT &&
    association['actor'] === actor
  );
}

export function ownedAssociation(termUrn: string, actor: string): JsonObject {
  return { urn: termUrn, actor, context: OWNERSHIP_CONTEXT };
}

/** systemMetadata the tool sends with each aspect write. */
export function markerSystemMetadata(actor: string, runId: string, now: number): JsonObject {
  return {
    lastObserved: now,
    runId,
    properties: { clientId: 'catalog', managedBy: MANAGED_BY, actor },
  };
}

/**
 * The marker of one write with where it came from: the manifest (file:line) that declares the change and the git
 * revision of the manifests (with `gitDirty` when the work tree had uncommitted changes). The file is named from
 * the root of the git repository that holds it, so a revision and a path together find it, whichever directory the
 * tool ran from; outside any repository there is no revision and the file is named from the manifest directory.
 * DataHub keeps systemMetadata.properties with every aspect version, so a real DataHub shows the same provenance.
 */
export function withProvenance(
  systemMetadata: JsonObject,
  source: SourceLocation | undefined,
  git: PlanGit,
): JsonObject {
  const properties = isJsonObject(systemMetadata['properties']) ? systemMetadata['properties'] : {};
  return {
    ...systemMetadata,
    properties: {
      ...properties,
      ...(source === undefined
        ? {}
        : { manifest: `${provenancePath(source.file, git.manifestDir)}:${source.line}` }),
      ...(git.revision === null ? {} : { gitRevision: git.revision }),
      ...(git.dirty ? { gitDirty: 'true' } : {}),
    },
  };
}

/**
 * `file` (a path under `dir.local`) named from the repository root instead: its path below the manifest directory
 * after the directory's path in the repository. A plain prefix swap, so the answer does not depend on where the
 * plan is applied.
 */
export function provenancePath(file: string, dir: PlanGit['manifestDir']): string {
  const below =
    dir.local === '.'
      ? file
      : file.startsWith(`${dir.local}/`)
        ? file.slice(dir.local.length + 1)
        : undefined;
  // A file outside the directory cannot come from a plan this tool made; it is recorded as the plan names it.
  if (below === undefined) return file;
  return dir.recorded === '.' ? below : `${dir.recorded}/${below}`;
}

/**
 * The declared-only fields (hyperParams, trainingMetrics, aliases) a write of the tool carried because the
 * manifest declared them, recorded in the marker as `declared` (comma-separated): removing such a line later
 * clears what the tool wrote, while a value the tool only carried over from someone else is left alone.
 */
const DECLARED_PROPERTY = 'declared';

export function withDeclaredFields(
  systemMetadata: JsonObject,
  declared: readonly string[] | undefined,
): JsonObject {
  if (declared === undefined || declared.length === 0) return systemMetadata;
  const properties = isJsonObject(systemMetadata['properties']) ? systemMetadata['properties'] : {};
  return {
    ...systemMetadata,
    properties: { ...properties, [DECLARED_PROPERTY]: [...declared].sort().join(',') },
  };
}

/** Whether the aspect's last write was the tool's and carried `field` because the manifest declared it. */
export function wroteDeclaredField(
  systemMetadata: JsonObject | undefined,
  actor: string,
  field: string,
): boolean {
  if (!carriesMarker(systemMetadata, actor)) return false;
  const properties = systemMetadata?.['properties'];
  const declared = isJsonObject(properties) ? properties[DECLARED_PROPERTY] : undefined;
  return typeof declared === 'string' && declared.split(',').includes(field);
}

export function carriesMarker(systemMetadata: JsonObject | undefined, actor: string): boolean {
  const properties = systemMetadata?.['properties'];
  return isJsonObject(properties) && properties['managedBy'] === MANAGED_BY && properties['actor'] === actor;
}

/** Whether the tool can show that it managed this entity (only such entities are pruned). */
export function isManagedEntity(entity: LiveEntity, ownedAspect: string, actor: string): boolean {
  return [ownedAspect, 'status'].some((aspect) =>
    carriesMarker(entity.aspects.get(aspect)?.systemMetadata, actor),
  );
}

/*
 * Owners, tags and links carry the marker each record has room for (their PDL files):
 * - Owner has no attribution in the DataHub releases this tool reads, but an optional `source`
 *   (OwnershipSource {type, url}): the tool writes type SOURCE_CONTROL (the owner comes from git) and a url naming
 *   itself and its actor. DataHub's UI writes owners without a source.
 * - TagAssociation has `attribution` (MetadataAttribution {time, actor, source, sourceDetail}): the tool writes its
 *   actor and sourceDetail.managedBy.
 * - InstitutionalMemoryMetadata has `createStamp`: a link is the tool's when its creator is the tool's actor.
 */
export function ownerSourceUrl(actor: string): string {
  return `${OWNERSHIP_CONTEXT}/${actor}`;
}

export function ownerMarker(actor: string): JsonObject {
  return { type: 'SOURCE_CONTROL', url: ownerSourceUrl(actor) };
}

export function isOwnedOwner(owner: JsonValue, actor: string): boolean {
  if (!isJsonObject(owner) || !isJsonObject(owner['source'])) return false;
  return owner['source']['type'] === 'SOURCE_CONTROL' && owner['source']['url'] === ownerSourceUrl(actor);
}

export function tagAttribution(actor: string): JsonObject {
  return { time: 0, actor, sourceDetail: { managedBy: MANAGED_BY } };
}

export function isOwnedTag(association: JsonValue, actor: string): boolean {
  if (!isJsonObject(association) || !isJsonObject(association['attribution'])) return false;
  const attribution = association['attribution'];
  return (
    attribution['actor'] === actor &&
    isJsonObject(attribution['sourceDetail']) &&
    attribution['sourceDetail']['managedBy'] === MANAGED_BY
  );
}

export function isOwnedLink(element: JsonValue, actor: string): boolean {
  return (
    isJsonObject(element) && isJsonObject(element['createStamp']) && element['createStamp']['actor'] === actor
  );
}

/**
 * Whether a line carries the marker of this tool run as another actor (another repository's catalog). Such a line
 * is never claimed: it is that catalog's, and two catalogs claiming each other's lines would fight on every run.
 * A link's only marker is its creator, which cannot tell another catalog from a person: links are not checked.
 */
/** A data-product asset the tool added: its marker (DataProductAssociation.properties) names this catalog's actor. */
export function isOwnedAsset(line: JsonValue, actor: string): boolean {
  if (!isJsonObject(line) || !isJsonObject(line['properties'])) return false;
  return line['properties']['managedBy'] === MANAGED_BY && line['properties']['actor'] === actor;
}

/** An asset another catalog (another actor) added with its marker: never claimed nor removed. */
export function isAnotherCatalogsAsset(line: JsonObject, actor: string): boolean {
  const properties = line['properties'];
  return isJsonObject(properties) && properties['managedBy'] === MANAGED_BY && properties['actor'] !== actor;
}

export function isMarkedByAnotherCatalog(line: JsonValue, actor: string): boolean {
  if (!isJsonObject(line)) return false;
  if (line['context'] === OWNERSHIP_CONTEXT) return line['actor'] !== actor;
  const source = line['source'];
  if (isJsonObject(source) && source['type'] === 'SOURCE_CONTROL' && typeof source['url'] === 'string')
    return source['url'].startsWith(`${OWNERSHIP_CONTEXT}/`) && source['url'] !== ownerSourceUrl(actor);
  const attribution = line['attribution'];
  if (isJsonObject(attribution) && isJsonObject(attribution['sourceDetail']))
    return attribution['sourceDetail']['managedBy'] === MANAGED_BY && attribution['actor'] !== actor;
  return false;
}
