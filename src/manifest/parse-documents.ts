import type { Document, LineCounter, Node } from 'yaml';
import { yamlLibrary } from '../model/yaml-library.js';
import type { Diagnostic, SourceLocation } from '../errors.js';
import { errorMessage } from '../model/error-message.js';
import { parseFileFast } from './parse-events.js';
import { describeYamlErrors } from './yaml-syntax-errors.js';
import { setOwn } from '../model/json.js';
import type { ParsedDocument } from '../kinds/source.js';
import type { MappingPositions, ParsedFile, PositionNode } from './parsed-file.js';

export interface SourceFile {
  /** Path as shown to users: relative to the working directory, with `/` separators. */
  readonly path: string;
  readonly text: string;
  /** Where the file stops being UTF-8 (its bytes could not be decoded there); then `text` is not parsed. */
  readonly invalidUtf8?: { readonly byteOffset: number; readonly line: number; readonly column: number };
}

export interface ParseOutcome {
  readonly documents: readonly ParsedDocument[];
  /** What could be read of documents with syntax errors (used only to avoid follow-on errors). */
  readonly partialValues: readonly unknown[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Aliases are expanded by toJS; this bounds the expansion so a "billion laughs" file cannot exhaust memory. */
export const MAX_ALIAS_COUNT = 100;

/** Parses the YAML documents of one file; syntax errors become diagnostics at their line and column. */
export function parseDocuments(file: SourceFile): ParseOutcome {
  return outcomeOf(file, parseFile(file));
}

/** The documents of a parsed file, each with its way back to source positions. */
export function outcomeOf(file: SourceFile, parsed: ParsedFile): ParseOutcome {
  const at = locationsIn(file.path, parsed.lineStarts);
  return {
    documents: parsed.documents.map(({ index, value, positions }) => ({
      file: file.path,
      index,
      value,
      locate: makeLocator(positions, at),
    })),
    partialValues: parsed.partialValues,
    diagnostics: parsed.diagnostics,
  };
}

/** Parses one file into plain data (see ParsedFile). */
export function parseFile(file: SourceFile): ParsedFile {
  if (file.invalidUtf8 !== undefined) {
    const { byteOffset, line, column } = file.invalidUtf8;
    return {
      documents: [],
      partialValues: [],
      lineStarts: [],
      diagnostics: [
        {
          code: 'INVALID_ENCODING',
          severity: 'error',
          message: `the file is not UTF-8: invalid byte sequence at byte offset ${byteOffset}`,
          location: { file: file.path, line, column },
          hint: 'save the file as UTF-8 (manifests are read as UTF-8 only; Latin-1 and UTF-16 are not guessed)',
        },
      ],
    };
  }
  // Most files take the fast path; a file it cannot read exactly as `yaml` does (errors included) comes here.
  const fast = parseFileFast(file.text);
  if (fast !== undefined) return fast;
  const { LineCounter, parseAllDocuments } = yamlLibrary();
  const lineCounter = new LineCounter();
  const diagnostics: Diagnostic[] = [];
  const documents: ParsedFile['documents'][number][] = [];
  const partialValues: unknown[] = [];
  const yamlDocuments = parseAllDocuments(file.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const list = Array.isArray(yamlDocuments) ? yamlDocuments : [yamlDocuments];
  const at = locationsIn(file.path, lineCounter.lineStarts);

  list.forEach((document, index) => {
    const errors = [...document.errors];
    // At the mistake, in plain words (the parser reports where it noticed, often lines later).
    for (const mistake of describeYamlErrors(file.text, errors)) {
      diagnostics.push({
        code: 'YAML_SYNTAX',
        severity: 'error',
        message: `YAML syntax error: ${mistake.message}`,
        location: at(mistake.offset),
        ...(mistake.hint === undefined ? {} : { hint: mistake.hint }),
      });
    }
    if (errors.length > 0) {
      partialValues.push(partialValue(document));
      return;
    }
    if (document.contents === null) return;
    let value: unknown;
    try {
      value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      diagnostics.push({
        code: 'YAML_SYNTAX',
        severity: 'error',
        message: `YAML error: ${errorMessage(error)}`,
        location: at(document.contents.range[0]),
      });
      return;
    }
    // A document with nothing but comments (or a trailing `---`) declares nothing.
    if (value === null || value === undefined) return;
    documents.push({ index, value, positions: indexPositions(document.contents) });
  });
  return { documents, partialValues, diagnostics, lineStarts: lineCounter.lineStarts };
}

/** Offset → file, line and column (1-based), from the offsets where the file's lines start. */
function locationsIn(file: string, lineStarts: readonly number[]): (offset: number) => SourceLocation {
  // Made on the first location asked for: most files have nothing to report.
  let counter: LineCounter | undefined;
  return (offset) => {
    if (counter === undefined) {
      counter = new (yamlLibrary().LineCounter)();
      for (const start of lineStarts) counter.addNewLine(start);
    }
    const { line, col } = counter.linePos(offset);
    return { file, line, column: col };
  };
}

function partialValue(document: Document.Parsed): unknown {
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    return undefined;
  }
}

const startOf = (node: unknown): number | undefined => {
  const range = (node as Node | null | undefined)?.range;
  return range === undefined || range === null ? undefined : range[0];
};

function indexPositions(node: unknown): PositionNode {
  const { isMap, isPair, isScalar, isSeq } = yamlLibrary();
  const offset = startOf(node) ?? -1;
  if (isMap(node)) {
    // Ordinary objects share their hidden classes across documents of a kind (null-prototype ones are hash
    // tables each, twice the memory); setOwn keeps a key named __proto__ a key like any other.
    const keys: Record<string, number> = {};
    const values: Record<string, PositionNode> = {};
    for (const item of node.items) {
      if (!isPair(item) || !isScalar(item.key)) continue;
      const key = String(item.key.value);
      // The first entry of a key wins, as a search from the start would find it.
      if (Object.hasOwn(keys, key) || Object.hasOwn(values, key)) continue;
      const keyOffset = startOf(item.key);
      if (keyOffset !== undefined) setOwn(keys, key, keyOffset);
      const value = item.value ?? item.key;
      // A node without a position cannot be pointed at, nor anything under it.
      if (startOf(value) !== undefined) setOwn(values, key, indexPositions(value));
    }
    return { o: offset, k: keys, m: values };
  }
  if (isSeq(node)) {
    return {
      o: offset,
      s: node.items.map((item) => (startOf(item) === undefined ? undefined : indexPositions(item))),
    };
  }
  return offset;
}

const offsetOf = (node: PositionNode): number => (typeof node === 'number' ? node : node.o);

function childOf(node: PositionNode, segment: string | number): PositionNode | undefined {
  if (typeof node === 'number') return undefined;
  if ('m' in node) {
    const key = String(segment);
    return Object.hasOwn(node.m, key) ? node.m[key] : undefined;
  }
  return typeof segment === 'number' ? node.s[segment] : undefined;
}

// Own properties only: entries read back from the parse cache are ordinary objects, with Object's prototype.
const keyOffsetOf = (node: MappingPositions, key: string): number | undefined =>
  Object.hasOwn(node.k, key) ? node.k[key] : undefined;

function makeLocator(root: PositionNode, at: (offset: number) => SourceLocation): ParsedDocument['locate'] {
  return (path, target = 'value') => {
    // The deepest node the path reaches (a path into something missing points at its nearest ancestor).
    let current = root;
    let offset = Math.max(offsetOf(root), 0);
    // An index loop: locate runs for every entity and edge of the catalog.
    for (let position = 0; position < path.length; position += 1) {
      const segment = path[position] as string | number;
      const next = childOf(current, segment);
      if (next === undefined) break;
      const isLast = position === path.length - 1;
      const keyOffset =
        isLast && target === 'key' && typeof current !== 'number' && 'k' in current
          ? keyOffsetOf(current, String(segment))
          : undefined;
      offset = keyOffset ?? offsetOf(next);
      current = next;
    }
    return at(offset);
  };
}
