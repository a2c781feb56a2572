/**
 * `catalog import datahub`: DataHub metadata files (MCE snapshots and MCPs, as the file sink and the sources'
 * golden files hold them) → manifests. Pure: the command reads the files and writes the output.
 *
 * The records are read by the same reader `catalog ingest` uses (parseMetadataRecords), folded into the aspects
 * each entity would have once the files are ingested, and rendered by the same code `catalog export` uses
 * (renderManifests), so that importing a file and exporting a catalog that ingested it agree by construction:
 * same URNs, references by name where the entity is in the output, and a first plan that changes no value.
 * renderManifests writes the ML lifecycle fields (manifests.md, "The ML lifecycle") too; the overlay below only
 * collects what they cannot say (a metric's description, …) and keeps a field out where the format refuses it.
 */
import { parseAllDocuments, stringify } from 'yaml';
import { renderManifests, type ExportedEntity, type ExportInput } from '../manifest/render-manifests.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../model/json.js';
import { parseMetadataRecords } from '../model/metadata-file.js';
import type { Proposal } from '../model/proposal.js';
import { formatUrn, parseUrn, type EntityUrn } from '../model/urn.js';
import {
  LIFECYCLE_FIELDS,
  renderLifecycleFields,
  type LifecycleField,
} from '../manifest/render-lifecycle.js';

type Doc = Record<string, JsonValue>;

export interface MetadataFile {
  /** As the user named it: used in messages and in the header of the written files. */
  readonly file: string;
  /** The file's parsed JSON. */
  readonly content: unknown;
}

export interface ImportDatahubOptions {
  /**
   * Whether this release's schema of `kind` accepts the document (the command passes the manifest validators).
   * A lifecycle field that makes a valid document invalid is left out and reported. Absent: every field is written.
   */
  readonly accepts?: (kind: string, doc: Readonly<Doc>) => boolean;
}

export interface DatahubImport {
  /** Relative path → YAML text, in a stable order. */
  readonly files: ReadonlyMap<string, string>;
  /** Records the reader refuses, as `<file>: record <n>: <why>`; nothing is to be written when there are any. */
  readonly errors: readonly string[];
  /** Entities or fields left out, with the reason. */
  readonly skipped: readonly string[];
  /** Entities left out because the tool does not manage their type (or the file gives them no owned aspect). */
  readonly leftOut: ReadonlyMap<string, number>;
  /** Documents written, by kind. */
  readonly counts: Readonly<Record<string, number>>;
}

/** One entity with the aspects the files leave it with. */
export interface FoldedEntity {
  readonly urn: string;
  readonly entityType: string;
  readonly aspects: ReadonlyMap<string, JsonObject>;
}

/** The entity types a manifest declares, with the input list and the aspect a declaration needs. */
const DECLARED = {
  tag: { list: 'tags', aspect: 'tagProperties' },
  glossaryNode: { list: 'nodes', aspect: 'glossaryNodeInfo' },
  glossaryTerm: { list: 'terms', aspect: 'glossaryTermInfo' },
  mlFeature: { list: 'features', aspect: 'mlFeatureProperties' },
  mlFeatureTable: { list: 'tables', aspect: 'mlFeatureTableProperties' },
  mlModelGroup: { list: 'groups', aspect: 'mlModelGroupProperties' },
  mlModel: { list: 'models', aspect: 'mlModelProperties' },
} as const satisfies Record<string, { list: keyof ExportInput; aspect: string }>;

/** The aspects that carry a dataset's term attachments (DatasetTerms). */
const DATASET_TERM_ASPECTS = ['glossaryTerms', 'editableSchemaMetadata'];

const HEADER = /^# Exported from the live catalog by `catalog export`\.\n/;

