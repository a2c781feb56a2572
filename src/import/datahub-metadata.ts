/**
 * `catalog import datahub`: DataHub metadata files (MCE snapshots and MCPs, as the file sink and the sources'
 * golden files hold them) → manifests. Pure: the command reads the files and writes the output.
 *
 * The records are read by the same reader `catalog ingest` uses (parseMetadataRecords), folded into the aspects
 * each entity would have once the files are ingested, and rendered by the same code `catalog export` uses
 * (renderManifests), so that importing a file and exporting a catalog that ingested it agree by construction:
 * same URNs, references by name where the entity is in the output, and a first plan that changes no value.
 * renderManifests writes the ML lifecycle fields (manifests.md, "The ML lifecycle") too; what they cannot say (a
 * metric's description, …) is reported.
 */
import { compareText } from '../model/compare-text.js';
import { EXPORT_KINDS, KINDS, type EntityKind } from '../kinds/registry.js';
import { renderManifests, type ExportedEntity } from '../manifest/render-manifests.js';
import type { JsonObject } from '../model/json.js';
import { parseMetadataRecords } from '../model/metadata-file.js';
import type { Proposal } from '../model/proposal.js';
import { renderLifecycleFields } from '../kinds/render-lifecycle.js';

export interface MetadataFile {
  /** As the user named it: used in messages and in the header of the written files. */
  readonly file: string;
  /** The file's parsed JSON. */
  readonly content: unknown;
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

/** Entity types manifests declare that are not imported from metadata files yet (only exported from a catalog). */
const NOT_IMPORTED: ReadonlySet<string> = new Set(['domain', 'dataProduct']);

/** The entity types a manifest declares, with their kind and the aspect a declaration needs. */
const DECLARED: ReadonlyMap<string, { readonly kind: EntityKind; readonly aspect: string }> = new Map(
  KINDS.flatMap((module) =>
    'entity' in module && !NOT_IMPORTED.has(module.entity.entityType)
      ? [[module.entity.entityType, { kind: module.kind, aspect: module.entity.ownedAspect }] as const]
      : [],
  ),
);

/** The aspects that carry a dataset's term attachments and property values (DatasetTerms). */
const DATASET_TERM_ASPECTS = ['glossaryTerms', 'editableSchemaMetadata', 'structuredProperties'];

const HEADER = /^# Exported from the live catalog by `catalog export`\.\n/;

/** Metadata files → manifests. */
export function importDatahubMetadata(inputs: readonly MetadataFile[]): DatahubImport {
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
  const lists = new Map<EntityKind, ExportedEntity[]>(EXPORT_KINDS.map((kind) => [kind, []]));
  for (const entity of [...entities.values()].sort((a, b) => compareText(a.urn, b.urn))) {
    const declared = DECLARED.get(entity.entityType);
    if (entity.aspects.get('status')?.['removed'] === true) {
      if (declared !== undefined || entity.entityType === 'dataset')
        skipped.push(`${entity.urn}: removed (status.removed is true in the file)`);
      else leave(entity.entityType);
      continue;
    }
    if (declared !== undefined) {
      const { kind, aspect } = declared;
      if (entity.aspects.has(aspect)) lists.get(kind)?.push(entity);
      else leave(`${entity.entityType} without ${aspect}`);
    } else if (entity.entityType === 'dataset') {
      if (DATASET_TERM_ASPECTS.some((aspect) => entity.aspects.has(aspect)))
        lists.get('DatasetTerms')?.push(entity);
      else leave('dataset');
    } else {
      leave(entity.entityType);
    }
  }

  const rendered = renderManifests(Object.fromEntries(lists));
  skipped.push(...rendered.skipped);
  const names = new Set(inputs.map((input) => baseName(input.file)));
  const header = `# Imported from ${[...names].join(', ')} by \`catalog import datahub\`.\n`;
  // renderManifests writes the lifecycle fields; what they cannot say (a metric's description, …) is reported.
  for (const list of lists.values())
    for (const entity of list) {
      const entityType = entity.urn.split(':')[2] ?? '';
      const { notes } = renderLifecycleFields(entityType, entity.aspects, (urn) => urn);
      for (const note of notes) skipped.push(`${entity.urn}: ${note}`);
    }
  const files = new Map<string, string>();
  for (const [file, text] of rendered.files) files.set(file, header + text.replace(HEADER, ''));
  return {
    files,
    errors,
    skipped,
    leftOut: new Map([...leftOut].sort(([a], [b]) => compareText(a, b))),
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

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}
