import {
  CLEARED_WHEN_UNDECLARED,
  DECLARABLE_ASPECT_FIELDS,
  type DesiredAspect,
  type DesiredEntity,
} from '../model/desired-state.js';
import { DECLARED_ONLY_FIELDS, OWNED_FIELDS } from '../kinds/entity-tables.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue, overlaid } from '../model/json.js';
import { sortIdOf } from '../model/model-lifecycle.js';
import { versionSeen, type LiveEntity } from '../model/live-state.js';
import { decodeUrnPart, glossaryTermDisplayName, parseRawUrn } from '../model/urn.js';
import { entityHasAspect } from '../model/registry.js';
import { sameField } from './normalize.js';
import { diffAssociations } from './diff-associations.js';
import { assetsChange, assetUrnsOf, diffProductAssets, type AssetDiff } from './diff-product-assets.js';
import { carriesMarker, wroteDeclaredField } from './ownership.js';
import { aspectChangeBase, type Change, type FieldChange, type PlanNote } from './types.js';

export interface EntityDiff {
  readonly changes: readonly Change[];
  readonly notes: readonly PlanNote[];
}

/** Every change one declared entity needs: its owned aspect, its declarable aspects, its owners, tags, links. */
export function diffDeclaredEntity(
  desired: DesiredEntity,
  live: LiveEntity | undefined,
  actor: string,
  /** Aliases another model of one of this model's groups declares: they leave this model (an alias move). */
  claimedAliases: ReadonlySet<string> = new Set(),
): EntityDiff {
  const associations = diffAssociations(desired, live, actor);
  const changes = [
    ...diffEntity(
      desired,
      live,
      associations.changes.some((change) => change.aspect === 'ownership'),
      actor,
    ),
    ...(desired.aspects ?? []).flatMap((aspect) =>
      aspect.aspectName === 'versionProperties'
        ? diffVersionProperties(desired, aspect, live, actor, claimedAliases)
        : diffDeclarableAspect(desired, aspect, live, actor),
    ),
    ...associations.changes,
  ];
  if (desired.assets === undefined) return { changes, notes: associations.notes };
  const assets = diffProductAssets(desired, live, actor);
  return {
    changes: withAssets(changes, desired, live, assets),
    notes: [...associations.notes, ...assets.notes],
  };
}

/**
 * A data product's assets go with the write of its owned aspect when there is one (shown as an `assets` field);
 * else they are a change of their own, shown line by line.
 */
function withAssets(
  changes: readonly Change[],
  desired: DesiredEntity,
  live: LiveEntity | undefined,
  assets: AssetDiff,
): Change[] {
  if (assets.assets === undefined) return [...changes];
  const index = changes.findIndex(
    (change) => change.kind === 'upsertAspect' && change.aspect === desired.aspectName,
  );
  const owned = changes[index];
  if (owned?.kind !== 'upsertAspect') {
    const change = assetsChange(desired, live, assets);
    return change === undefined ? [...changes] : [...changes, change];
  }
  const before = assetUrnsOf(owned.before);
  const merged: Change = {
    ...owned,
    after: overlaid(owned.after, { assets: assets.assets }),
    fields: [
      ...owned.fields,
      fieldChange(
        'assets',
        owned.before === null ? undefined : before,
        assetUrnsOf({ assets: assets.assets }),
      ),
    ],
  };
  return changes.map((change, at) => (at === index ? merged : change));
}

/**
 * The changes that make one declared entity match its manifest. The owned aspect is written as the live value
 * with the owned fields overlaid: fields the format cannot express survive byte for byte, and an owned field
 * that is equal after normalization keeps its live form. No difference, no change.
 */
