/** The values `catalog adopt` computes before touching a file: edits of manifest values, and the text splices. */
import { CatalogError } from '../errors.js';
import type { JsonValue } from '../model/json.js';

/** Keys of maps and indexes of sequences, from an entity's mapping down. */
export type ManifestPath = readonly (string | number)[];

/**
 * One change of a manifest's values. Paths index the file as it is: deleting item 1 of a list and setting item 2
 * mean the original items 1 and 2.
 */
export type ManifestEdit =
  /** Replace the value at `path`; when the last key is missing in its (existing) parent map, insert `key: value` as the map's last entry. */
  | { readonly kind: 'set'; readonly path: ManifestPath; readonly value: JsonValue }
  /** Remove a map entry (its whole lines, with a comment on the same line) or a sequence item. */
  | { readonly kind: 'delete'; readonly path: ManifestPath }
  /** Append items to the sequence at `path`; when the key is missing, insert `key: [items…]` (block style, or flow if the parent map is flow). */
  | { readonly kind: 'append'; readonly path: ManifestPath; readonly items: readonly JsonValue[] };

/** The edits of one entity declared in a file. */
export interface EntityEdits {
  /** 1-based line and column where the entity's mapping starts in the file: the document's root map, or an item of a sequence (an inline feature). */
  readonly at: { readonly line: number; readonly column: number };
  /** Paths are relative to that mapping. */
  readonly edits: readonly ManifestEdit[];
}

/** Replace `oldText` at `[start, end)` of the original text by `newText`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly oldText: string;
  readonly newText: string;
}

/**
 * An edit that cannot be made to the file as it is written: the anchor finds no mapping, a path goes through a
 * scalar, two edits change the same text. The message names the path and where in the file it stopped.
 */
export class ManifestEditError extends CatalogError {
  readonly path: ManifestPath | undefined;
  constructor(message: string, path?: ManifestPath) {
    super('FILE_ERROR', message);
    this.path = path;
  }
}

/** A path as users read it: `features[2].description`. */
export function formatManifestPath(path: ManifestPath): string {
  if (path.length === 0) return '(the entity itself)';
  return path
    .map((segment, index) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : /^[A-Za-z_$][\w$-]*$/.test(segment)
          ? `${index === 0 ? '' : '.'}${segment}`
          : `[${JSON.stringify(segment)}]`,
    )
    .join('');
}
