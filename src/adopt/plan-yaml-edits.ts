/**
 * Plans manifest edits as splices of a YAML file's text, node by node. The `yaml` package gives every node its
 * source range (and, with `keepSourceTokens`, the offsets of `:` and `-`); everything between the nodes that an
 * edit touches (comments, blank lines, quoting, indentation) is left as it is written.
 */
import { isMap, isNode, isScalar, isSeq } from 'yaml';
import type { Document, Pair, ParsedNode, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { isJsonObject, jsonEqual } from '../model/json.js';
import type { JsonObject, JsonPrimitive, JsonValue } from '../model/json.js';
import { ManifestEditError, formatManifestPath } from './manifest-edit.js';
import type { ManifestEdit, ManifestPath } from './manifest-edit.js';
import {
  renderAfterDash,
  renderAfterKey,
  renderBlockEntry,
  renderBlockItem,
  renderBlockScalar,
  renderFlow,
  renderInlineScalar,
  renderKey,
} from './render-yaml-value.js';
import type { LayoutStyle, RenderedValue, ScalarStyle } from './render-yaml-value.js';
import type { SourceLines } from './source-lines.js';

type ParsedMap = YAMLMap.Parsed;
type ParsedSeq = YAMLSeq.Parsed;
type ParsedPair = Pair<ParsedNode, ParsedNode | null>;
type Collection = ParsedMap | ParsedSeq;

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
type At<T extends ParsedNode> = Omit<Located, 'node'> & { readonly node: T };

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

interface Deletions {
  readonly collection: At<Collection>;
  readonly indexes: Set<number>;
}

/** Collects the splices of one file; `finish` resolves deletions, which depend on each other. */
export class YamlEditPlanner {
  readonly edits: PlannedEdit[] = [];
  private readonly deletions = new Map<Collection, Deletions>();
  private readonly insertedInto = new Set<Collection>();

  constructor(
    private readonly lines: SourceLines,
    private readonly layout: LayoutStyle,
  ) {}

  /** Plans one manifest edit relative to an entity's mapping. */
  plan(entity: Located, edit: ManifestEdit): void {
    switch (edit.kind) {
      case 'set': {
        const found = this.resolve(entity, edit.path);
        if (found.kind === 'found') this.setValue(found.located, edit.value);
        else this.insertMissing(found.parent, edit.path, found.missing, edit.value);
        return;
      }
      case 'append': {
        const found = this.resolve(entity, edit.path);
        if (found.kind === 'missing') {
          this.insertMissing(found.parent, edit.path, found.missing, [...edit.items]);
          return;
        }
        const { node } = found.located;
        if (isSeq(node)) this.insertItems(found.located as At<ParsedSeq>, node.items.length, edit.items);
        else if (isScalar(node) && node.value === null) this.setValue(found.located, [...edit.items]);
        else throw this.error(edit.path, 'is not a list', node);
        return;
      }
      case 'delete': {
        if (edit.path.length === 0) throw new ManifestEditError('cannot delete the entity itself', edit.path);
        const found = this.resolve(entity, edit.path);
        if (found.kind === 'missing') return; // Nothing to delete: the file already says what was asked.
        const { slot } = found.located;
        if (slot.kind === 'entry') this.delete(this.containerOf(found.located, slot.map), slot.index);
        else if (slot.kind === 'item') this.delete(this.containerOf(found.located, slot.seq), slot.index);
        return;
      }
    }
  }

  /** Resolves deletions (whole lines, separators, or an emptied collection) into splices. */
  finish(): void {
    for (const { collection, indexes } of this.deletions.values()) {
      const { node } = collection;
      const count = node.items.length;
      const kept = [...Array(count).keys()].filter((index) => !indexes.has(index));
      const deleted = [...indexes].sort((a, b) => a - b);
      if (kept.length === 0) {
        // Every line of a block collection can go while new lines come after them; anything else is ambiguous.
        const wholeLines =
          !isFlow(node) &&
          deleted.every((index) => this.lines.startsLine(this.blockItemStart(collection, index)));
        if (this.insertedInto.has(node) && wholeLines) {
          this.deleteBlockItems(collection, deleted, kept);
          continue;
        }
        if (this.insertedInto.has(node))
          throw new ManifestEditError(
            `${formatManifestPath(collection.path)}: the edits remove every item and add new ones; set the whole value instead`,
            collection.path,
          );
        this.replaceValue(collection, isMap(node) ? {} : []);
        continue;
      }
      if (isFlow(node)) this.deleteFlowItems(collection, deleted, kept);
      else this.deleteBlockItems(collection, deleted, kept);
    }
    this.deletions.clear();
  }

  // --- Finding nodes ---

  private resolve(
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
          throw this.error(path.slice(0, position), 'is a map, not a list', node);
        const index = node.items.findIndex((pair) => keyOf(pair) === segment);
        const pair = node.items[index];
        if (pair === undefined)
          return { kind: 'missing', parent: current as At<ParsedMap>, missing: position };
        current = {
          doc: current.doc,
          node: pair.value,
          slot: { kind: 'entry', map: node, index },
          depth: current.depth + 1,
          path: here,
        };
      } else if (isSeq(node)) {
        if (typeof segment !== 'number')
          throw this.error(path.slice(0, position), 'is a list, not a map', node);
        const item = node.items[segment];
        if (item === undefined || !isParsedNode(item))
          throw this.error(path.slice(0, position), `has no item ${segment} to edit`, node);
        current = {
          doc: current.doc,
          node: item,
          slot: { kind: 'item', seq: node, index: segment },
          depth: current.depth + 1,
          path: here,
        };
      } else {
        throw this.error(path.slice(0, position), 'is a scalar, not a map or list', node);
      }
    }
    return { kind: 'found', located: current };
  }

  private containerOf<T extends Collection>(child: Located, node: T): At<T> {
    const parentPath = child.path.slice(0, -1);
    const slot = this.slotOf(child.doc, node);
    return { doc: child.doc, node, slot, depth: child.depth - 1, path: parentPath };
  }

  /** The slot of a collection, found from the document's root (collections do not point to their parents). */
  private slotOf(doc: Document.Parsed, target: Collection): Slot {
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

  // --- Setting values ---

  /** Sets an existing node's value: maps and lists are edited entry by entry, so untouched lines stay. */
  private setValue(located: Located, value: JsonValue): void {
    const { node } = located;
    if (node !== null && jsonEqual(node.toJS(located.doc) as unknown, value)) return;
    if (isMap(node) && isJsonObject(value) && Object.keys(value).length > 0) {
      this.setMap(located as At<ParsedMap>, value);
    } else if (isSeq(node) && Array.isArray(value) && value.length > 0) {
      this.setSequence(located as At<ParsedSeq>, value as readonly JsonValue[]);
    } else if (isScalar(node) && !Array.isArray(value) && !isJsonObject(value)) {
      this.setScalar(located as At<Scalar.Parsed>, value as JsonPrimitive);
    } else {
      this.replaceValue(located, value);
    }
  }

  private setMap(located: At<ParsedMap>, value: JsonObject): void {
    const { node } = located;
    // A map with no key in common with the new one is one replacement, not a delete of every line and an insert.
    const overlaps = node.items.some((pair) => {
      const key = keyOf(pair);
      return key !== undefined && Object.hasOwn(value, key);
    });
    if (!overlaps && located.slot.kind !== 'root') {
      this.replaceValue(located, value);
      return;
    }
    const existing = new Set<string>();
    for (const [index, pair] of node.items.entries()) {
      const key = keyOf(pair);
      if (key === undefined) continue;
      existing.add(key);
      const next = value[key];
      if (next === undefined) this.delete(located, index);
      else
        this.setValue(
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
    if (added.length > 0) this.insertEntries(located, added);
  }

  /**
   * Lists: the common head and tail stay; the items between are set pairwise, and what is left over is deleted or
   * inserted (one item added, removed or changed is one small edit).
   */
  private setSequence(located: At<ParsedSeq>, value: readonly JsonValue[]): void {
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
      this.setValue(
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
    for (let offset = paired; offset < oldMiddle; offset += 1) this.delete(located, head + offset);
    if (newMiddle > paired)
      this.insertItems(located, head + paired, value.slice(head + paired, head + newMiddle));
  }

  /** A scalar replaced by a scalar: the old style is kept when the new value can be written in it. */
  private setScalar(located: At<Scalar.Parsed>, value: JsonPrimitive): void {
    const { node } = located;
    const style = scalarStyle(node);
    const inFlow = slotIsFlow(located.slot);
    const isBlock = style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED';
    if (typeof value === 'string' && !inFlow && (value.includes('\n') || isBlock)) {
      const contentColumn = isBlock ? this.blockContentColumn(located) : this.childColumn(located);
      const block = renderBlockScalar(
        value,
        style === 'BLOCK_FOLDED' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL',
        contentColumn,
      );
      if (block !== undefined) {
        // A comment on the header line (`description: | # why`) belongs to the value's header, not its content.
        const headerRest = isBlock ? this.headerComment(node) : '';
        this.replaceAfterIndicator(located, { inline: block.header + headerRest, lines: block.lines });
        return;
      }
    }
    this.replaceAfterIndicator(located, { inline: renderInlineScalar(value, inFlow, style), lines: [] });
  }

  /** A node replaced by a value of another kind (or emptied): rendered whole, in the style of where it sits. */
  private replaceValue(located: Located, value: JsonValue): void {
    const { node, slot } = located;
    const isCollectionValue = Array.isArray(value) || isJsonObject(value);
    if (slotIsFlow(slot) || ((isMap(node) || isSeq(node)) && isFlow(node) && isCollectionValue)) {
      this.replaceAfterIndicator(located, { inline: renderFlow(value), lines: [] });
      return;
    }
    switch (slot.kind) {
      case 'root':
        if (!isJsonObject(value)) throw new ManifestEditError('an entity must stay a mapping', located.path);
        this.replaceAfterIndicator(located, { inline: renderFlow(value), lines: [] });
        return;
      case 'entry':
        this.replaceAfterIndicator(
          located,
          renderAfterKey(value, this.lines.column(this.entryStart(slot.map, slot.index)), this.layout, false),
        );
        return;
      case 'item':
        this.replaceAfterIndicator(
          located,
          renderAfterDash(value, this.childColumn(located), this.layout, false),
        );
        return;
    }
  }

  /**
   * Replaces a node's text after its indicator (`key:` or `-`). A one-line node becoming a one-line value is
   * replaced exactly (spacing and a trailing comment stay); otherwise everything from the indicator to the node's
   * last line is replaced, keeping a comment of the replaced lines on the indicator's line.
   */
  private replaceAfterIndicator(located: Located, rendered: RenderedValue): void {
    const { node, slot } = located;
    const lines = this.lines;
    if (node === null)
      throw this.error(located.path, 'is written without a value (`? key`), which adopt cannot edit');
    const [start, end] = node.range;
    const oneLine = end > start && lines.sameLine(start, end) && lines.text[end - 1] !== '\n';
    if (slotIsFlow(slot) || slot.kind === 'root') {
      if (rendered.lines.length > 0)
        throw this.error(located.path, 'cannot take a multi-line value here', node);
      // An empty value right after its `:` (`{ a: }`) needs the space a value is separated by.
      const space = start === end && lines.text[start - 1] === ':' ? ' ' : '';
      const stop = slot.kind === 'root' ? lines.lastLineEnd(start, end) : end;
      this.splice(start, stop, `${space}${rendered.inline}`, located);
      return;
    }
    const indicatorEnd = this.indicatorEnd(located);
    const inline = end > start && lines.sameLine(indicatorEnd, start);
    if (rendered.lines.length === 0 && oneLine && inline) {
      this.splice(start, end, rendered.inline, located);
      return;
    }
    const empty = end === start;
    const lastLineEnd = empty ? lines.lineEnd(indicatorEnd) : lines.lastLineEnd(start, end);
    const commentAfterValue = !empty && lines.text[end - 1] !== '\n' ? lines.trailingComment(end) : '';
    const comment =
      commentAfterValue !== ''
        ? commentAfterValue
        : empty || !inline
          ? lines.trailingComment(indicatorEnd)
          : '';
    const separator = inline ? lines.text.slice(indicatorEnd, start) : ' ';
    const head = rendered.inline === '' ? '' : `${separator}${rendered.inline}`;
    const rest = rendered.lines.map((line) => `${lines.eol}${line}`).join('');
    this.splice(indicatorEnd, lastLineEnd, `${head}${comment}${rest}`, located);
  }

  /** Where a node's indicator (`:` of its entry, `-` of its item) ends. */
  private indicatorEnd(located: Located): number {
    const { slot } = located;
    if (slot.kind === 'entry') {
      const pair = slot.map.items[slot.index];
      const colon = pair?.srcToken?.sep?.find((token) => token.type === 'map-value-ind');
      if (colon === undefined) throw this.error(located.path, 'has no `key: value` form adopt can edit');
      return colon.offset + 1;
    }
    if (slot.kind === 'item') return this.dashOffset(slot.seq, slot.index, located.path) + 1;
    throw this.error(located.path, 'is not inside a map or a list');
  }

  /** The column where nested content of a node goes: under its key, or after its dash. */
  private childColumn(located: Located): number {
    const { slot, node } = located;
    switch (slot.kind) {
      case 'root':
        return this.layout.indent;
      case 'entry':
        return this.lines.column(this.entryStart(slot.map, slot.index)) + this.layout.indent;
      case 'item': {
        const dash = this.dashOffset(slot.seq, slot.index, located.path);
        if (node !== null && node.range[1] > node.range[0] && this.lines.sameLine(dash, node.range[0]))
          return this.lines.column(node.range[0]);
        return this.lines.column(dash) + this.layout.itemIndent;
      }
    }
  }

  /** The indentation of a block scalar's content as written (its first non-empty line). */
  private blockContentColumn(located: At<Scalar.Parsed>): number {
    const [start, end] = located.node.range;
    const text = this.lines.text;
    let lineStart = this.lines.nextLineStart(start);
    while (lineStart !== undefined && lineStart < end) {
      const lineEnd = this.lines.lineEnd(lineStart);
      const line = text.slice(lineStart, lineEnd);
      if (line.trim() !== '') return line.length - line.trimStart().length;
      lineStart = this.lines.nextLineStart(lineStart);
    }
    return this.childColumn(located);
  }

  /** What follows a block scalar's indicators on its header line (` # comment`), kept as it is. */
  private headerComment(node: Scalar.Parsed): string {
    const start = node.range[0];
    const header = this.lines.text.slice(start, this.lines.lineEnd(start));
    return header.replace(/^[|>][-+1-9]*/, '');
  }

  // --- Inserting ---

  /** A `set` or `append` whose path is missing from `missing` on: `key: value` (nested maps built) in the map. */
  private insertMissing(parent: At<ParsedMap>, path: ManifestPath, missing: number, value: JsonValue): void {
    let nested = value;
    for (let position = path.length - 1; position > missing; position -= 1) {
      const segment = path[position];
      if (typeof segment !== 'string')
        throw this.error(
          path.slice(0, missing + 1),
          'is missing, and adopt does not create list items by index',
        );
      nested = { [segment]: nested };
    }
    const key = path[missing];
    if (typeof key !== 'string')
      throw this.error(path.slice(0, missing), 'is a map, not a list', parent.node);
    this.insertEntries(parent, [[key, nested]]);
  }

  /** New entries at the end of a map: after its last entry's lines (block), or before `}` (flow). */
  private insertEntries(located: At<ParsedMap>, entries: readonly (readonly [string, JsonValue])[]): void {
    const { node } = located;
    this.insertedInto.add(node);
    const lines = this.lines;
    if (isFlow(node)) {
      const texts = entries.map(([key, value]) => `${renderKey(key, true)}: ${renderFlow(value)}`);
      this.insertFlow(located, node.items.length, texts);
      return;
    }
    const lastIndex = node.items.length - 1;
    const column = lines.column(this.entryStart(node, lastIndex));
    const rendered = entries.flatMap(([key, value]) => renderBlockEntry(key, value, column, this.layout));
    this.insertLines(
      lines.afterLastLine(this.entryStart(node, lastIndex), this.entryEnd(node, lastIndex)),
      rendered,
      located,
    );
  }

  /** New items before item `index` of a list (at its end when `index` is its length). */
  private insertItems(located: At<ParsedSeq>, index: number, items: readonly JsonValue[]): void {
    const { node } = located;
    this.insertedInto.add(node);
    if (items.length === 0) return;
    if (isFlow(node)) {
      this.insertFlow(located, index, items.map(renderFlow));
      return;
    }
    const lines = this.lines;
    const count = node.items.length;
    const neighbour = Math.min(index, count - 1);
    const dash = this.dashOffset(node, neighbour, located.path);
    const neighbourNode = node.items[neighbour];
    const neighbourStart = isParsedNode(neighbourNode) ? neighbourNode.range[0] : dash + 1;
    const sameLine =
      isParsedNode(neighbourNode) &&
      neighbourNode.range[1] > neighbourStart &&
      lines.sameLine(dash, neighbourStart);
    // The whitespace after the dash and the style of map items follow the neighbouring item.
    const separator = sameLine
      ? lines.text.slice(dash + 1, neighbourStart)
      : ' '.repeat(Math.max(this.layout.itemIndent - 1, 1));
    const flowItems =
      isParsedNode(neighbourNode) && (isMap(neighbourNode) || isSeq(neighbourNode)) && isFlow(neighbourNode);
    const rendered = items.flatMap((item) =>
      renderBlockItem(item, lines.column(dash), separator, this.layout, flowItems),
    );
    let at: number | undefined;
    if (index >= count) at = lines.afterLastLine(dash, this.itemEnd(node, count - 1, located.path));
    else if (index === 0) {
      if (!lines.startsLine(dash))
        throw this.error(located.path, 'starts on the line of another item; cannot insert before it', node);
      at = lines.lineStart(dash);
    } else
      at = lines.afterLastLine(
        this.dashOffset(node, index - 1, located.path),
        this.itemEnd(node, index - 1, located.path),
      );
    this.insertLines(at, rendered, located);
  }

  /** Items or entries (already rendered) into a flow collection before item `index`. */
  private insertFlow(located: At<Collection>, index: number, texts: readonly string[]): void {
    const { node } = located;
    const [start, end] = node.range;
    const count = node.items.length;
    if (count === 0) {
      const inner = texts.join(', ');
      this.splice(start + 1, end - 1, isMap(node) ? ` ${inner} ` : inner, located);
      return;
    }
    const lines = this.lines;
    const starts = node.items.map((_, position) => this.flowItemRange(node, position)[0]);
    // One item a line (`[\n  a,\n  b\n]`) stays one item a line.
    const previousStart = count > 1 ? starts[count - 2] : start;
    const lastStart = starts[count - 1] ?? start;
    const perLine = previousStart !== undefined && !lines.sameLine(previousStart, lastStart);
    const indent = ' '.repeat(lines.column(lastStart));
    if (index >= count) {
      const at = this.flowItemRange(node, count - 1)[1];
      const text = texts.map((item) => (perLine ? `,${lines.eol}${indent}${item}` : `, ${item}`)).join('');
      this.splice(at, at, text, located);
    } else {
      const at = starts[index] ?? start + 1;
      const text = texts.map((item) => (perLine ? `${item},${lines.eol}${indent}` : `${item}, `)).join('');
      this.splice(at, at, text, located);
    }
  }

  /** Whole new lines at `at` (the start of a line), or at the end of a file whose last line has no line break. */
  private insertLines(at: number | undefined, rendered: readonly string[], located: Located): void {
    const { eol, text } = this.lines;
    if (at === undefined)
      this.splice(text.length, text.length, rendered.map((line) => `${eol}${line}`).join(''), located);
    else this.splice(at, at, rendered.map((line) => `${line}${eol}`).join(''), located);
  }

  // --- Deleting ---

  private delete(collection: At<Collection>, index: number): void {
    let record = this.deletions.get(collection.node);
    if (record === undefined) {
      record = { collection, indexes: new Set() };
      this.deletions.set(collection.node, record);
    }
    record.indexes.add(index);
  }

  /** Flow items go with one separator each: the one before them, or (before the first kept item) the one after. */
  private deleteFlowItems(
    collection: At<Collection>,
    deleted: readonly number[],
    kept: readonly number[],
  ): void {
    const firstKept = kept[0] ?? 0;
    for (const index of deleted) {
      const [, itemEnd] = this.flowItemRange(collection.node, index);
      if (index > firstKept) {
        const [, previousEnd] = this.flowItemRange(collection.node, index - 1);
        this.splice(previousEnd, itemEnd, '', { ...collection, path: [...collection.path, index] });
      } else {
        const [itemStart] = this.flowItemRange(collection.node, index);
        const [nextStart] = this.flowItemRange(collection.node, index + 1);
        this.splice(itemStart, nextStart, '', { ...collection, path: [...collection.path, index] });
      }
    }
  }

  /**
   * Block entries and items go with their whole lines (a comment on their last line included). The first entry
   * of a map written on its item's dash line (`- name: x`) goes up to the next kept entry, which takes its place.
   */
  private deleteBlockItems(
    collection: At<Collection>,
    deleted: readonly number[],
    kept: readonly number[],
  ): void {
    const lines = this.lines;
    const { node } = collection;
    const covered = new Set<number>();
    for (const index of deleted) {
      if (covered.has(index)) continue;
      const path = [...collection.path, isMap(node) ? (keyOf(node.items[index]) ?? index) : index];
      const start = this.blockItemStart(collection, index);
      const end = this.blockItemEnd(collection, index);
      if (!lines.startsLine(start)) {
        const next = kept.find((position) => position > index);
        if (next === undefined) throw this.error(path, 'cannot be deleted on its own line');
        for (let position = index; position < next; position += 1) covered.add(position);
        this.splice(start, this.blockItemStart(collection, next), '', { ...collection, path });
        continue;
      }
      const lineStart = lines.lineStart(start);
      const after = lines.afterLastLine(start, end);
      if (after !== undefined) {
        this.splice(lineStart, after, '', { ...collection, path });
      } else {
        // The file's last line, without a line break: the line break before it goes instead.
        const breakStart =
          lineStart >= 2 && lines.text[lineStart - 2] === '\r' ? lineStart - 2 : Math.max(lineStart - 1, 0);
        this.splice(breakStart, lines.text.length, '', { ...collection, path });
      }
    }
  }

  // --- Positions ---

  private blockItemStart(collection: At<Collection>, index: number): number {
    const { node } = collection;
    return isMap(node) ? this.entryStart(node, index) : this.dashOffset(node, index, collection.path);
  }

  private blockItemEnd(collection: At<Collection>, index: number): number {
    const { node } = collection;
    return isMap(node) ? this.entryEnd(node, index) : this.itemEnd(node, index, collection.path);
  }

  private entryStart(map: ParsedMap, index: number): number {
    const pair = map.items[index];
    if (pair === undefined) throw new ManifestEditError(`a map has no entry ${index}`);
    return pair.key.range[0];
  }

  private entryEnd(map: ParsedMap, index: number): number {
    const pair = map.items[index];
    if (pair === undefined) throw new ManifestEditError(`a map has no entry ${index}`);
    return Math.max(pair.key.range[1], pair.value?.range[1] ?? 0);
  }

  private itemEnd(seq: ParsedSeq, index: number, path: ManifestPath): number {
    const item = seq.items[index];
    return isParsedNode(item) ? item.range[1] : this.dashOffset(seq, index, path) + 1;
  }

  private dashOffset(seq: ParsedSeq, index: number, path: ManifestPath): number {
    const token = seq.srcToken;
    if (token?.type !== 'block-seq') throw this.error(path, 'is not a block list');
    const dash = token.items[index]?.start.find((source) => source.type === 'seq-item-ind');
    if (dash === undefined) throw this.error(path, `has no dash for item ${index}`);
    return dash.offset;
  }

  private flowItemRange(collection: Collection, index: number): readonly [number, number] {
    if (isMap(collection)) {
      const pair = collection.items[index];
      if (pair === undefined) return [collection.range[1] - 1, collection.range[1] - 1];
      return [pair.key.range[0], Math.max(pair.key.range[1], pair.value?.range[1] ?? 0)];
    }
    const item = collection.items[index];
    if (!isParsedNode(item)) return [collection.range[1] - 1, collection.range[1] - 1];
    return [item.range[0], item.range[1]];
  }

  private splice(start: number, end: number, newText: string, located: Located): void {
    this.edits.push({
      start,
      end,
      newText,
      depth: located.depth,
      order: this.edits.length,
      path: formatManifestPath(located.path),
    });
  }

  private error(path: ManifestPath, problem: string, node?: ParsedNode | null): ManifestEditError {
    const where = node === undefined || node === null ? '' : ` (${this.lines.describe(node.range[0])})`;
    return new ManifestEditError(`${formatManifestPath(path)} ${problem}${where}`, path);
  }
}

function keyOf(pair: ParsedPair | undefined): string | undefined {
  if (pair === undefined || !isScalar(pair.key)) return undefined;
  // As toJS names the key of a JS object: scalars by their string form.
  const value: unknown = pair.key.value;
  return typeof value === 'object' && value !== null ? undefined : String(value);
}

function isParsedNode(value: unknown): value is ParsedNode {
  return isNode(value) && Array.isArray(value.range);
}

function isFlow(node: Collection): boolean {
  return node.srcToken?.type === 'flow-collection' || node.flow === true;
}

function slotIsFlow(slot: Slot): boolean {
  switch (slot.kind) {
    case 'root':
      return false;
    case 'entry':
      return isFlow(slot.map);
    case 'item':
      return isFlow(slot.seq);
  }
}

function scalarStyle(node: Scalar.Parsed): ScalarStyle | undefined {
  const type = node.type;
  return type === 'PLAIN' ||
    type === 'QUOTE_SINGLE' ||
    type === 'QUOTE_DOUBLE' ||
    type === 'BLOCK_LITERAL' ||
    type === 'BLOCK_FOLDED'
    ? type
    : undefined;
}
