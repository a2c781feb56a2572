/** Inserting into a file's YAML: new map entries, new list items, at the end of their collection or before an item. */
import { isMap, isSeq } from 'yaml';
import type { JsonValue } from '../model/json.js';
import type { ManifestPath } from './manifest-edit.js';
import { renderBlockEntry, renderBlockItem, renderFlow, renderKey } from './render-yaml-value.js';
import type { YamlSplices } from './yaml-splices.js';
import {
  dashOffset,
  entryEnd,
  entryStart,
  flowItemRange,
  isFlow,
  isParsedNode,
  itemEnd,
  type At,
  type Collection,
  type Located,
  type ParsedMap,
  type ParsedSeq,
} from './yaml-nodes.js';

/** A `set` or `append` whose path is missing from `missing` on: `key: value` (nested maps built) in the map. */
export function insertMissing(
  sink: YamlSplices,
  parent: At<ParsedMap>,
  path: ManifestPath,
  missing: number,
  value: JsonValue,
): void {
  let nested = value;
  for (let position = path.length - 1; position > missing; position -= 1) {
    const segment = path[position];
    if (typeof segment !== 'string')
      throw sink.error(
        path.slice(0, missing + 1),
        'is missing, and adopt does not create list items by index',
      );
    nested = { [segment]: nested };
  }
  const key = path[missing];
  if (typeof key !== 'string') throw sink.error(path.slice(0, missing), 'is a map, not a list', parent.node);
  insertEntries(sink, parent, [[key, nested]]);
}

/** New entries at the end of a map: after its last entry's lines (block), or before `}` (flow). */
export function insertEntries(
  sink: YamlSplices,
  located: At<ParsedMap>,
  entries: readonly (readonly [string, JsonValue])[],
): void {
  const { node } = located;
  sink.insertedInto.add(node);
  const lines = sink.lines;
  if (isFlow(node)) {
    const texts = entries.map(([key, value]) => `${renderKey(key, true)}: ${renderFlow(value)}`);
    insertFlow(sink, located, node.items.length, texts);
    return;
  }
  const lastIndex = node.items.length - 1;
  const column = lines.column(entryStart(node, lastIndex));
  const rendered = entries.flatMap(([key, value]) => renderBlockEntry(key, value, column, sink.layout));
  insertLines(
    sink,
    lines.afterLastLine(entryStart(node, lastIndex), entryEnd(node, lastIndex)),
    rendered,
    located,
  );
}

/** New items before item `index` of a list (at its end when `index` is its length). */
export function insertItems(
  sink: YamlSplices,
  located: At<ParsedSeq>,
  index: number,
  items: readonly JsonValue[],
): void {
  const { node } = located;
  sink.insertedInto.add(node);
  if (items.length === 0) return;
  if (isFlow(node)) {
    insertFlow(sink, located, index, items.map(renderFlow));
    return;
  }
  const lines = sink.lines;
  const count = node.items.length;
  const neighbour = Math.min(index, count - 1);
  const dash = dashOffset(sink.lines, node, neighbour, located.path);
  const neighbourNode = node.items[neighbour];
  const neighbourStart = isParsedNode(neighbourNode) ? neighbourNode.range[0] : dash + 1;
  const sameLine =
    isParsedNode(neighbourNode) &&
    neighbourNode.range[1] > neighbourStart &&
    lines.sameLine(dash, neighbourStart);
  // The whitespace after the dash and the style of map items follow the neighbouring item.
  const separator = sameLine
    ? lines.text.slice(dash + 1, neighbourStart)
    : ' '.repeat(Math.max(sink.layout.itemIndent - 1, 1));
  const flowItems =
    isParsedNode(neighbourNode) && (isMap(neighbourNode) || isSeq(neighbourNode)) && isFlow(neighbourNode);
  const rendered = items.flatMap((item) =>
    renderBlockItem(item, lines.column(dash), separator, sink.layout, flowItems),
  );
  let at: number | undefined;
  if (index >= count) at = lines.afterLastLine(dash, itemEnd(sink.lines, node, count - 1, located.path));
  else if (index === 0) {
    if (!lines.startsLine(dash))
      throw sink.error(located.path, 'starts on the line of another item; cannot insert before it', node);
    at = lines.lineStart(dash);
  } else
    at = lines.afterLastLine(
      dashOffset(sink.lines, node, index - 1, located.path),
      itemEnd(sink.lines, node, index - 1, located.path),
    );
  insertLines(sink, at, rendered, located);
}

/** Items or entries (already rendered) into a flow collection before item `index`. */
export function insertFlow(
  sink: YamlSplices,
  located: At<Collection>,
  index: number,
  texts: readonly string[],
): void {
  const { node } = located;
  const [start, end] = node.range;
  const count = node.items.length;
  if (count === 0) {
    const inner = texts.join(', ');
    sink.splice(start + 1, end - 1, isMap(node) ? ` ${inner} ` : inner, located);
    return;
  }
  const lines = sink.lines;
  const starts = node.items.map((_, position) => flowItemRange(node, position)[0]);
  // One item a line (`[\n  a,\n  b\n]`) stays one item a line.
  const previousStart = count > 1 ? starts[count - 2] : start;
  const lastStart = starts[count - 1] ?? start;
  const perLine = previousStart !== undefined && !lines.sameLine(previousStart, lastStart);
  const indent = ' '.repeat(lines.column(lastStart));
  if (index >= count) {
    const at = flowItemRange(node, count - 1)[1];
    const text = texts.map((item) => (perLine ? `,${lines.eol}${indent}${item}` : `, ${item}`)).join('');
    sink.splice(at, at, text, located);
  } else {
    const at = starts[index] ?? start + 1;
    const text = texts.map((item) => (perLine ? `${item},${lines.eol}${indent}` : `${item}, `)).join('');
    sink.splice(at, at, text, located);
  }
}

/** Whole new lines at `at` (the start of a line), or at the end of a file whose last line has no line break. */
export function insertLines(
  sink: YamlSplices,
  at: number | undefined,
  rendered: readonly string[],
  located: Located,
): void {
  const { eol, text } = sink.lines;
  if (at === undefined)
    sink.splice(text.length, text.length, rendered.map((line) => `${eol}${line}`).join(''), located);
  else sink.splice(at, at, rendered.map((line) => `${line}${eol}`).join(''), located);
}
