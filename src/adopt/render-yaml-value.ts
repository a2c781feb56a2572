/**
 * Renders JSON values as YAML text for insertion into an existing file: one scalar, a flow collection, or block
 * lines at a given column. Whole documents are never re-serialized (that would reformat the user's file); only
 * the new value is written, in the style of where it goes.
 */
import { CST, Document } from 'yaml';
import { isJsonObject } from '../model/json.js';
import type { JsonObject, JsonPrimitive, JsonValue } from '../model/json.js';

/** The scalar styles of the `yaml` package (`Scalar.type`). */
export type ScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

/** How a file indents, measured from the file itself, so that new lines look like their neighbours. */
export interface LayoutStyle {
  /** Columns a block map is indented under its key. */
  readonly indent: number;
  /** Columns the dashes of a block sequence are indented under its key (0 for `key:\n- a`). */
  readonly sequenceIndent: number;
  /** Columns from a dash to its item's content (2 for `- a`). */
  readonly itemIndent: number;
}

export const DEFAULT_LAYOUT: LayoutStyle = { indent: 2, sequenceIndent: 2, itemIndent: 2 };

/** A value placed after an indicator (`key:` or `-`): the text on the indicator's line, then whole lines below. */
export interface RenderedValue {
  /** Text for the indicator's line, after a separating space; '' when the value starts on the next line. */
  readonly inline: string;
  /** Whole lines (indentation included, line breaks excluded) that follow the indicator's line. */
  readonly lines: readonly string[];
}

/** Characters YAML treats as non-printable, which only double quotes can carry (the test `yaml` itself uses). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_DOUBLE_QUOTES = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;

/**
 * Whether `value` can be written as a plain scalar and read back as the same string, by YAML 1.2 readers and by
 * YAML 1.1 readers (PyYAML, which DataHub's own tools use, reads `yes`, `on` and `2001-12-14` as non-strings).
 */
function isPlainSafe(value: string, inFlow: boolean): boolean {
  if (value === '' || value.includes('\n') || NEEDS_DOUBLE_QUOTES.test(value)) return false;
  if (inFlow && /[[\]{},]/.test(value)) return false;
  // `yaml` quotes whatever its plain-scalar rules or either schema would misread; ask it in both versions.
  return (['1.2', '1.1'] as const).every(
    (version) => new Document(value, { version }).toString({ lineWidth: 0 }) === `${value}\n`,
  );
}

/** A string in single quotes, or undefined when single quotes cannot carry it on one line. */
function singleQuoted(value: string): string | undefined {
  if (value.includes('\n') || value.includes('\r') || NEEDS_DOUBLE_QUOTES.test(value)) return undefined;
  return `'${value.replace(/'/g, "''")}'`;
}

/** A string in double quotes: JSON's escapes are all valid YAML escapes, and it stays on one line. */
function doubleQuoted(value: string): string {
  return JSON.stringify(value);
}

/** The quoting `yaml` picks for a string that cannot be plain: double quotes, single when that avoids escapes. */
function quoted(value: string): string {
  if (value.includes('"') && !value.includes("'")) return singleQuoted(value) ?? doubleQuoted(value);
  return doubleQuoted(value);
}

/** A mapping key on one line. */
export function renderKey(key: string, inFlow: boolean): string {
  return isPlainSafe(key, inFlow) ? key : quoted(key);
}

/**
 * A scalar on one line. `style` is the style of the scalar being replaced: kept when the new value can be written
 * in it, else the value gets what `yaml` would choose.
 */
export function renderInlineScalar(value: JsonPrimitive, inFlow: boolean, style?: ScalarStyle): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return '.nan';
    if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
    return String(value);
  }
  switch (style) {
    case 'QUOTE_DOUBLE':
      return doubleQuoted(value);
    case 'QUOTE_SINGLE':
      return singleQuoted(value) ?? doubleQuoted(value);
    case 'PLAIN':
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED':
    case undefined:
      return isPlainSafe(value, inFlow) ? value : quoted(value);
  }
}

/**
 * A block scalar (`|` or `>`) with its content at `contentColumn`: the header, then the content lines ('' for an
 * empty line). Undefined when the value is better quoted: `yaml` says so (trailing spaces on the last line,
 * control characters), or it would need an indentation indicator (content starting with a space), whose number
 * depends on the parent's indentation.
 */
export function renderBlockScalar(
  value: string,
  style: 'BLOCK_LITERAL' | 'BLOCK_FOLDED',
  contentColumn: number,
): { readonly header: string; readonly lines: readonly string[] } | undefined {
  if (value === '') return undefined;
  const token = CST.createScalarToken(value, { indent: contentColumn, type: style });
  const source = CST.stringify(token);
  const [header, ...lines] = source.replace(/\n$/, '').split('\n');
  if (header === undefined || !/^[|>][-+]?$/.test(header)) return undefined;
  return { header, lines };
}

