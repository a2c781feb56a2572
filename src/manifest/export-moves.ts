/**
 * `catalog export` and renames (kind Moved), pure. Export rewrites a catalog from the live one, where a renamed
 * entity's old URN is still stored (deprecated, or left as it is with --prune-strategy ignore) beside the new one.
 * Written back as a declared entity, the old one would contradict the Moved document that says it became the new
 * one (validate refuses a `from` that is still declared), and a file export rewrites would lose the Moved
 * documents it held. So the old entities the Moved documents of the --out catalog name are left out of the export,
 * and those documents are written again into the files export rewrites.
 */
import { stringify } from 'yaml';
import type { ManagedEntityType } from '../model/desired-state.js';
import { MANAGED_ENTITY_TYPES } from '../kinds/entity-tables.js';
import { isJsonObject } from '../model/json.js';
import type { MovedManifest } from '../kinds/moved.js';
import { EXPORT_KINDS, type ValidatedDocument } from '../kinds/registry.js';
import { parseDocuments, type SourceFile } from './parse-documents.js';
import type { ExportedEntity, ExportInput } from './render-manifests.js';
import { resolveMoves, type MoveCandidate } from './resolve-moves.js';

/** A YAML line `kind: Moved` (quoted or not): files without one are not parsed. */
const MOVED_KIND = /^kind:\s*['"]?Moved['"]?\s*(#.*)?$/m;

/** The Moved documents of some manifest files (those with a string `from` and `to`), in file order. */
export function movedDocumentsOf(files: readonly SourceFile[]): ValidatedDocument<MovedManifest>[] {
  return files
    .filter((file) => MOVED_KIND.test(file.text))
    .flatMap((file) => parseDocuments(file).documents)
    .flatMap((source) => {
      const value = source.value;
      if (!isJsonObject(value) || value['kind'] !== 'Moved') return [];
      const { from, to } = value;
      if (typeof from !== 'string' || typeof to !== 'string') return [];
      return [{ manifest: { kind: 'Moved' as const, from, to }, source }];
    });
}

export interface ExportWithoutRenamed {
  /** The input without the old entities of the renames. */
  readonly input: ExportInput;
  /** One line per old entity left out: `<old URN>: renamed to <new URN> (<file>:<line>)`. */
  readonly skipped: readonly string[];
  /** Moved documents that do not fit the exported catalog (their new entity is not in it, say): located. */
  readonly warnings: readonly string[];
}

/**
 * The export input without the entities the Moved documents name as `from`, read against the exported entities
 * (a `to` must name one of them). A document that does not fit is a warning, and its old entity is exported as it
 * is: what the live catalog holds is the truth export writes.
 */
export function withoutRenamed(
  input: ExportInput,
  documents: readonly ValidatedDocument<MovedManifest>[],
): ExportWithoutRenamed {
  if (documents.length === 0) return { input, skipped: [], warnings: [] };
  const exported = EXPORT_KINDS.flatMap((kind) => input[kind] ?? []);
  const candidates: MoveCandidate[] = exported.flatMap((entity) => {
    const entityType = entity.urn.split(':')[2] ?? '';
    return (MANAGED_ENTITY_TYPES as readonly string[]).includes(entityType)
      ? [{ urn: entity.urn, entityType: entityType as ManagedEntityType }]
      : [];
  });
  const { moves, diagnostics } = resolveMoves(documents, candidates, { fromMayExist: true });
  const warnings = diagnostics.map(
    ({ location, message }) =>
      `${location === undefined ? '' : `${location.file}:${location.line}:${location.column}: `}Moved: ${message}; ` +
      `it does not fit the exported catalog, whose entities are written as they are`,
  );
  const renamed = new Map(moves.map((move) => [move.from, move]));
  const keep = (list: readonly ExportedEntity[] | undefined): ExportedEntity[] =>
    (list ?? []).filter((entity) => !renamed.has(entity.urn));
  const skipped = exported
    .flatMap((entity) => {
      const move = renamed.get(entity.urn);
      return move === undefined
        ? []
        : [`${move.from}: renamed to ${move.to} (${move.source.file}:${move.source.line})`];
    })
    .sort();
  return {
    input: Object.fromEntries(Object.entries(input).map(([kind, list]) => [kind, keep(list)])),
    skipped,
    warnings,
  };
}

/**
 * The rendered files with the Moved documents each of them held before appended (in their order), so that
 * rewriting a file never loses one. `relativeOf` names a document's file as the rendered files are named (relative
 * to the --out directory). Documents in files export does not write are left where they are.
 */
export function keepMovedDocuments(
  files: ReadonlyMap<string, string>,
  documents: readonly ValidatedDocument<MovedManifest>[],
  relativeOf: (file: string) => string,
): Map<string, string> {
  const result = new Map(files);
  for (const document of documents) {
    const file = relativeOf(document.source.file);
    const text = result.get(file);
    if (text === undefined) continue;
    const { from, to } = document.manifest;
    const body = stringify({ apiVersion: 'catalog/v1', kind: 'Moved', from, to }, { lineWidth: 0 });
    result.set(file, `${text}${text.endsWith('\n') ? '' : '\n'}---\n${body}`);
  }
  return result;
}
