import { LineCounter, isMap, isPair, isScalar, isSeq, parseAllDocuments } from 'yaml';
import type { Document, Node } from 'yaml';
import type { Diagnostic, SourceLocation } from '../errors.js';
import { errorMessage } from '../model/error-message.js';

/** One YAML document of a manifest file, as plain data, with a way back to its source positions. */
export interface ParsedDocument {
  readonly file: string;
  /** 0-based position of the document in its file. */
  readonly index: number;
  readonly value: unknown;
  /** Where the node at `path` starts; `target: 'key'` gives the key of the last mapping entry instead. */
  readonly locate: (path: readonly (string | number)[], target?: 'key' | 'value') => SourceLocation;
}

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
const MAX_ALIAS_COUNT = 100;

/**
 * What parsing one file yields, as plain data (no closures, no syntax tree): what the parse cache stores. The
 * line starts turn offsets into lines and columns; each document's position index, its nodes' offsets.
 */
export interface ParsedFile {
  readonly documents: readonly {
    readonly index: number;
    readonly value: unknown;
    readonly positions: PositionIndex;
  }[];
  readonly partialValues: readonly unknown[];
  readonly diagnostics: readonly Diagnostic[];
  readonly lineStarts: readonly number[];
}

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
  const lineCounter = new LineCounter();
  const diagnostics: Diagnostic[] = [];
  const documents: ParsedFile['documents'][number][] = [];
  const partialValues: unknown[] = [];
  const yamlDocuments = parseAllDocuments(file.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const list = Array.isArray(yamlDocuments) ? yamlDocuments : [yamlDocuments];
  const at = locationsIn(file.path, lineCounter.lineStarts);

  list.forEach((document, index) => {
    const errors = [...document.errors];
    for (const error of errors) {
      diagnostics.push({
        code: 'YAML_SYNTAX',
        severity: 'error',
        message: `YAML syntax error: ${firstLine(error.message)}`,
        location: at(error.pos[0]),
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
  const counter = new LineCounter();
  for (const start of lineStarts) counter.addNewLine(start);
  return (offset) => {
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

/**
 * A document's source positions, indexed once so that its YAML syntax tree can be dropped right after parsing
 * (the trees of a large catalog were most of the tool's memory). The index maps each node's path to its start
 * offset and kind, and each mapping key's path to the key's offset.
 */
export interface PositionIndex {
  readonly kinds: Map<string, 'map' | 'seq' | 'other'>;
  readonly values: Map<string, number>;
  readonly keys: Map<string, number>;
}

const SEPARATOR = '\u0000';

function indexPositions(root: unknown): PositionIndex {
  const index: PositionIndex = { kinds: new Map(), values: new Map(), keys: new Map() };
  const visit = (node: unknown, path: string): void => {
    const range = (node as Node | null | undefined)?.range;
    if (range !== undefined && range !== null) index.values.set(path, range[0]);
    if (isMap(node)) {
      index.kinds.set(path, 'map');
      for (const item of node.items) {
        if (!isPair(item) || !isScalar(item.key)) continue;
        const child = `${path}${SEPARATOR}m${String(item.key.value)}`;
        // The first entry of a key wins, as a search from the start would find it.
        if (index.values.has(child) || index.keys.has(child)) continue;
        if (item.key.range !== undefined && item.key.range !== null) index.keys.set(child, item.key.range[0]);
        visit(item.value ?? item.key, child);
      }
    } else if (isSeq(node)) {
      index.kinds.set(path, 'seq');
      node.items.forEach((item, position) => visit(item, `${path}${SEPARATOR}s${position}`));
    } else {
      index.kinds.set(path, 'other');
    }
  };
  visit(root, '');
  return index;
}

function makeLocator(index: PositionIndex, at: (offset: number) => SourceLocation): ParsedDocument['locate'] {
  return (path, target = 'value') => {
    // The deepest node the path reaches (a path into something missing points at its nearest ancestor).
    let current = '';
    let offset = index.values.get('') ?? 0;
    for (const [position, segment] of path.entries()) {
      const kind = index.kinds.get(current);
      const next =
        kind === 'map'
          ? `${current}${SEPARATOR}m${String(segment)}`
          : kind === 'seq' && typeof segment === 'number'
            ? `${current}${SEPARATOR}s${segment}`
            : undefined;
      if (next === undefined || !index.values.has(next)) break;
      const isLast = position === path.length - 1;
      offset =
        (isLast && target === 'key' ? index.keys.get(next) : undefined) ?? index.values.get(next) ?? offset;
      current = next;
    }
    return at(offset);
  };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