export function diffEntity(
  desired: DesiredEntity,
  live: LiveEntity | undefined,
  writesOwnership = false,
  actor?: string,
): Change[] {
  const changes: Change[] = [];
  const status = live?.aspects.get('status');
  if (status?.value['removed'] === true) {
    changes.push({
      kind: 'status',
      action: 'restore',
      id: `status ${desired.urn}`,
      urn: desired.urn,
      entityType: desired.entityType,
      aspect: 'status',
      versionSeen: versionSeen(live, 'status'),
      source: desired.source,
      before: status.value,
      after: overlaid(status.value, { removed: false }),
    });
  }

  const liveAspect = live?.aspects.get(desired.aspectName);
  const current = liveAspect?.value;
  const { after, fields } = overlayOwnedFields(
    versionHeldElsewhere(desired, live) ? withoutField(desired, 'version') : desired,
    current,
    liveAspect?.systemMetadata,
    actor,
  );
  const declared = DECLARED_ONLY_FIELDS.filter(
    (field) => CLEARED_WHEN_UNDECLARED.has(field) && desired.fields[field] !== undefined,
  );
  // An update needs a changed field; a declared entity whose aspect does not exist is created even when the
  // manifest sets none of its fields (a model group with no description still has to exist).
  if (fields.length === 0 && current !== undefined) return changes;

  // A change literal starts with its own fields and spreads `common` after them: an object that starts with a
  // spread and gets more properties afterwards has a hidden class (map) of its own in V8, several hundred bytes
  // kept per change and over a kilobyte of garbage made per change (most of planning's memory at 250,000 entities).
  const common = aspectChangeBase(desired.urn, desired.entityType, desired.aspectName, live, desired.source);
  const isNewEntity = live?.exists !== true;
  if (
    desired.entityType === 'glossaryTerm' &&
    isNewEntity &&
    desired.fields['termSource'] === 'INTERNAL' &&
    Object.keys(desired.fields).every((field) => CREATE_TERM_FIELDS.has(field)) &&
    !writesOwnership
  ) {
    // createGlossaryTerm writes exactly {name, definition, termSource: INTERNAL, parentNode}: DataHub's own way to create
    // a term. It also records the caller as the term's technical owner, so a term that declares owners (whose
    // ownership write would then meet an aspect it did not see) or more fields is written as an aspect.
    const raw = parseRawUrn(desired.urn);
    changes.push({
      kind: 'createGlossaryTerm',
      action: 'create',
      ...common,
      termId: raw.ok ? (raw.value.parts[0] as string) : desired.urn,
      name: stringOr(desired.fields['name']),
      description: stringOr(desired.fields['definition']),
      ...(typeof desired.fields['parentNode'] === 'string'
        ? { parentNode: desired.fields['parentNode'] }
        : {}),
      after,
      fields,
    });
    return changes;
  }
  changes.push({
    kind: 'upsertAspect',
    action: current === undefined ? 'create' : 'update',
    ...common,
    before: current ?? null,
    after,
    fields,
    // DataHub's domain entity has no status aspect: a new domain is not marked (GMS would refuse the write).
    markStatus: isNewEntity && entityHasAspect(desired.entityType, 'status'),
    ...(declared.length === 0 ? {} : { declared }),
  });
  return changes;
}

/** What an undeclared aspect the tool wrote last is written as: its required fields, emptied. */
const CLEARED: Readonly<Record<string, JsonObject>> = {
  deprecation: { deprecated: false, note: '' },
  mlModelTrainingData: { trainingData: [] },
  mlModelEvaluationData: { evaluationData: [] },
};

/** The cleared form of an aspect; dataPlatformInstance keeps `platform`, which its PDL requires, and drops the instance. */
function clearedValue(aspectName: string, current: JsonObject | undefined): JsonObject {
  if (aspectName === 'dataPlatformInstance')
    return current?.['platform'] === undefined ? {} : { platform: current['platform'] };
  return CLEARED[aspectName] ?? {};
}

/**
 * versionProperties (manifests.md, "The ML lifecycle"): only version and aliases are compared, and only those the
 * manifest declares; a connector's versionSet, sortId and metadataAttribution are kept as they are live, and a
 * version set is created (as DataHub's SDK does) only where none exists. sortId follows the version only where it is
 * the SDK's zero-padded form of the old one. An alias another model of the group declares leaves this model
 * (`claimedAliases`); aliases no longer declared are cleared when the tool wrote them.
 */
