import { ASSOCIATION_ASPECTS, type DesiredPropertyValue, type DesiredState } from '../model/desired-state.js';
import {
  ACCEPTED_ASSOCIATIONS,
  DECLARABLE_ASPECTS,
  MANAGED_ENTITY_TYPES,
  OWNED_ASPECTS,
} from '../kinds/entity-tables.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../model/json.js';
import type { LiveAspect, LiveEntity, LiveState } from '../model/live-state.js';
import { entityHasAspect, keyAspectOf } from '../model/registry.js';
import { parseRawUrn } from '../model/urn.js';
import { editableAspectsOf } from '../plan/shadowing.js';
import { DATASET_ASPECTS } from '../kinds/dataset-terms.js';
import { columnFieldUrn, valuedColumns } from '../plan/diff-dataset-properties.js';
import { formsByEntity } from '../plan/diff-form-assignments.js';
import type { RestliClient } from './restli-client.js';

/** What to read: entity type → URNs and the aspects wanted of them. */
export type ReadRequest = Map<string, { urns: Set<string>; aspects: Set<string> }>;

export function addToRead(request: ReadRequest, urn: string, aspects: readonly string[]): void {
  const raw = parseRawUrn(urn);
  if (!raw.ok) return;
  const entityType = raw.value.entityType;
  const entry = entryFor(request, entityType);
  entry.urns.add(urn);
  addAspects(entry, entityType, aspects);
}

function entryFor(request: ReadRequest, entityType: string): { urns: Set<string>; aspects: Set<string> } {
  let entry = request.get(entityType);
  if (entry === undefined) {
    entry = { urns: new Set<string>(), aspects: new Set<string>() };
    request.set(entityType, entry);
  }
  return entry;
}

/** The aspects asked of an entity type: its key aspect (how an entity is known to exist), then these. */
function addAspects(entry: { aspects: Set<string> }, entityType: string, aspects: readonly string[]): void {
  const key = keyAspectOf(entityType);
  if (key !== undefined) entry.aspects.add(key);
  for (const aspect of aspects) entry.aspects.add(aspect);
}

/**
 * The owner, tag and link aspects an entity type has in DataHub's registry (a tag has no globalTags): asking GMS
 * for an aspect its entity does not have is an error there.
 */
export function associationAspectsOf(entityType: string): string[] {
  return ASSOCIATION_ASPECTS.filter((aspect) => entityHasAspect(entityType, aspect));
}

/** What the plan needs to know of the catalog for these manifests. */
export function readRequestFor(desired: DesiredState): ReadRequest {
  const request: ReadRequest = new Map();
  // The aspects read of a declared entity depend on its type and owned aspect only: worked out once for each pair,
  // and the entity's type taken as declared (parsing every URN again took 80 ms at 50,000 entities).
  const asked = new Set<string>();
  for (const entity of desired.entities) {
    const entry = entryFor(request, entity.entityType);
    entry.urns.add(entity.urn);
    const kind = `${entity.entityType}\u0000${entity.aspectName}`;
    if (asked.has(kind)) continue;
    asked.add(kind);
    addAspects(entry, entity.entityType, [
      entity.aspectName,
      'status',
      ...associationAspectsOf(entity.entityType),
      // A data product's `terms:` (the kinds that accept terms read their glossaryTerms).
      ...(ACCEPTED_ASSOCIATIONS[entity.entityType].includes('terms') ? ['glossaryTerms'] : []),
      // The forms assigned to it (a Form's assignedTo): the tool's own are removed when no longer assigned.
      ...(entityHasAspect(entity.entityType, 'forms') ? ['forms'] : []),
      ...(DECLARABLE_ASPECTS[entity.entityType] ?? []),
      // The aspects DataHub's UI writes descriptions to, which DataHub shows over the manifest's (shadowing.ts).
      ...editableAspectsOf(entity.entityType).filter((aspect) => entityHasAspect(entity.entityType, aspect)),
    ]);
  }
  // A rename's old entity: its owned aspect is carried to the new one, its status and deprecation say whether it
  // is retired yet, and the owners, tags and links others added to it are reported (plan-renames.ts).
  for (const move of desired.moves ?? [])
    addToRead(request, move.from, [
      OWNED_ASPECTS[move.entityType],
      ...['status', 'deprecation'].filter((aspect) => entityHasAspect(move.entityType, aspect)),
      ...associationAspectsOf(move.entityType),
    ]);
  for (const reference of desired.externalEntities ?? []) addToRead(request, reference.urn, []);
  for (const dataset of desired.datasets) addToRead(request, dataset.datasetUrn, DATASET_ASPECTS);
  for (const term of desired.externalTerms) addToRead(request, term.urn, ['glossaryTermInfo']);
  addPropertyReads(request, desired);
  for (const urn of formsByEntity(desired).keys()) addToRead(request, urn, ['forms']);
  return request;
}

