import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addToRead, readEntities, type ReadRequest } from '../client/read-live-state.js';
import type { RestliClient } from '../client/restli-client.js';
import { CatalogError } from '../errors.js';
import { errorMessage } from '../model/error-message.js';
import { parseDocuments } from '../manifest/parse-documents.js';
import { readManifestFiles } from '../manifest/read-manifest-files.js';
import { keepMovedDocuments, movedDocumentsOf, withoutRenamed } from '../manifest/export-moves.js';
import type { MovedManifest } from '../kinds/moved.js';
import type { ValidatedDocument } from '../kinds/registry.js';
import { renderManifests, type ExportedEntity, type ExportInput } from '../manifest/render-manifests.js';
import { readEnvironments, selectEnvironment, type Environment } from '../manifest/select-environment.js';
import { exportAspectsOf, exportEntityType } from '../kinds/export-reads.js';
import { isJsonObject, type JsonObject } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { parseRawUrn } from '../model/urn.js';
import { plural } from '../render/plural.js';
import type { EngineContext, TargetOptions } from './context.js';
import { EXPORT_KINDS } from './export-kinds.js';
import { openTarget } from './open-target.js';

export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The entity types export lists, in the order of its kinds. */
const EXPORTED_TYPES: readonly string[] = EXPORT_KINDS.map(exportEntityType);

export interface ExportOptions extends EngineContext, TargetOptions {
  /** The catalog directory the manifests are for (relative to cwd): its Settings and Moved documents are read. */
  readonly out: string;
  /** Only these entities (each of a kind export writes); none: every entity of the kinds. */
  readonly urns?: readonly string[];
  /** Only these kinds; none: every kind export writes. */
  readonly kinds?: readonly ExportKind[];
  /** The Settings environment of the `out` catalog to export from (its server and token). */
  readonly environment?: string;
}

/** The manifests of the live catalog, rendered: files (path under `out` → YAML), counts per kind, what was left out. */
export interface ExportedManifests {
  readonly files: ReadonlyMap<string, string>;
  readonly counts: Readonly<Record<string, number>>;
  /** Why each entity left out was left out (one line each). */
  readonly skipped: readonly string[];
}

/**
 * `catalog export`: reads the live catalog's features, tables, models, groups, terms and term attachments and
 * renders them as manifests; writeManifestFiles writes them. The renames the `out` catalog records are kept.
 */
export async function exportCatalog(options: ExportOptions): Promise<ExportedManifests> {
  const urns = options.urns ?? [];
  for (const urn of urns) {
    const raw = parseRawUrn(urn);
    if (!raw.ok || !EXPORTED_TYPES.includes(raw.value.entityType)) {
      throw new CatalogError(
        'USAGE',
        `--urn ${urn} is not a URN of an entity export writes (${EXPORTED_TYPES.join(', ')})`,
      );
    }
  }
  const kinds = new Set<ExportKind>(
    options.kinds === undefined || options.kinds.length === 0 ? EXPORT_KINDS : options.kinds,
  );
  const environment = await readExportEnvironment(options.out, options.environment, options.cwd);
  const { out: _out, urns: _urns, kinds: _kinds, environment: _environment, ...target } = options;
  const connection = await openTarget({ ...target, ...(environment === undefined ? {} : { environment }) });
  try {
    const restli = connection.client.restli;
    await restli.config();
    options.onEvent?.({ type: 'reading', target: connection.description });
    const moved = await readMovedDocuments(options.out, options.cwd);
    const renames = withoutRenamed(await readExportInput(restli, kinds, urns), moved);
    for (const warning of renames.warnings) options.onEvent?.({ type: 'warning', message: warning });
    const rendered = renderManifests(renames.input);
    return {
      counts: rendered.counts,
      files: keepMovedDocuments(rendered.files, moved, (file) =>
        path.relative(options.out, file).split(path.sep).join('/'),
      ),
      skipped: [...renames.skipped, ...rendered.skipped],
    };
  } finally {
    await connection.close();
  }
}

/**
 * The environment to export from: declared by the Settings document of the catalog directory export writes into
 * (--out), since that is the catalog whose environments it names. Its server and token are used as reconcile
 * uses them; nothing else of it changes what is written (the manifests are what that DataHub holds).
 */
