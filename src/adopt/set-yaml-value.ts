/**
 * Setting a node's value in place: maps and lists entry by entry (untouched lines stay), scalars in their own
 * style where the new value can be written in it, anything else rendered whole in the style of where it sits.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import type { Scalar } from 'yaml';
import { isJsonObject, jsonEqual } from '../model/json.js';
import type { JsonObject, JsonPrimitive, JsonValue } from '../model/json.js';
import { ManifestEditError } from './manifest-edit.js';
import { markDeleted } from './delete-yaml.js';
import { insertEntries, insertItems } from './insert-yaml.js';
import {
  renderAfterDash,
  renderAfterKey,
  renderBlockScalar,
  renderFlow,
  renderInlineScalar,
} from './render-yaml-value.js';
import type { RenderedValue } from './render-yaml-value.js';
import type { YamlSplices } from './yaml-splices.js';
import {
  dashOffset,
  entryStart,
  isFlow,
  isParsedNode,
  keyOf,
  scalarStyle,
  slotIsFlow,
  type At,
  type Located,
  type ParsedMap,
  type ParsedSeq,
} from './yaml-nodes.js';

/** Sets an existing node's value: maps and lists are edited entry by entry, so untouched lines stay. */
export function setValue(sink: YamlSplices, located: Located, value: JsonValue): void {
  const { node } = located;
  if (node !== null && jsonEqual(node.toJS(located.doc) as unknown, value)) return;
  if (isMap(node) && isJsonObject(value) && Object.keys(value).length > 0) {
    setMap(sink, located as At<ParsedMap>, value);
  } else if (isSeq(node) && Array.isArray(value) && value.length > 0) {
    setSequence(sink, located as At<ParsedSeq>, value as readonly JsonValue[]);
  } else if (isScalar(node) && !Array.isArray(value) && !isJsonObject(value)) {
    setScalar(sink, located as At<Scalar.Parsed>, value as JsonPrimitive);
  } else {
    replaceValue(sink, located, value);
  }
}

export function setMap(sink: YamlSplices, located: At<ParsedMap>, value: JsonObject): void {
  const { node } = located;
  // A map with no key in common with the new one is one replacement, not a delete of every line and an insert.
  const overlaps = node.items.some((pair) => {
    const key = keyOf(pair);
    return key !== undefined && Object.hasOwn(value, key);
  });
  if (!overlaps && located.slot.kind !== 'root') {
    replaceValue(sink, located, value);
    return;
  }
  const existing = new Set<string>();
  for (const [index, pair] of node.items.entries()) {
    const key = keyOf(pair);
    if (key === undefined) continue;
    existing.add(key);
    const next = value[key];
    if (next === undefined) markDeleted(sink, located, index);
    else
      setValue(
        sink,
        {
          doc: located.doc,
          node: pair.value,
          slot: { kind: 'entry', map: node, index },
          depth: located.depth + 1,
          path: [...located.path, key],
        },
        next,
      );
  }
  const added = Object.entries(value).filter(([key]) => !existing.has(key));
  if (added.length > 0) insertEntries(sink, located, added);
}

/**
 * Lists: the common head and tail stay; the items between are set pairwise, and what is left over is deleted or
 * inserted (one item added, removed or changed is one small edit).
 */
export function setSequence(sink: YamlSplices, located: At<ParsedSeq>, value: readonly JsonValue[]): void {
  const { node, doc } = located;
  const old = node.items.map((item) => (isParsedNode(item) ? (item.toJS(doc) as unknown) : undefined));
  const shortest = Math.min(old.length, value.length);
  let head = 0;
  while (head < shortest && jsonEqual(old[head], value[head])) head += 1;
  let tail = 0;
  while (tail < shortest - head && jsonEqual(old[old.length - 1 - tail], value[value.length - 1 - tail]))
    tail += 1;
  const oldMiddle = old.length - head - tail;
  const newMiddle = value.length - head - tail;
  const paired = Math.min(oldMiddle, newMiddle);
  for (let offset = 0; offset < paired; offset += 1) {
    const index = head + offset;
    const item = node.items[index];
    const next = value[index];
    if (item === undefined || next === undefined || !isParsedNode(item)) continue;
    setValue(
      sink,
      {
        doc,
        node: item,
        slot: { kind: 'item', seq: node, index },
        depth: located.depth + 1,
        path: [...located.path, index],
      },
      next,
    );
  }
  for (let offset = paired; offset < oldMiddle; offset += 1) markDeleted(sink, located, head + offset);
  if (newMiddle > paired)
    insertItems(sink, located, head + paired, value.slice(head + paired, head + newMiddle));
}

/** A scalar replaced by a scalar: the old style is kept when the new value can be written in it. */
export function setScalar(sink: YamlSplices, located: At<Scalar.Parsed>, value: JsonPrimitive): void {
  const { node } = located;
  const style = scalarStyle(node);
  const inFlow = slotIsFlow(located.slot);
  const isBlock = style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED';
  if (typeof value === 'string' && !inFlow && (value.includes('\n') || isBlock)) {
    const contentColumn = isBlock ? blockContentColumn(sink, located) : childColumn(sink, located);
    const block = renderBlockScalar(
      value,
      style === 'BLOCK_FOLDED' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL',
      contentColumn,
    );
    if (block !== undefined) {
      // A comment on the header line (`description: | # why`) belongs to the value's header, not its content.
      const headerRest = isBlock ? headerComment(sink, node) : '';
      replaceAfterIndicator(sink, located, { inline: block.header + headerRest, lines: block.lines });
      return;
    }
  }
  replaceAfterIndicator(sink, located, { inline: renderInlineScalar(value, inFlow, style), lines: [] });
}