/**
 * What property values are checked against when planning: the definitions the manifests do not declare (and
 * whether they are soft-deleted), and the data platform of each entity given values (a property may be for some
 * platforms only, and GMS reads an entity's platform from its dataPlatformInstance).
 */
function addPropertyReads(request: ReadRequest, desired: DesiredState): void {
  const declared = new Set(desired.entities.map((entity) => entity.urn));
  const valued: { urn: string; entityType: string; values: readonly DesiredPropertyValue[] }[] = [
    ...desired.entities.map((entity) => ({
      urn: entity.urn,
      entityType: entity.entityType,
      values: entity.associations?.properties ?? [],
    })),
    ...desired.datasets.map((dataset) => ({
      urn: dataset.datasetUrn,
      entityType: 'dataset',
      values: [
        ...(dataset.properties ?? []),
        ...dataset.columns.flatMap((column) => column.properties ?? []),
      ],
    })),
  ];
  for (const { urn, entityType, values } of valued) {
    if (values.length === 0) continue;
    if (entityHasAspect(entityType, 'dataPlatformInstance'))
      addToRead(request, urn, ['dataPlatformInstance']);
    for (const value of values)
      if (!declared.has(value.propertyUrn))
        addToRead(request, value.propertyUrn, ['propertyDefinition', 'status']);
  }
}

/**
 * The schemaField entities of the columns given property values: named from the live schema of their dataset
 * (plan/diff-dataset-properties.ts), so read once the datasets are.
 */
async function readColumnEntities(
  restli: RestliClient,
  desired: DesiredState,
  entities: ReadonlyMap<string, LiveEntity>,
): Promise<Map<string, LiveEntity>> {
  const request: ReadRequest = new Map();
  for (const dataset of desired.datasets)
    for (const column of valuedColumns(dataset))
      addToRead(request, columnFieldUrn(dataset.datasetUrn, column, entities.get(dataset.datasetUrn)), [
        'structuredProperties',
      ]);
  return request.size === 0 ? new Map() : readEntities(restli, request, 'plan');
}

/**
 * Reads everything the plan needs in batches: one batch_get per entity type (and per 1000 URNs), never one
 * request per entity. With `prune`, also lists the URNs of the managed types (and datasets) to find what the
 * manifests no longer declare.
 */
export async function readLiveState(
  restli: RestliClient,
  desired: DesiredState,
  options: {
    readonly prune: boolean;
    /** Told how many entities are read of how many, as the answers come (the declared ones; prune's come after). */
    readonly onRead?: (done: number, total: number) => void;
  },
): Promise<LiveState> {
  const read = await readEntities(restli, readRequestFor(desired), 'plan', options.onRead);
  const columns = await readColumnEntities(restli, desired, read);
  const entities = columns.size === 0 ? read : new Map([...read, ...columns]);
  if (!options.prune) return { entities };

  const undeclaredRequest: ReadRequest = new Map();
  const types = [...MANAGED_ENTITY_TYPES, 'dataset'] as const;
  const listed = await Promise.all(types.map((entityType) => restli.listUrns(entityType)));
  types.forEach((entityType, index) => {
    const aspects =
      entityType === 'dataset'
        ? ['glossaryTerms', 'editableSchemaMetadata', 'structuredProperties']
        : [OWNED_ASPECTS[entityType], 'status'];
    for (const urn of listed[index] ?? []) {
      if (!entities.has(urn)) addToRead(undeclaredRequest, urn, aspects);
    }
  });
  return { entities, undeclared: await readEntities(restli, undeclaredRequest, 'plan') };
}

/**
 * One batch read per entity type, all asked for at once (the client splits them into chunks of at most 1,000
 * URNs and keeps `parallelism` requests on the wire). The result is in a fixed order: entity type, then URN.
 */
