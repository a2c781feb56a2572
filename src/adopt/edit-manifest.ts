/**
 * The manifest editor of `catalog adopt`: values changed in DataHub go back into the YAML files in place. Files
 * are edited, not rewritten: the edits are splices of the original text (planned node by node from the `yaml`
 * package's source ranges), so comments, key order, quoting, flow or block style, blank lines, indentation and
 * line endings stay, and only the changed lines differ. Whole documents are never re-serialized.
 */
import { isMap, isNode, isSeq, parseAllDocuments } from 'yaml';
import type { Document, ParsedNode } from 'yaml';
import { InternalError } from '../errors.js';
import { MAX_ALIAS_COUNT } from '../manifest/parse-documents.js';
import { isJsonObject, jsonEqual } from '../model/json.js';
import { editValue } from './edit-value.js';
import { ManifestEditError, formatManifestPath } from './manifest-edit.js';
import type { EntityEdits, ManifestEdit, TextEdit } from './manifest-edit.js';
import { YamlEditPlanner } from './plan-yaml-edits.js';
import type { Located, PlannedEdit, Slot } from './yaml-nodes.js';
import { DEFAULT_LAYOUT } from './render-yaml-value.js';
import type { LayoutStyle } from './render-yaml-value.js';
import { SourceLines } from './source-lines.js';

export { ManifestEditError } from './manifest-edit.js';
export type { EntityEdits, ManifestEdit, ManifestPath, TextEdit } from './manifest-edit.js';

/**
 * Pure: the text edits that make the entities' edits in `text`, in file order, non-overlapping. Throws
 * ManifestEditError when an anchor finds no mapping, a path goes through a scalar, or two edits touch the same
 * text; throws InternalError when the edited text would not read back as exactly the edited values (a bug: a
 * wrong file is never returned).
 */
export function planManifestEdits(text: string, entities: readonly EntityEdits[]): TextEdit[] {
  const hasEdits = entities.some((entity) => entity.edits.length > 0);
  if (!hasEdits) return [];
  const lines = new SourceLines(text);
  const documents = parseDocuments(text);
  const planner = new YamlEditPlanner(lines, measureLayout(documents, lines));
  const editsByDocument = new Map<number, ManifestEdit[]>();
  for (const entity of entities) {
    if (entity.edits.length === 0) continue;
    const anchor = findEntity(documents, lines, entity.at);
    for (const edit of entity.edits) planner.plan(anchor.located, edit);
    const documentEdits = editsByDocument.get(anchor.document) ?? [];
    documentEdits.push(...entity.edits.map((edit) => ({ ...edit, path: [...anchor.path, ...edit.path] })));
    editsByDocument.set(anchor.document, documentEdits);
  }
  planner.finish();
  const textEdits = orderEdits(text, planner.edits);
  verifyEdits(text, documents, textEdits, editsByDocument);
  return textEdits;
}

/** The text with the edits made. The edits must be in file order, non-overlapping, and match the text. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let result = '';
  let position = 0;
  for (const edit of edits) {
    if (edit.start < position || edit.end < edit.start || edit.end > text.length)
      throw new InternalError(`text edits out of order or overlapping at offset ${edit.start}`);
    if (text.slice(edit.start, edit.end) !== edit.oldText)
      throw new ManifestEditError(
        `the file changed since its edits were planned (offset ${edit.start} no longer reads ${JSON.stringify(edit.oldText)})`,
      );
    result += text.slice(position, edit.start) + edit.newText;
    position = edit.end;
  }
  return result + text.slice(position);
}

function parseDocuments(text: string): Document.Parsed[] {
  const documents = [...parseAllDocuments(text, { keepSourceTokens: true })];
  const broken = documents.find((document) => document.errors.length > 0);
  if (broken !== undefined)
    throw new ManifestEditError(
      `the file has a YAML syntax error; fix it before adopting: ${broken.errors[0]?.message.split('\n')[0] ?? ''}`,
    );
  return documents;
}

/** The entity's mapping at a 1-based line and column, with where it sits in its document. */
function findEntity(
  documents: readonly Document.Parsed[],
  lines: SourceLines,
  at: EntityEdits['at'],
): { readonly located: Located; readonly document: number; readonly path: (string | number)[] } {
  const offset = lines.offsetOf(at.line, at.column);
  for (const [index, document] of documents.entries()) {
    const found = findMapAt(document.contents, offset, { kind: 'root' }, []);
    if (found !== undefined)
      return {
        document: index,
        path: found.path,
        located: { doc: document, node: found.node, slot: found.slot, depth: found.path.length, path: [] },
      };
  }
  throw new ManifestEditError(`no mapping starts at line ${at.line}, column ${at.column}`);
}

