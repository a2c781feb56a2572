/**
 * A parsed manifest file as plain data: what parse-documents.ts (the `yaml` path) and parse-events.ts (the fast
 * path) both produce, and what the parse cache and the parsing worker pass around. Types only, in their own
 * file, so that the two parsers need not import each other.
 */
import type { Diagnostic } from '../errors.js';

/**
 * What parsing one file yields, as plain data (no closures, no syntax tree): what the parse cache stores. The
 * line starts turn offsets into lines and columns; each document's positions, its nodes' offsets.
 */
export interface ParsedFile {
  readonly documents: readonly {
    readonly index: number;
    readonly value: unknown;
    readonly positions: PositionNode;
  }[];
  readonly partialValues: readonly unknown[];
  readonly diagnostics: readonly Diagnostic[];
  readonly lineStarts: readonly number[];
}

/**
 * A document's source positions, kept so that its YAML syntax tree can be dropped right after parsing (the trees
 * of a large catalog were most of the tool's memory). A tree shaped like the document: a scalar (or anything
 * else that is neither a mapping nor a sequence) is just its start offset; a sequence holds its items' nodes; a
 * mapping holds each key's offset and each value's node. Plain numbers and objects, not maps of path strings:
 * the index of a 250,000-entity catalog took more memory than its values.
 */
export type PositionNode = number | SequencePositions | MappingPositions;

export interface SequencePositions {
  /** Start offset (-1: the node has none). */
  readonly o: number;
  /** The items' nodes; undefined where an item has no position. */
  readonly s: readonly (PositionNode | undefined)[];
}

export interface MappingPositions {
  readonly o: number;
  /** Key → the key's start offset. Own properties only (read with Object.hasOwn: any key may be a name). */
  readonly k: Readonly<Record<string, number>>;
  /** Key → the value's node (the key's, for a key without a value). */
  readonly m: Readonly<Record<string, PositionNode>>;
}