/** Metadata files → manifests. */
export function importDatahubMetadata(
  inputs: readonly MetadataFile[],
  options: ImportDatahubOptions = {},
): DatahubImport {
  const errors: string[] = [];
  const proposals: Proposal[] = [];
  for (const input of inputs) {
    const parsed = parseMetadataRecords(input.content);
    if (parsed.ok) proposals.push(...parsed.proposals);
    else
      for (const error of parsed.errors)
        errors.push(`${input.file}: record ${error.index}: ${error.message}`);
  }
  if (errors.length > 0) return { files: new Map(), errors, skipped: [], leftOut: new Map(), counts: {} };

  const entities = foldProposals(proposals);
  const skipped: string[] = [];
  const leftOut = new Map<string, number>();
  const leave = (reason: string): void => void leftOut.set(reason, (leftOut.get(reason) ?? 0) + 1);
  const lists: Record<keyof ExportInput, ExportedEntity[]> = {
    tags: [],
    nodes: [],
    terms: [],
    features: [],
    tables: [],
    groups: [],
    models: [],
    datasets: [],
    // Domains and data products are not imported from metadata files yet (only exported from a live catalog).
    domains: [],
    products: [],
  };
  for (const entity of [...entities.values()].sort((a, b) => compare(a.urn, b.urn))) {
    const declared = declaredType(entity.entityType);
    if (entity.aspects.get('status')?.['removed'] === true) {
      if (declared !== undefined || entity.entityType === 'dataset')
        skipped.push(`${entity.urn}: removed (status.removed is true in the file)`);
      else leave(entity.entityType);
      continue;
    }
    if (declared !== undefined) {
      const { list, aspect } = DECLARED[declared];
      if (entity.aspects.has(aspect)) lists[list].push(entity);
      else leave(`${entity.entityType} without ${aspect}`);
    } else if (entity.entityType === 'dataset') {
      if (DATASET_TERM_ASPECTS.some((aspect) => entity.aspects.has(aspect))) lists.datasets.push(entity);
      else leave('dataset');
    } else {
      leave(entity.entityType);
    }
  }

  const rendered = renderManifests(lists);
  skipped.push(...rendered.skipped);
  const names = new Set(inputs.map((input) => baseName(input.file)));
  const header = `# Imported from ${[...names].join(', ')} by \`catalog import datahub\`.\n`;
  const overlay = lifecycleOverlay(entities, options, skipped);
  const files = new Map<string, string>();
  for (const [file, text] of rendered.files) {
    const body = text.replace(HEADER, '');
    const docs = parseAllDocuments(body).map((doc) => doc.toJS() as Doc);
    files.set(file, header + docs.map((doc) => stringify(overlay(doc), { lineWidth: 0 })).join('---\n'));
  }
  return {
    files,
    errors,
    skipped,
    leftOut: new Map([...leftOut].sort(([a], [b]) => compare(a, b))),
    counts: rendered.counts,
  };
}

/**
 * The aspects each entity holds once the proposals are applied in order, as GMS applies them: every change type
 * the reader accepts writes the whole aspect, except CREATE, which GMS refuses when the aspect exists.
 */
export function foldProposals(proposals: readonly Proposal[]): Map<string, FoldedEntity> {
  const entities = new Map<string, { urn: string; entityType: string; aspects: Map<string, JsonObject> }>();
  for (const proposal of proposals) {
    let entity = entities.get(proposal.entityUrn);
    if (entity === undefined) {
      entity = { urn: proposal.entityUrn, entityType: proposal.entityType, aspects: new Map() };
      entities.set(proposal.entityUrn, entity);
    }
    if (proposal.changeType === 'CREATE' && entity.aspects.has(proposal.aspectName)) continue;
    entity.aspects.set(proposal.aspectName, proposal.aspect);
  }
  return entities;
}

/**
 * A function that lays the lifecycle fields over one rendered document (and its inline features). A field
 * renderManifests already writes is kept as it is, except `version`, which versionProperties decides.
 */
function lifecycleOverlay(
  entities: ReadonlyMap<string, FoldedEntity>,
  options: ImportDatahubOptions,
  skipped: string[],
): (doc: Doc) => Doc {
  const declaredUrns = new Set<string>();
  for (const entity of entities.values()) {
    const declared = declaredType(entity.entityType);
    if (declared !== undefined && entity.aspects.has(DECLARED[declared].aspect)) declaredUrns.add(entity.urn);
  }
  const fieldsOf = (
    urn: string,
  ): { fields: Partial<Record<LifecycleField, JsonValue>>; notes: readonly string[] } => {
    const entity = entities.get(urn);
    if (entity === undefined) return { fields: {}, notes: [] };
    const parsed = parseUrn(urn);
    return renderLifecycleFields(entity.entityType, entity.aspects, (replacement) =>
      parsed.ok && declaredUrns.has(replacement)
        ? (nameInScope(parsed.value, replacement) ?? replacement)
        : replacement,
    );
  };
  // Lays the fields over `target`; `whole` is the document checked against the schema of `kind`.
  const lay = (kind: string, urn: string, target: Doc, whole: () => Doc): Doc => {
    const { fields, notes } = fieldsOf(urn);
    for (const note of notes) skipped.push(`${urn}: ${note}`);
    let result = target;
    for (const field of LIFECYCLE_FIELDS) {
      const value = fields[field];
      if (value === undefined || (field !== 'version' && field in result)) continue;
      const next = withField(result, field, value);
      const accepted =
        options.accepts === undefined ||
        !options.accepts(kind, whole()) ||
        options.accepts(kind, target === whole() ? next : replaceIn(whole(), target, next));
      if (accepted) result = next;
      else skipped.push(`${urn}: ${field} left out: this release's ${kind} manifest has no such field yet`);
    }
    return result;
  };
  return (doc) => {
    const kind = stringOr(doc['kind']);
    const urn = urnOfDocument(kind, doc);
    let result = urn === undefined ? doc : lay(kind, urn, doc, () => doc);
    if (kind === 'MLFeatureTable' && Array.isArray(result['features'])) {
      const table = result;
      const features = table['features'] as JsonValue[];
      const laid = features.map((feature, index): JsonValue => {
        if (!isJsonObject(feature) || typeof feature['name'] !== 'string') return feature;
        const featureUrn = formatUrn({
          entityType: 'mlFeature',
          namespace: stringOr(table['name']),
          name: feature['name'],
        });
        const current = { ...table, features: features.map((item, at) => (at === index ? feature : item)) };
        return lay('MLFeatureTable', featureUrn, feature, () => current);
      });
      result = { ...table, features: laid };
    }
    return result;
  };
}

