/**
 * Deleting from a file's YAML: the entries and items to delete are collected per collection and resolved once every
 * edit is planned (whole lines of a block collection, an item and its separator in a flow one, or the collection
 * emptied), since deletions in one collection depend on each other.
 */
import { isMap } from 'yaml';
import type { YamlSplices } from './yaml-splices.js';
import {
  blockItemEnd,
  blockItemStart,
  flowItemRange,
  keyOf,
  type At,
  type Collection,
} from './yaml-nodes.js';

export function markDeleted(sink: YamlSplices, collection: At<Collection>, index: number): void {
  let record = sink.deletions.get(collection.node);
  if (record === undefined) {
    record = { collection, indexes: new Set() };
    sink.deletions.set(collection.node, record);
  }
  record.indexes.add(index);
}

/** Flow items go with one separator each: the one before them, or (before the first kept item) the one after. */
export function deleteFlowItems(
  sink: YamlSplices,
  collection: At<Collection>,
  deleted: readonly number[],
  kept: readonly number[],
): void {
  const firstKept = kept[0] ?? 0;
  for (const index of deleted) {
    const [, itemEnd] = flowItemRange(collection.node, index);
    if (index > firstKept) {
      const [, previousEnd] = flowItemRange(collection.node, index - 1);
      sink.splice(previousEnd, itemEnd, '', { ...collection, path: [...collection.path, index] });
    } else {
      const [itemStart] = flowItemRange(collection.node, index);
      const [nextStart] = flowItemRange(collection.node, index + 1);
      sink.splice(itemStart, nextStart, '', { ...collection, path: [...collection.path, index] });
    }
  }
}

/**
 * Block entries and items go with their whole lines (a comment on their last line included). The first entry
 * of a map written on its item's dash line (`- name: x`) goes up to the next kept entry, which takes its place.
 */
export function deleteBlockItems(
  sink: YamlSplices,
  collection: At<Collection>,
  deleted: readonly number[],
  kept: readonly number[],
): void {
  const lines = sink.lines;
  const { node } = collection;
  const covered = new Set<number>();
  for (const index of deleted) {
    if (covered.has(index)) continue;
    const path = [...collection.path, isMap(node) ? (keyOf(node.items[index]) ?? index) : index];
    const start = blockItemStart(sink.lines, collection, index);
    const end = blockItemEnd(sink.lines, collection, index);
    if (!lines.startsLine(start)) {
      const next = kept.find((position) => position > index);
      if (next === undefined) throw sink.error(path, 'cannot be deleted on its own line');
      for (let position = index; position < next; position += 1) covered.add(position);
      sink.splice(start, blockItemStart(sink.lines, collection, next), '', { ...collection, path });
      continue;
    }
    const lineStart = lines.lineStart(start);
    const after = lines.afterLastLine(start, end);
    if (after !== undefined) {
      sink.splice(lineStart, after, '', { ...collection, path });
    } else {
      // The file's last line, without a line break: the line break before it goes instead.
      const breakStart =
        lineStart >= 2 && lines.text[lineStart - 2] === '\r' ? lineStart - 2 : Math.max(lineStart - 1, 0);
      sink.splice(breakStart, lines.text.length, '', { ...collection, path });
    }
  }
}