/** A string that spans lines, in block context: a `|` block scalar under its indicator, else double quotes. */
function renderMultiLine(
  value: string,
  contentColumn: number,
  style: ScalarStyle | undefined,
): RenderedValue {
  const block = renderBlockScalar(
    value,
    style === 'BLOCK_FOLDED' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL',
    contentColumn,
  );
  return block === undefined
    ? { inline: doubleQuoted(value), lines: [] }
    : { inline: block.header, lines: block.lines };
}

/** A value in flow style (`[a, b]`, `{ k: v }`), on one line. */
export function renderFlow(value: JsonValue): string {
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    return `[${items.map(renderFlow).join(', ')}]`;
  }
  if (isJsonObject(value)) {
    const entries = Object.entries(value).map(
      ([key, item]) => `${renderKey(key, true)}: ${renderFlow(item)}`,
    );
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return renderInlineScalar(value as JsonPrimitive, true);
}

function isPrimitive(value: JsonValue): value is JsonPrimitive {
  return value === null || typeof value !== 'object';
}

function isEmptyCollection(value: JsonValue): boolean {
  return Array.isArray(value) ? value.length === 0 : isJsonObject(value) && Object.keys(value).length === 0;
}

function spaces(count: number): string {
  return ' '.repeat(Math.max(count, 0));
}

/**
 * A value after `key:` where the key starts at `keyColumn` (block context). Nested maps go `indent` columns
 * deeper; sequences `sequenceIndent` deeper; collections stay flow when `flow` is set (their neighbours are flow).
 */
export function renderAfterKey(
  value: JsonValue,
  keyColumn: number,
  layout: LayoutStyle,
  flow: boolean,
  style?: ScalarStyle,
): RenderedValue {
  if (typeof value === 'string' && value.includes('\n'))
    return renderMultiLine(value, keyColumn + layout.indent, style);
  if (isPrimitive(value)) return { inline: renderInlineScalar(value, false, style), lines: [] };
  if (flow || isEmptyCollection(value)) return { inline: renderFlow(value), lines: [] };
  return Array.isArray(value)
    ? { inline: '', lines: renderBlockSequence(value, keyColumn + layout.sequenceIndent, layout) }
    : { inline: '', lines: renderBlockMap(value as JsonObject, keyColumn + layout.indent, layout) };
}

/**
 * A value after `-` whose content starts at `contentColumn` (block context): a collection's first line sits on the
 * dash's line (`- name: x`), its other lines at `contentColumn`.
 */
export function renderAfterDash(
  value: JsonValue,
  contentColumn: number,
  layout: LayoutStyle,
  flow: boolean,
  style?: ScalarStyle,
): RenderedValue {
  if (typeof value === 'string' && value.includes('\n')) return renderMultiLine(value, contentColumn, style);
  if (isPrimitive(value)) return { inline: renderInlineScalar(value, false, style), lines: [] };
  if (flow || isEmptyCollection(value)) return { inline: renderFlow(value), lines: [] };
  const lines = Array.isArray(value)
    ? renderBlockSequence(value, contentColumn, layout)
    : renderBlockMap(value as JsonObject, contentColumn, layout);
  const [first = '', ...rest] = lines;
  return { inline: first.slice(contentColumn), lines: rest };
}

/** The lines of one block map entry `key: value` with the key at `column`. */
export function renderBlockEntry(
  key: string,
  value: JsonValue,
  column: number,
  layout: LayoutStyle,
): string[] {
  const rendered = renderAfterKey(value, column, layout, false);
  const head = `${spaces(column)}${renderKey(key, false)}:`;
  return [rendered.inline === '' ? head : `${head} ${rendered.inline}`, ...rendered.lines];
}

/**
 * The lines of one block sequence item with its dash at `dashColumn` and `separator` (the whitespace after the
 * dash) copied from its neighbours; collections in flow style when `flow` is set.
 */
export function renderBlockItem(
  value: JsonValue,
  dashColumn: number,
  separator: string,
  layout: LayoutStyle,
  flow: boolean,
): string[] {
  const rendered = renderAfterDash(value, dashColumn + 1 + separator.length, layout, flow);
  return [`${spaces(dashColumn)}-${separator}${rendered.inline}`, ...rendered.lines];
}

function renderBlockMap(value: JsonObject, column: number, layout: LayoutStyle): string[] {
  return Object.entries(value).flatMap(([key, item]) => renderBlockEntry(key, item, column, layout));
}

function renderBlockSequence(items: readonly JsonValue[], column: number, layout: LayoutStyle): string[] {
  return items.flatMap((item) => renderBlockItem(item, column, spaces(layout.itemIndent - 1), layout, false));
}
