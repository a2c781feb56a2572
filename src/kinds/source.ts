import type { SourceLocation } from '../errors.js';

/**
 * One YAML document of a manifest file, as plain data, with a way back to its source positions. manifest/
 * parses files into these (parse-documents.ts); the kinds read their documents through them.
 */
export interface ParsedDocument {
  readonly file: string;
  /** 0-based position of the document in its file. */
  readonly index: number;
  readonly value: unknown;
  /** Where the node at `path` starts; `target: 'key'` gives the key of the last mapping entry instead. */
  readonly locate: (path: readonly (string | number)[], target?: 'key' | 'value') => SourceLocation;
}

/** A document its schema accepted, typed as its kind's manifest, with the document it came from. */
export interface KindDocument<M> {
  readonly manifest: M;
  readonly source: ParsedDocument;
}

/** A path into a document: keys and list indexes. */
export type DocumentPath = readonly (string | number)[];