function findMapAt(
  node: ParsedNode | null,
  offset: number,
  slot: Slot,
  path: (string | number)[],
): { node: ParsedNode; slot: Slot; path: (string | number)[] } | undefined {
  if (isMap(node)) {
    if (node.range[0] === offset) return { node, slot, path };
    for (const [index, pair] of node.items.entries()) {
      const key = isNode(pair.key) && 'value' in pair.key ? String(pair.key.value) : undefined;
      if (key === undefined) continue;
      const found = findMapAt(pair.value, offset, { kind: 'entry', map: node, index }, [...path, key]);
      if (found !== undefined) return found;
    }
  } else if (isSeq(node)) {
    for (const [index, item] of node.items.entries()) {
      if (!isNode(item)) continue;
      const found = findMapAt(item, offset, { kind: 'item', seq: node, index }, [...path, index]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * How the file indents, from the file itself: the first block map nested under a key, the first block list under
 * a key, the first list item written on its dash's line.
 */
function measureLayout(documents: readonly Document.Parsed[], lines: SourceLines): LayoutStyle {
  let indent: number | undefined;
  let sequenceIndent: number | undefined;
  let itemIndent: number | undefined;
  const visit = (node: ParsedNode | null): void => {
    if (isMap(node)) {
      const block = node.srcToken?.type === 'block-map';
      for (const pair of node.items) {
        const value = pair.value;
        if (
          block &&
          isNode(pair.key) &&
          pair.key.range &&
          value !== null &&
          !lines.sameLine(pair.key.range[0], value.range[0])
        ) {
          const keyColumn = lines.column(pair.key.range[0]);
          if (isMap(value) && value.srcToken?.type === 'block-map')
            indent ??= lines.column(value.range[0]) - keyColumn;
          if (isSeq(value) && value.srcToken?.type === 'block-seq') {
            const dash = value.srcToken.items[0]?.start.find((token) => token.type === 'seq-item-ind');
            if (dash !== undefined) sequenceIndent ??= lines.column(dash.offset) - keyColumn;
          }
        }
        visit(value);
      }
    } else if (isSeq(node)) {
      const token = node.srcToken;
      for (const [index, item] of node.items.entries()) {
        if (!isNode(item)) continue;
        const parsed = item;
        const dash =
          token?.type === 'block-seq'
            ? token.items[index]?.start.find((source) => source.type === 'seq-item-ind')
            : undefined;
        if (
          dash !== undefined &&
          parsed.range[1] > parsed.range[0] &&
          lines.sameLine(dash.offset, parsed.range[0])
        )
          itemIndent ??= parsed.range[0] - dash.offset;
        visit(parsed);
      }
    }
  };
  for (const document of documents) visit(document.contents);
  const measuredIndent = indent !== undefined && indent > 0 ? indent : undefined;
  const resolvedIndent =
    measuredIndent ??
    (sequenceIndent !== undefined && sequenceIndent > 0 ? sequenceIndent : DEFAULT_LAYOUT.indent);
  return {
    indent: resolvedIndent,
    sequenceIndent: sequenceIndent !== undefined && sequenceIndent >= 0 ? sequenceIndent : resolvedIndent,
    itemIndent: itemIndent !== undefined && itemIndent > 0 ? itemIndent : DEFAULT_LAYOUT.itemIndent,
  };
}

/**
 * The planned splices in file order. Insertions at one offset are joined (the deeper container's lines first, so
 * an item appended to a list that ends a map comes before a key added to that map); overlapping deletions are
 * joined; any other overlap is two edits of the same text.
 */
function orderEdits(text: string, planned: readonly PlannedEdit[]): TextEdit[] {
  const sorted = planned
    .filter((edit) => edit.start !== edit.end || edit.newText !== '')
    .sort(
      (a, b) =>
        a.start - b.start ||
        a.end - b.end ||
        (a.start === a.end && b.start === b.end ? b.depth - a.depth : 0) ||
        a.order - b.order,
    );
  const merged: { start: number; end: number; newText: string; path: string }[] = [];
  for (const edit of sorted) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && edit.start < previous.end) {
      if (previous.newText === '' && edit.newText === '') {
        previous.end = Math.max(previous.end, edit.end);
        continue;
      }
      throw new ManifestEditError(
        `two edits change the same text (${previous.path} and ${edit.path}); make them one edit`,
      );
    }
    if (
      previous !== undefined &&
      previous.start === previous.end &&
      edit.start === edit.end &&
      previous.start === edit.start
    ) {
      previous.newText += edit.newText;
      continue;
    }
    merged.push({ start: edit.start, end: edit.end, newText: edit.newText, path: edit.path });
  }
  return merged
    .map(({ start, end, newText }) => ({ start, end, oldText: text.slice(start, end), newText }))
    .filter((edit) => edit.oldText !== edit.newText);
}

/**
 * The safety net: the edited text must parse, and read as the original values with the edits applied (what was
 * asked at the edited paths, nothing else changed anywhere). Otherwise this is a bug, and no file is returned.
 */
function verifyEdits(
  text: string,
  documents: readonly Document.Parsed[],
  edits: readonly TextEdit[],
  editsByDocument: ReadonlyMap<number, readonly ManifestEdit[]>,
): void {
  const after = applyTextEdits(text, edits);
  const reparsed = [...parseAllDocuments(after)];
  const broken = reparsed.find((document) => document.errors.length > 0);
  if (broken !== undefined)
    throw new InternalError(
      `adopt's edits would leave invalid YAML: ${broken.errors[0]?.message.split('\n')[0] ?? ''}`,
    );
  if (reparsed.length !== documents.length)
    throw new InternalError(
      `adopt's edits would turn ${documents.length} YAML documents into ${reparsed.length}`,
    );
  for (const [index, document] of documents.entries()) {
    const before = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    const expected = editValue(before, editsByDocument.get(index) ?? []);
    const actual = reparsed[index]?.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    if (!jsonEqual(expected, actual)) {
      const where = firstDifference(expected, actual, []);
      throw new InternalError(
        `adopt's edits of document ${index + 1} would not read back as asked (at ${formatManifestPath(where)})`,
      );
    }
  }
}

function firstDifference(a: unknown, b: unknown, path: (string | number)[]): (string | number)[] {
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (const [index, item] of a.entries())
      if (!jsonEqual(item, b[index])) return firstDifference(item, b[index], [...path, index]);
  } else if (isJsonObject(a) && isJsonObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      if (!jsonEqual(a[key], b[key])) return firstDifference(a[key], b[key], [...path, key]);
  }
  return path;
}