function diffVersionProperties(
  desired: DesiredEntity,
  aspect: DesiredAspect,
  live: LiveEntity | undefined,
  actor: string,
  claimedAliases: ReadonlySet<string>,
): Change[] {
  const liveAspect = live?.aspects.get('versionProperties');
  const current = liveAspect?.value;
  const declared = new Set(aspect.declaredFields ?? []);
  const liveAliases = aliasesOf(current);
  const clearAliases =
    !declared.has('aliases') && wroteDeclaredField(liveAspect?.systemMetadata, actor, 'aliases');
  const wantAliases = declared.has('aliases')
    ? aliasesOf(aspect.value)
    : clearAliases
      ? []
      : liveAliases.filter((alias) => !claimedAliases.has(alias));
  if (current === undefined) {
    // Nothing live: created from the declaration (a versionProperties needs a version, so none without one).
    if (aspect.value === null) return [];
    // A model an older ingestion gave its version in mlModelProperties only, the same version: nothing to add
    // until an alias needs versionProperties (an export of it re-plans to no change).
    const properties = live?.aspects.get('mlModelProperties')?.value;
    if (
      wantAliases.length === 0 &&
      properties !== undefined &&
      versionTagOf(properties) === versionTagOf(aspect.value)
    )
      return [];
    return [
      // The declared value itself (a plan's values are never changed): no copy of it per model.
      versionChange(desired, aspect, live, null, aspect.value, declared, [
        { path: 'version', after: versionTagOf(aspect.value) ?? '' },
        ...(wantAliases.length === 0 ? [] : [{ path: 'aliases', after: wantAliases }]),
      ]),
    ];
  }
  // What changes, laid over the live value at the end: connectors' fields (versionSet, sortId, …) stay as they are.
  const overlay: Record<string, JsonValue> = {};
  const fields: FieldChange[] = [];
  const liveVersion = versionTagOf(current);
  const wantVersion = declared.has('version') ? versionTagOf(aspect.value) : undefined;
  if (wantVersion !== undefined && wantVersion !== liveVersion) {
    fields.push(fieldChange('version', liveVersion, wantVersion));
    overlay['version'] = overlaid(isJsonObject(current['version']) ? current['version'] : undefined, {
      versionTag: wantVersion,
    });
    if (liveVersion === undefined || current['sortId'] === sortIdOf(liveVersion))
      overlay['sortId'] = sortIdOf(wantVersion);
  }
  if (!sameField('versionProperties', 'aliases', wantAliases.map(tagOf), current['aliases'])) {
    fields.push({ path: 'aliases', before: liveAliases, after: wantAliases });
    // An alias kept keeps its record (a connector's metadataAttribution); a new one is a bare VersionTag.
    const records = Array.isArray(current['aliases']) ? current['aliases'].filter(isJsonObject) : [];
    overlay['aliases'] = wantAliases.map(
      (alias) => records.find((record) => record['versionTag'] === alias) ?? tagOf(alias),
    );
  }
  if (fields.length === 0) return [];
  return [versionChange(desired, aspect, live, current, overlaid(current, overlay), declared, fields)];
}

function versionChange(
  desired: DesiredEntity,
  aspect: DesiredAspect,
  live: LiveEntity | undefined,
  before: JsonObject | null,
  after: JsonObject,
  declared: ReadonlySet<string>,
  fields: FieldChange[],
): Change {
  return {
    kind: 'upsertAspect',
    action: before === null ? 'create' : 'update',
    ...aspectChangeBase(desired.urn, desired.entityType, 'versionProperties', live, aspect.source),
    before,
    after,
    fields,
    markStatus: false,
    ...(declared.has('aliases') ? { declared: ['aliases'] } : {}),
  };
}

function tagOf(alias: string): JsonObject {
  return { versionTag: alias };
}

function versionTagOf(value: JsonObject | null | undefined): string | undefined {
  const version = value?.['version'];
  return isJsonObject(version) && typeof version['versionTag'] === 'string'
    ? version['versionTag']
    : undefined;
}

/** The alias names of a versionProperties value, in its order. */
export function aliasesOf(value: JsonObject | null | undefined): string[] {
  const aliases = value?.['aliases'];
  if (!Array.isArray(aliases)) return [];
  return aliases.flatMap((item: JsonValue) =>
    isJsonObject(item) && typeof item['versionTag'] === 'string' ? [item['versionTag']] : [],
  );
}

const CREATE_TERM_FIELDS: ReadonlySet<string> = new Set(['name', 'definition', 'termSource', 'parentNode']);

/**
 * The fields of an aspect the tool owns for this entity: the format's, the declared-only ones the manifest
 * declares, and those it no longer declares but the tool wrote last because it did (removing the line clears them).
 */
function ownedFields(
  desired: DesiredEntity,
  systemMetadata: JsonObject | undefined,
  actor: string | undefined,
): readonly string[] {
  return [
    ...OWNED_FIELDS[desired.aspectName],
    ...DECLARED_ONLY_FIELDS.filter(
      (field) =>
        desired.fields[field] !== undefined ||
        (actor !== undefined &&
          CLEARED_WHEN_UNDECLARED.has(field) &&
          wroteDeclaredField(systemMetadata, actor, field)),
    ),
  ];
}

/**
 * A whole aspect a kind can declare (a term's relatedTerms or domain). Declared: the manifest is the truth for
 * it. Not declared: left as it is, unless the tool wrote it last; then its fields are cleared, as removing the
 * line from the manifest asks.
 */