export async function readEntities(
  restli: RestliClient,
  request: ReadRequest,
  /** `plan`: each aspect as a plan reads it (see planView); `whole`: as the catalog sent it. */
  view: 'plan' | 'whole' = 'whole',
  /** Told how many entities are read of how many, as each batch is answered. */
  onRead?: (done: number, total: number) => void,
): Promise<Map<string, LiveEntity>> {
  const types = [...request.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([entityType, { urns, aspects }]) => ({
      entityType,
      urns: [...urns].sort(),
      aspects: [...aspects].sort(),
    }));
  const markers = new Map<string, JsonObject>();
  const keep =
    view === 'plan'
      ? (name: string, aspect: LiveAspect): LiveAspect => planView(name, aspect, markers)
      : undefined;
  const total = types.reduce((sum, { urns }) => sum + urns.length, 0);
  let done = 0;
  const onChunk =
    onRead === undefined
      ? undefined
      : (count: number): void => {
          done += count;
          onRead(done, total);
        };
  const answers = await Promise.all(
    types.map(({ urns, aspects }) => restli.batchGet(urns, aspects, keep, onChunk)),
  );
  const result = new Map<string, LiveEntity>();
  types.forEach(({ entityType, urns }, index) => {
    const keyAspect = keyAspectOf(entityType) ?? '';
    const read = answers[index] ?? new Map<string, Map<string, LiveAspect>>();
    for (const urn of urns) result.set(urn, toLiveEntity(urn, keyAspect, read.get(urn) ?? new Map()));
  });
  return result;
}

/** The aspects whose audit stamps a plan reads: the editable ones (shadowing.ts, who edited a field and when). */
const STAMPED_ASPECTS: ReadonlySet<string> = new Set(MANAGED_ENTITY_TYPES.flatMap(editableAspectsOf));

/** What the tool's markers are read from in systemMetadata.properties (ownership.ts). */
const MARKER_PROPERTIES = ['managedBy', 'actor', 'declared'] as const;

/**
 * An aspect as the plan reads it: its value and version, and of its systemMetadata only the marker properties
 * (ownership.ts), except for the editable aspects, whose stamps say who edited them (shadowing.ts). The rest (run
 * id, provenance, timestamps, the audit stamp) is read by nothing after the read and was about half of the live
 * state of a catalog in step; the markers, the same on most aspects, are one shared object each.
 */
export function planView(name: string, aspect: LiveAspect, markers: Map<string, JsonObject>): LiveAspect {
  if (STAMPED_ASPECTS.has(name)) return aspect;
  const { value, version, systemMetadata } = aspect;
  if (systemMetadata === undefined) return version === undefined ? { value } : { value, version };
  const marker = markerOf(systemMetadata, markers);
  return version === undefined
    ? { value, systemMetadata: marker }
    : { value, version, systemMetadata: marker };
}

const NO_MARKER: JsonObject = {};

function markerOf(systemMetadata: JsonObject, markers: Map<string, JsonObject>): JsonObject {
  const properties = systemMetadata['properties'];
  if (!isJsonObject(properties)) return NO_MARKER;
  const kept: Record<string, JsonValue> = {};
  for (const name of MARKER_PROPERTIES) {
    const item = properties[name];
    if (item !== undefined) kept[name] = item;
  }
  const key = JSON.stringify(MARKER_PROPERTIES.map((name) => kept[name] ?? null));
  const shared = markers.get(key);
  if (shared !== undefined) return shared;
  const marker = { properties: kept };
  markers.set(key, marker);
  return marker;
}

/** Shared by every entity read without aspects (a plan from an empty catalog reads one per declared entity). */
const NO_ASPECTS: ReadonlyMap<string, LiveAspect> = new Map();

/**
 * GMS answers every requested URN, with a key aspect synthesized from the URN for entities that do not exist.
 * A stored key aspect carries system metadata; a synthesized one does not. An entity with any other aspect
 * exists too (for servers that do not send system metadata).
 */
export function toLiveEntity(
  urn: string,
  keyAspect: string,
  aspects: ReadonlyMap<string, LiveAspect>,
): LiveEntity {
  const key = aspects.get(keyAspect);
  const others =
    aspects.size > (key === undefined ? 0 : 1)
      ? new Map([...aspects].filter(([name]) => name !== keyAspect))
      : NO_ASPECTS;
  const exists = key?.systemMetadata !== undefined || others.size > 0;
  return {
    urn,
    exists,
    aspects: exists && key !== undefined ? new Map([...others, [keyAspect, key]]) : others,
  };
}
