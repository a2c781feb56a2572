/**
 * The nodes of a parsed YAML document that manifest edits touch (plan-yaml-edits.ts): where a node sits (its slot),
 * finding one by a path, and the source offsets of entries, items, dashes and flow items.
 */
import { isMap, isNode, isScalar, isSeq } from 'yaml';
import type { Document, Pair, ParsedNode, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { ManifestEditError, formatManifestPath } from './manifest-edit.js';
import type { ManifestPath } from './manifest-edit.js';
import type { ScalarStyle } from './render-yaml-value.js';
import type { SourceLines } from './source-lines.js';

export type ParsedMap = YAMLMap.Parsed;
export type ParsedSeq = YAMLSeq.Parsed;
export type ParsedPair = Pair<ParsedNode, ParsedNode | null>;
export type Collection = ParsedMap | ParsedSeq;

/** Where a node sits, which decides how its text is replaced. */
export type Slot =
  | { readonly kind: 'root' }
  | { readonly kind: 'entry'; readonly map: ParsedMap; readonly index: number }
  | { readonly kind: 'item'; readonly seq: ParsedSeq; readonly index: number };

/** A node found by a path, with where it sits. */
export interface Located {
  readonly doc: Document.Parsed;
  /** Null for a map entry written without a value (`? key`). */
  readonly node: ParsedNode | null;
  readonly slot: Slot;
  /** Nesting depth from the document's root: of two insertions at one offset, the deeper one's lines come first. */
  readonly depth: number;
  /** The path from the entity, for messages. */
  readonly path: ManifestPath;
}

/** A located node known to be of one kind. */
export type At<T extends ParsedNode> = Omit<Located, 'node'> & { readonly node: T };

/** A splice of the original text, with what orders it among splices at the same offset. */
export interface PlannedEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
  readonly depth: number;
  readonly order: number;
  /** The edit's path, for messages. */
  readonly path: string;
}

/** An edit that cannot be made here, naming the path and where in the file its node is. */
export function editError(
  lines: SourceLines,
  path: ManifestPath,
  problem: string,
  node?: ParsedNode | null,
): ManifestEditError {
  const where = node === undefined || node === null ? '' : ` (${lines.describe(node.range[0])})`;
  return new ManifestEditError(`${formatManifestPath(path)} ${problem}${where}`, path);
}

/** Finds the node at `path` from an entity's mapping, or the map where the path goes missing. */
export function resolvePath(
  lines: SourceLines,
  entity: Located,
  path: ManifestPath,
):
  | { readonly kind: 'found'; readonly located: Located }
  | { readonly kind: 'missing'; readonly parent: At<ParsedMap>; readonly missing: number } {
  let current = entity;
  for (const [position, segment] of path.entries()) {
    const { node } = current;
    const here = [...entity.path, ...path.slice(0, position + 1)];
    if (isMap(node)) {
      if (typeof segment !== 'string')
        throw editError(lines, path.slice(0, position), 'is a map, not a list', node);
      const index = node.items.findIndex((pair) => keyOf(pair) === segment);
      const pair = node.items[index];
      if (pair === undefined) return { kind: 'missing', parent: current as At<ParsedMap>, missing: position };
      current = {
        doc: current.doc,
        node: pair.value,
        slot: { kind: 'entry', map: node, index },
        depth: current.depth + 1,
        path: here,
      };
    } else if (isSeq(node)) {
      if (typeof segment !== 'number')
        throw editError(lines, path.slice(0, position), 'is a list, not a map', node);
      const item = node.items[segment];
      if (item === undefined || !isParsedNode(item))
        throw editError(lines, path.slice(0, position), `has no item ${segment} to edit`, node);
      current = {
        doc: current.doc,
        node: item,
        slot: { kind: 'item', seq: node, index: segment },
        depth: current.depth + 1,
        path: here,
      };
    } else {
      throw editError(lines, path.slice(0, position), 'is a scalar, not a map or list', node);
    }
  }
  return { kind: 'found', located: current };
}

export function containerOf<T extends Collection>(child: Located, node: T): At<T> {
  const parentPath = child.path.slice(0, -1);
  const slot = slotOf(child.doc, node);
  return { doc: child.doc, node, slot, depth: child.depth - 1, path: parentPath };
}