function diffDeclarableAspect(
  desired: DesiredEntity,
  aspect: DesiredAspect,
  live: LiveEntity | undefined,
  actor: string,
): Change[] {
  const liveAspect = live?.aspects.get(aspect.aspectName);
  const current = liveAspect?.value;
  const fields = DECLARABLE_ASPECT_FIELDS[aspect.aspectName] ?? [];
  if (aspect.value === null && (current === undefined || !carriesMarker(liveAspect?.systemMetadata, actor)))
    return [];
  const want = aspect.value ?? clearedValue(aspect.aspectName, current);
  // The fields laid over the live value (undefined: left out), in the order they are added.
  const overlay: Record<string, JsonValue | undefined> = {};
  const changed: FieldChange[] = [];
  for (const field of fields) {
    if (sameField(aspect.aspectName, field, want[field], current?.[field])) continue;
    changed.push(fieldChange(field, current?.[field], want[field]));
    overlay[field] = want[field];
  }
  if (changed.length === 0) return [];
  const declaredAfter = overlaid(current, overlay);
  // Then what the aspect requires, after the declared fields (a field left out above comes back last).
  const required: Record<string, JsonValue> = {};
  // domains, trainingData and evaluationData require their list: an emptied one is written as [].
  for (const field of ['domains', 'trainingData', 'evaluationData'])
    if (fields.includes(field) && declaredAfter[field] === undefined) required[field] = [];
  // Deprecation requires its actor: whoever deprecates or un-deprecates is the tool.
  if (aspect.aspectName === 'deprecation') {
    required['actor'] = actor;
    if (typeof declaredAfter['note'] !== 'string') required['note'] = '';
  }
  const after = Object.keys(required).length === 0 ? declaredAfter : overlaid(declaredAfter, required);
  return [
    {
      kind: 'upsertAspect',
      action: current === undefined ? 'create' : 'update',
      ...aspectChangeBase(desired.urn, desired.entityType, aspect.aspectName, live, aspect.source),
      before: current ?? null,
      after,
      fields: changed,
      markStatus: false,
    },
  ];
}

/**
 * What DataHub shows for an owned field the live aspect lacks, where that is not nothing: a term without a
 * name is shown under the last segment of its id, so a manifest naming it so (as `export` writes it) asks for
 * no change.
 */
function displayedDefault(desired: DesiredEntity, field: string): JsonValue | undefined {
  const named = desired.aspectName === 'glossaryTermInfo' || desired.aspectName === 'glossaryNodeInfo';
  if (!named || field !== 'name') return undefined;
  const raw = parseRawUrn(desired.urn);
  return raw.ok ? glossaryTermDisplayName(decodeUrnPart(raw.value.parts[0] ?? '')) : undefined;
}

/**
 * A model whose version lives only in versionProperties, as DataHub's MLflow source and SDK write it: the declared
 * version is already there, and mlModelProperties.version (written for releases without versionProperties) is not
 * added to it. A plan would otherwise "change" what a connector wrote without changing what DataHub shows.
 */
function versionHeldElsewhere(desired: DesiredEntity, live: LiveEntity | undefined): boolean {
  if (desired.entityType !== 'mlModel') return false;
  const properties = live?.aspects.get('mlModelProperties')?.value;
  const version = live?.aspects.get('versionProperties')?.value['version'];
  const declared = desired.fields['version'];
  return (
    properties !== undefined &&
    properties['version'] === undefined &&
    isJsonObject(version) &&
    isJsonObject(declared) &&
    version['versionTag'] === declared['versionTag']
  );
}

function withoutField(desired: DesiredEntity, field: string): DesiredEntity {
  const { [field]: _dropped, ...fields } = desired.fields;
  return { ...desired, fields };
}

function overlayOwnedFields(
  desired: DesiredEntity,
  current: JsonObject | undefined,
  systemMetadata?: JsonObject,
  actor?: string,
): { after: JsonObject; fields: FieldChange[] } {
  // The owned fields that differ, laid over the live value once they are known (undefined: left out).
  const overlay: Record<string, JsonValue | undefined> = {};
  const fields: FieldChange[] = [];
  for (const field of ownedFields(desired, systemMetadata, actor)) {
    const want = desired.fields[field];
    const have = current?.[field];
    const shown = have ?? (current === undefined ? undefined : displayedDefault(desired, field));
    if (sameField(desired.aspectName, field, want, shown ?? undefined)) continue;
    fields.push(fieldChange(field, have, want));
    overlay[field] = want;
  }
  // A new aspect is the manifest's fields, defaults included (glossaryTermInfo requires its defaulted ones): the
  // declared fields themselves, not a copy per entity (a plan's values are never changed). An unchanged one is the
  // live value (the caller makes no change of it).
  // The changed fields are kept as a copy of the exact length (an array built by push keeps room to grow).
  if (current === undefined) return { after: desired.fields, fields: fields.slice() };
  if (fields.length === 0) return { after: current, fields };
  return { after: overlaid(current, overlay), fields: fields.slice() };
}

/**
 * One changed field; `before`/`after` undefined: the field is absent. A literal of its own for each case (not
 * conditional spreads): this is made for every changed field of a plan.
 */
function fieldChange(path: string, before: JsonValue | undefined, after: JsonValue | undefined): FieldChange {
  if (before === undefined) return after === undefined ? { path } : { path, after };
  return after === undefined ? { path, before } : { path, before, after };
}