/** A node replaced by a value of another kind (or emptied): rendered whole, in the style of where it sits. */
export function replaceValue(sink: YamlSplices, located: Located, value: JsonValue): void {
  const { node, slot } = located;
  const isCollectionValue = Array.isArray(value) || isJsonObject(value);
  if (slotIsFlow(slot) || ((isMap(node) || isSeq(node)) && isFlow(node) && isCollectionValue)) {
    replaceAfterIndicator(sink, located, { inline: renderFlow(value), lines: [] });
    return;
  }
  switch (slot.kind) {
    case 'root':
      if (!isJsonObject(value)) throw new ManifestEditError('an entity must stay a mapping', located.path);
      replaceAfterIndicator(sink, located, { inline: renderFlow(value), lines: [] });
      return;
    case 'entry':
      replaceAfterIndicator(
        sink,
        located,
        renderAfterKey(value, sink.lines.column(entryStart(slot.map, slot.index)), sink.layout, false),
      );
      return;
    case 'item':
      replaceAfterIndicator(
        sink,
        located,
        renderAfterDash(value, childColumn(sink, located), sink.layout, false),
      );
      return;
  }
}

/**
 * Replaces a node's text after its indicator (`key:` or `-`). A one-line node becoming a one-line value is
 * replaced exactly (spacing and a trailing comment stay); otherwise everything from the indicator to the node's
 * last line is replaced, keeping a comment of the replaced lines on the indicator's line.
 */
export function replaceAfterIndicator(sink: YamlSplices, located: Located, rendered: RenderedValue): void {
  const { node, slot } = located;
  const lines = sink.lines;
  if (node === null)
    throw sink.error(located.path, 'is written without a value (`? key`), which adopt cannot edit');
  const [start, end] = node.range;
  const oneLine = end > start && lines.sameLine(start, end) && lines.text[end - 1] !== '\n';
  if (slotIsFlow(slot) || slot.kind === 'root') {
    if (rendered.lines.length > 0)
      throw sink.error(located.path, 'cannot take a multi-line value here', node);
    // An empty value right after its `:` (`{ a: }`) needs the space a value is separated by.
    const space = start === end && lines.text[start - 1] === ':' ? ' ' : '';
    const stop = slot.kind === 'root' ? lines.lastLineEnd(start, end) : end;
    sink.splice(start, stop, `${space}${rendered.inline}`, located);
    return;
  }
  const indicator = indicatorEnd(sink, located);
  const inline = end > start && lines.sameLine(indicator, start);
  if (rendered.lines.length === 0 && oneLine && inline) {
    sink.splice(start, end, rendered.inline, located);
    return;
  }
  const empty = end === start;
  const lastLineEnd = empty ? lines.lineEnd(indicator) : lines.lastLineEnd(start, end);
  const commentAfterValue = !empty && lines.text[end - 1] !== '\n' ? lines.trailingComment(end) : '';
  const comment =
    commentAfterValue !== '' ? commentAfterValue : empty || !inline ? lines.trailingComment(indicator) : '';
  const separator = inline ? lines.text.slice(indicator, start) : ' ';
  const head = rendered.inline === '' ? '' : `${separator}${rendered.inline}`;
  const rest = rendered.lines.map((line) => `${lines.eol}${line}`).join('');
  sink.splice(indicator, lastLineEnd, `${head}${comment}${rest}`, located);
}

/** Where a node's indicator (`:` of its entry, `-` of its item) ends. */
export function indicatorEnd(sink: YamlSplices, located: Located): number {
  const { slot } = located;
  if (slot.kind === 'entry') {
    const pair = slot.map.items[slot.index];
    const colon = pair?.srcToken?.sep?.find((token) => token.type === 'map-value-ind');
    if (colon === undefined) throw sink.error(located.path, 'has no `key: value` form adopt can edit');
    return colon.offset + 1;
  }
  if (slot.kind === 'item') return dashOffset(sink.lines, slot.seq, slot.index, located.path) + 1;
  throw sink.error(located.path, 'is not inside a map or a list');
}

/** The column where nested content of a node goes: under its key, or after its dash. */
export function childColumn(sink: YamlSplices, located: Located): number {
  const { slot, node } = located;
  switch (slot.kind) {
    case 'root':
      return sink.layout.indent;
    case 'entry':
      return sink.lines.column(entryStart(slot.map, slot.index)) + sink.layout.indent;
    case 'item': {
      const dash = dashOffset(sink.lines, slot.seq, slot.index, located.path);
      if (node !== null && node.range[1] > node.range[0] && sink.lines.sameLine(dash, node.range[0]))
        return sink.lines.column(node.range[0]);
      return sink.lines.column(dash) + sink.layout.itemIndent;
    }
  }
}

/** The indentation of a block scalar's content as written (its first non-empty line). */
export function blockContentColumn(sink: YamlSplices, located: At<Scalar.Parsed>): number {
  const [start, end] = located.node.range;
  const text = sink.lines.text;
  let lineStart = sink.lines.nextLineStart(start);
  while (lineStart !== undefined && lineStart < end) {
    const lineEnd = sink.lines.lineEnd(lineStart);
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() !== '') return line.length - line.trimStart().length;
    lineStart = sink.lines.nextLineStart(lineStart);
  }
  return childColumn(sink, located);
}

/** What follows a block scalar's indicators on its header line (` # comment`), kept as it is. */
export function headerComment(sink: YamlSplices, node: Scalar.Parsed): string {
  const start = node.range[0];
  const header = sink.lines.text.slice(start, sink.lines.lineEnd(start));
  return header.replace(/^[|>][-+1-9]*/, '');
}