/** The URN a rendered document declares (the renderer writes every part it needs). */
function urnOfDocument(kind: string, doc: Doc): string | undefined {
  const text = (key: string): string => stringOr(doc[key]);
  switch (kind) {
    case 'MLModel':
      return formatUrn({
        entityType: 'mlModel',
        platform: text('platform'),
        name: text('name'),
        env: text('env'),
      });
    case 'MLModelGroup':
      return formatUrn({
        entityType: 'mlModelGroup',
        platform: text('platform'),
        name: text('name'),
        env: text('env'),
      });
    case 'MLFeatureTable':
      return formatUrn({ entityType: 'mlFeatureTable', platform: text('platform'), name: text('name') });
    case 'MLFeature':
      return formatUrn({ entityType: 'mlFeature', namespace: text('namespace'), name: text('name') });
    case 'GlossaryTerm':
      return formatUrn({ entityType: 'glossaryTerm', id: text('id') });
    case 'GlossaryNode':
      return formatUrn({ entityType: 'glossaryNode', id: text('id') });
    case 'Tag':
      return formatUrn({ entityType: 'tag', id: text('id') });
    default:
      return undefined;
  }
}

/**
 * A replacement named as the manifest names an entity of the same kind in its scope: a model or group by name on
 * the same platform and env, a table by name on the same platform, a feature as <namespace>.<name>, a term, node
 * or tag by id. Else undefined (the URN is written).
 */
function nameInScope(of: EntityUrn, replacement: string): string | undefined {
  const parsed = parseUrn(replacement);
  if (!parsed.ok || formatUrn(parsed.value) !== replacement) return undefined;
  const other = parsed.value;
  if (other.entityType !== of.entityType) return undefined;
  switch (other.entityType) {
    case 'mlModel':
    case 'mlModelGroup':
      return of.entityType === other.entityType && of.platform === other.platform && of.env === other.env
        ? other.name
        : undefined;
    case 'mlFeatureTable':
      return of.entityType === 'mlFeatureTable' && of.platform === other.platform ? other.name : undefined;
    case 'mlFeature':
      return `${other.namespace}.${other.name}`;
    case 'glossaryTerm':
    case 'glossaryNode':
    case 'tag':
      return other.id;
    default:
      return undefined;
  }
}

/** `field` set in `doc`, placed before owners, tags and links (where a manifest lists the other associations). */
function withField(doc: Doc, field: string, value: JsonValue): Doc {
  if (field in doc) return { ...doc, [field]: value };
  const head: Doc = {};
  const tail: Doc = {};
  for (const [key, item] of Object.entries(doc)) {
    if (key === 'owners' || key === 'tags' || key === 'links') tail[key] = item;
    else head[key] = item;
  }
  return { ...head, [field]: value, ...tail };
}

/** `whole` with its inline feature `from` replaced by `to`. */
function replaceIn(whole: Doc, from: Doc, to: Doc): Doc {
  const features = whole['features'];
  return Array.isArray(features)
    ? { ...whole, features: features.map((item: JsonValue): JsonValue => (item === from ? to : item)) }
    : whole;
}

function declaredType(entityType: string): keyof typeof DECLARED | undefined {
  return Object.hasOwn(DECLARED, entityType) ? (entityType as keyof typeof DECLARED) : undefined;
}

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