async function readExportEnvironment(
  out: string,
  name: string | undefined,
  cwd: string,
): Promise<Environment | undefined> {
  if (name === undefined) return undefined;
  const files = await readManifestFiles(out, cwd).catch((error: unknown) => {
    throw new CatalogError(
      'USAGE',
      `--environment ${name} is read from the Settings document of the --out directory, which cannot be read ` +
        `(${errorMessage(error)}); nothing was exported`,
      { cause: error },
    );
  });
  // Only the Settings document is needed: the other manifests may be about to be replaced.
  const settings = files
    .flatMap((file) => parseDocuments(file).documents)
    .find((document) => isJsonObject(document.value) && document.value['kind'] === 'Settings');
  const choice = selectEnvironment(readEnvironments(settings?.value), name);
  if (!choice.ok)
    throw new CatalogError(
      'USAGE',
      `${choice.message} in the Settings document of ${out}: ${choice.hint}; nothing was exported`,
    );
  return choice.environment;
}

/**
 * The Moved documents of the catalog export writes into (--out), when it has one: the renames it records are kept
 * (export-moves.ts). Only files that name the kind are parsed.
 */
async function readMovedDocuments(out: string, cwd: string): Promise<ValidatedDocument<MovedManifest>[]> {
  const info = await stat(path.resolve(cwd, out)).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) return [];
  return movedDocumentsOf(await readManifestFiles(out, cwd));
}

async function readExportInput(
  restli: RestliClient,
  kinds: ReadonlySet<ExportKind>,
  urns: readonly string[],
): Promise<ExportInput> {
  const request: ReadRequest = new Map();
  const wanted = async (kind: ExportKind): Promise<string[]> => {
    if (!kinds.has(kind)) return [];
    const entityType = exportEntityType(kind);
    if (urns.length > 0) return urns.filter((urn) => parseRawUrn(urn).ok && urn.split(':')[2] === entityType);
    return restli.listUrns(entityType);
  };
  const byKind = new Map<ExportKind, string[]>();
  for (const kind of EXPORT_KINDS) byKind.set(kind, await wanted(kind));
  // A table carries its inline features: read the features it lists too.
  for (const [kind, list] of byKind) for (const urn of list) addToRead(request, urn, exportAspectsOf(kind));
  const live = await readEntities(restli, request);
  if (kinds.has('MLFeatureTable') && !kinds.has('MLFeature')) {
    // Tables are written with their own features inline, so those features are read as well.
    const listed = new Set<string>();
    for (const urn of byKind.get('MLFeatureTable') ?? []) {
      const features = live.get(urn)?.aspects.get('mlFeatureTableProperties')?.value['mlFeatures'];
      if (Array.isArray(features))
        for (const feature of features) if (typeof feature === 'string') listed.add(feature);
    }
    const featureRequest: ReadRequest = new Map();
    for (const urn of listed) addToRead(featureRequest, urn, exportAspectsOf('MLFeature'));
    for (const [urn, entity] of await readEntities(restli, featureRequest)) live.set(urn, entity);
    byKind.set('MLFeature', [...listed]);
  }
  const pick = (kind: ExportKind): ExportedEntity[] =>
    (byKind.get(kind) ?? [])
      .map((urn) => live.get(urn))
      .filter(
        (entity): entity is LiveEntity =>
          entity !== undefined && entity.exists && entity.aspects.get('status')?.value['removed'] !== true,
      )
      .map((entity) => ({
        urn: entity.urn,
        aspects: new Map<string, JsonObject>(
          [...entity.aspects].map(([name, aspect]) => [name, aspect.value]),
        ),
      }))
      .sort((a, b) => a.urn.localeCompare(b.urn));
  return Object.fromEntries(EXPORT_KINDS.map((kind) => [kind, pick(kind)]));
}

/**
 * Writes manifests (export's or import's) under `out`. Nothing is written when a file would be overwritten without
 * `force`: a FILE_ERROR names the files (`command` says whose).
 */
export async function writeManifestFiles(
  files: ReadonlyMap<string, string>,
  options: { readonly out: string; readonly force: boolean; readonly cwd: string },
  command: 'export' | 'import',
): Promise<void> {
  const outDir = path.resolve(options.cwd, options.out);
  const existing: string[] = [];
  for (const file of files.keys()) {
    if (await exists(path.join(outDir, file))) existing.push(path.join(options.out, file));
  }
  if (existing.length > 0 && !options.force) {
    throw new CatalogError(
      'FILE_ERROR',
      `${command} would overwrite ${plural(existing.length, 'existing file')} (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ', …' : ''}); nothing was written. Choose another --out, or pass --force`,
    );
  }
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFile(path.join(outDir, file), text);
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
