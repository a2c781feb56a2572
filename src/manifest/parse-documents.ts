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
}

export interface ParseOutcome {
  readonly documents: readonly ParsedDocument[];
  /** What could be read of documents with syntax errors (used only to avoid follow-on errors). */
  readonly partialValues: readonly unknown[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Aliases are expanded by toJS; this bounds the expansion so a "billion laughs" file cannot exhaust memory. */
const MAX_ALIAS_COUNT = 100;

/** Parses the YAML documents of one file; syntax errors become diagnostics at their line and column. */
export function parseDocuments(file: SourceFile): ParseOutcome {
  const lineCounter = new LineCounter();
  const diagnostics: Diagnostic[] = [];
  const documents: ParsedDocument[] = [];
  const partialValues: unknown[] = [];
  const yamlDocuments = parseAllDocuments(file.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const list = Array.isArray(yamlDocuments) ? yamlDocuments : [yamlDocuments];
  const at = (offset: number): SourceLocation => {
    const { line, col } = lineCounter.linePos(offset);
    return { file: file.path, line, column: col };
  };

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
    documents.push({ file: file.path, index, value, locate: makeLocator(document, at) });
  });
  return { documents, partialValues, diagnostics };
}

function partialValue(document: Document.Parsed): unknown {
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    return undefined;
  }
}

function makeLocator(
  document: Document.Parsed,
  at: (offset: number) => SourceLocation,
): ParsedDocument['locate'] {
  return (path, target = 'value') => {
    let node: unknown = document.contents;
    let found: unknown = node;
    path.forEach((segment, position) => {
      if (node === undefined) return;
      const isLast = position === path.length - 1;
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (pair === undefined) {
          node = undefined;
          return;
        }
        node = isLast && target === 'key' ? pair.key : (pair.value ?? pair.key);
      } else if (isSeq(node) && typeof segment === 'number') {
        node = node.items[segment];
      } else {
        node = undefined;
      }
      if (node !== undefined) found = node;
    });
    const range = (found as Node | null | undefined)?.range;
    return at(range === undefined || range === null ? 0 : range[0]);
  };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