/** The slot of a collection, found from the document's root (collections do not point to their parents). */
export function slotOf(doc: Document.Parsed, target: Collection): Slot {
  const search = (node: ParsedNode | null, slot: Slot): Slot | undefined => {
    if (node === target) return slot;
    if (isMap(node)) {
      for (const [index, pair] of node.items.entries()) {
        const found = search(pair.value, { kind: 'entry', map: node, index });
        if (found !== undefined) return found;
      }
    } else if (isSeq(node)) {
      for (const [index, item] of node.items.entries()) {
        if (!isParsedNode(item)) continue;
        const found = search(item, { kind: 'item', seq: node, index });
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return search(doc.contents, { kind: 'root' }) ?? { kind: 'root' };
}

export function blockItemStart(lines: SourceLines, collection: At<Collection>, index: number): number {
  const { node } = collection;
  return isMap(node) ? entryStart(node, index) : dashOffset(lines, node, index, collection.path);
}

export function blockItemEnd(lines: SourceLines, collection: At<Collection>, index: number): number {
  const { node } = collection;
  return isMap(node) ? entryEnd(node, index) : itemEnd(lines, node, index, collection.path);
}

export function entryStart(map: ParsedMap, index: number): number {
  const pair = map.items[index];
  if (pair === undefined) throw new ManifestEditError(`a map has no entry ${index}`);
  return pair.key.range[0];
}

export function entryEnd(map: ParsedMap, index: number): number {
  const pair = map.items[index];
  if (pair === undefined) throw new ManifestEditError(`a map has no entry ${index}`);
  return Math.max(pair.key.range[1], pair.value?.range[1] ?? 0);
}

export function itemEnd(lines: SourceLines, seq: ParsedSeq, index: number, path: ManifestPath): number {
  const item = seq.items[index];
  return isParsedNode(item) ? item.range[1] : dashOffset(lines, seq, index, path) + 1;
}

export function dashOffset(lines: SourceLines, seq: ParsedSeq, index: number, path: ManifestPath): number {
  const token = seq.srcToken;
  if (token?.type !== 'block-seq') throw editError(lines, path, 'is not a block list');
  const dash = token.items[index]?.start.find((source) => source.type === 'seq-item-ind');
  if (dash === undefined) throw editError(lines, path, `has no dash for item ${index}`);
  return dash.offset;
}

export function flowItemRange(collection: Collection, index: number): readonly [number, number] {
  if (isMap(collection)) {
    const pair = collection.items[index];
    if (pair === undefined) return [collection.range[1] - 1, collection.range[1] - 1];
    return [pair.key.range[0], Math.max(pair.key.range[1], pair.value?.range[1] ?? 0)];
  }
  const item = collection.items[index];
  if (!isParsedNode(item)) return [collection.range[1] - 1, collection.range[1] - 1];
  return [item.range[0], item.range[1]];
}

export function keyOf(pair: ParsedPair | undefined): string | undefined {
  if (pair === undefined || !isScalar(pair.key)) return undefined;
  // As toJS names the key of a JS object: scalars by their string form.
  const value: unknown = pair.key.value;
  return typeof value === 'object' && value !== null ? undefined : String(value);
}

export function isParsedNode(value: unknown): value is ParsedNode {
  return isNode(value) && Array.isArray(value.range);
}

export function isFlow(node: Collection): boolean {
  return node.srcToken?.type === 'flow-collection' || node.flow === true;
}

export function slotIsFlow(slot: Slot): boolean {
  switch (slot.kind) {
    case 'root':
      return false;
    case 'entry':
      return isFlow(slot.map);
    case 'item':
      return isFlow(slot.seq);
  }
}

export function scalarStyle(node: Scalar.Parsed): ScalarStyle | undefined {
  const type = node.type;
  return type === 'PLAIN' ||
    type === 'QUOTE_SINGLE' ||
    type === 'QUOTE_DOUBLE' ||
    type === 'BLOCK_LITERAL' ||
    type === 'BLOCK_FOLDED'
    ? type
    : undefined;
}
