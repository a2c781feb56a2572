/**
 * Where each declared entity lives in the documents: its document and the path of its mapping there, found by the
 * location the desired state records for the entity (the `id`/`name` of a document, the `name` of a feature
 * declared inline, the `dataset` of a DatasetTerms document: each kind says which, kinds/adopt-fields.ts).
 */
import type { SourceLocation } from '../errors.js';
import type { DeclaringKind } from '../kinds/kind.js';
import { KINDS, type Manifest, type ValidatedDocument } from '../kinds/registry.js';
import type { DocumentPath } from '../kinds/source.js';
import { isJsonObject, type JsonValue } from '../model/json.js';

/** Where a declared entity lives: its document and the path of its mapping in it. */
export interface DeclarationSite {
  readonly doc: ValidatedDocument;
  readonly at: DocumentPath;
}

/** The kinds whose documents declare entities, by name. */
const KIND_MODULES: ReadonlyMap<string, DeclaringKind<Manifest>> = new Map(
  KINDS.flatMap((module) => ('adopt' in module ? [[module.kind, module] as const] : [])),
);

/** Every declaration of the documents, by the location the desired state records for it (locationKey). */
export function declarationSitesOf(documents: readonly ValidatedDocument[]): Map<string, DeclarationSite> {
  const sites = new Map<string, DeclarationSite>();
  for (const doc of documents) {
    const module = KIND_MODULES.get(doc.manifest.kind);
    for (const [at, key] of module?.adopt.declarations(doc.manifest) ?? [])
      sites.set(locationKey(doc.source.locate([...at, key])), { doc, at });
  }
  return sites;
}

export function locationKey(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}

export function valueAt(root: unknown, path: DocumentPath): JsonValue | undefined {
  let current: unknown = root;
  for (const segment of path) {
    if (typeof segment === 'number')
      current = Array.isArray(current) ? (current as readonly unknown[])[segment] : undefined;
    else current = isJsonObject(current) ? current[segment] : undefined;
    if (current === undefined) return undefined;
  }
  return current as JsonValue;
}
