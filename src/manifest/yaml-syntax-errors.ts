/**
 * YAML syntax errors as a person reads them: at the line and column of the mistake, one plain sentence each.
 *
 * The `yaml` parser reports where it noticed a problem, which is often not where the mistake is: a quote left open
 * on line 5 is noticed at the end of the file; a line indented one step too deep is noticed at the value of the
 * line above it, as two errors about "implicit keys" and "compact mappings". Each case the parser's error code and
 * position identify is moved to the mistake and said plainly; any other error keeps its position and the first
 * line of the parser's message.
 */
import type { CST, YAMLError } from 'yaml';
import { yamlLibrary } from '../model/yaml-library.js';

/** One mistake: where it is (an offset into the file's text), what it is and, when it helps, what to do. */
export interface YamlMistake {
  readonly offset: number;
  readonly message: string;
  readonly hint?: string;
}

/** The mistakes behind a document's errors, one per place, in the order the parser met them. */
export function describeYamlErrors(text: string, errors: readonly YAMLError[]): YamlMistake[] {
  const mistakes: YamlMistake[] = [];
  const seen = new Set<number>();
  const tokens = lazyTokens(text);
  for (const error of errors) {
    const mistake = describe(text, error, errors, tokens);
    if (mistake === undefined || seen.has(mistake.offset)) continue;
    seen.add(mistake.offset);
    mistakes.push(mistake);
  }
  return mistakes;
}

type Tokens = () => readonly CST.Token[];

/** The file's concrete syntax tree, made only for the errors that need it. */
function lazyTokens(text: string): Tokens {
  let tokens: CST.Token[] | undefined;
  return () => (tokens ??= [...new (yamlLibrary().Parser)().parse(text)]);
}

function describe(
  text: string,
  error: YAMLError,
  all: readonly YAMLError[],
  tokens: Tokens,
): YamlMistake | undefined {
  const [start, end] = error.pos;
  switch (error.code) {
    case 'MISSING_CHAR': {
      const quote = /^Missing closing (["'])quote/.exec(error.message)?.[1];
      if (quote !== undefined) return unclosedQuote(quote, start, tokens);
      if (error.message.startsWith('Sequence item without - indicator')) {
        return {
          offset: firstCharOfLine(text, start),
          message:
            'this line lines up neither with the keys of the list item above it nor with its "-": YAML cannot tell where it belongs',
          hint: 'indent it exactly as the keys of the item it belongs to, or start a new item with "- "',
        };
      }
      break;
    }
    case 'BAD_INDENT': {
      const flow = /^Flow (sequence|map) in block collection/.exec(error.message)?.[1];
      if (flow !== undefined) return unclosedFlow(flow === 'sequence' ? ']' : '}', start, tokens);
      if (error.message.startsWith('All mapping items must start at the same column')) {
        return {
          offset: firstCharOfLine(text, start),
          message: 'this key does not line up with the keys above it: YAML nests by indentation',
          hint: 'indent it exactly as the keys it sits beside (or as the keys of the mapping it belongs to)',
        };
      }
      break;
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      const multiline = all.find(
        (other) => other.code === 'MULTILINE_IMPLICIT_KEY' && other.pos[0] === start,
      );
      if (multiline !== undefined) return runOnKey(text, start, multiline.pos[1]);
      if (error.code === 'BLOCK_AS_IMPLICIT_KEY') {
        return {
          offset: start,
          message: 'a second "key:" on the same line: a value cannot start a mapping here',
          hint: 'put the nested key on its own line, indented under its parent, or quote the value if the colon is part of it',
        };
      }
      break;
    }
    case 'TAB_AS_INDENT':
      return {
        offset: start,
        message: 'a tab indents this line: YAML indents with spaces only',
        hint: 'replace the tab with spaces (editors can show tabs and convert them)',
      };
    case 'DUPLICATE_KEY': {
      const key = /^[^\s:#]+/.exec(text.slice(start, end + 200))?.[0];
      return {
        offset: start,
        message:
          key === undefined
            ? 'this key appears twice in the same mapping'
            : `the key ${key} appears twice in the same mapping`,
        hint: 'keep one of them (a mapping holds one value per key)',
      };
    }
    default:
      break;
  }
  return { offset: start, message: firstLine(error.message) };
}

/**
 * A key made of two lines. With a value before it on the first line (`name: B` then a line indented deeper), the
 * second line is the mistake: it is read as more of that value. Alone on its line, the first line is the
 * mistake: a line without a colon, read together with the next line's key.
 */
function runOnKey(text: string, start: number, end: number): YamlMistake {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(lineStart, start).trim() === '') {
    return {
      offset: start,
      message: 'this line has no "key:" colon, so YAML reads it and the next line as one key',
      hint: 'write it as "key: value", or remove it',
    };
  }
  const newline = text.indexOf('\n', start);
  const next = newline === -1 || newline >= end ? start : firstCharOfLine(text, newline + 1);
  const above = /^\s*(?:-\s+)?([^\s:#][^:#]*?)\s*:/.exec(text.slice(lineStart, start))?.[1];
  return {
    offset: next,
    message:
      above === undefined
        ? 'this line is indented deeper than the line above it, so YAML reads it as more of that value'
        : `this line is indented deeper than "${above}:" above it, so YAML reads it as more of ${above}'s value`,
    hint: `indent it as the keys beside it${above === undefined ? '' : `, or, if it belongs under ${above}, leave nothing after "${above}:"`}`,
  };
}

/** An unclosed quoted string: where its quote opens (the parser notices at the end of the file). */
function unclosedQuote(quote: string, at: number, tokens: Tokens): YamlMistake {
  const type = quote === '"' ? 'double-quoted-scalar' : 'single-quoted-scalar';
  const opened = findLast(tokens(), (token) => token.type === type && token.offset <= at);
  return {
    offset: opened?.offset ?? at,
    message: `the string opened with ${quote} here is never closed`,
    hint: `end it with ${quote} on the same line (a ${quote} inside it is written ${quote === '"' ? '\\"' : "''"})`,
  };
}

/** An unclosed flow collection (`[a, b` or `{a: 1`): where it opens. */
function unclosedFlow(close: ']' | '}', at: number, tokens: Tokens): YamlMistake {
  const opened = findLast(
    tokens(),
    (token) =>
      token.type === 'flow-collection' &&
      token.offset <= at &&
      token.start.source === (close === ']' ? '[' : '{') &&
      !token.end.some((end) => end.source === close),
  );
  return {
    offset: opened?.offset ?? at,
    message: `the ${close === ']' ? '[' : '{'} opened here is never closed with ${close}`,
    hint: `end it with ${close} (a list or mapping written inline stays within its brackets)`,
  };
}

/** The last token, in document order and depth first, that matches. */
function findLast(roots: readonly CST.Token[], match: (token: CST.Token) => boolean): CST.Token | undefined {
  let found: CST.Token | undefined;
  const visit = (token: CST.Token | undefined): void => {
    if (token === undefined) return;
    if (match(token)) found = token;
    if ('value' in token && typeof token.value === 'object') visit(token.value);
    if ('items' in token) {
      for (const item of token.items) {
        if ('key' in item) visit(item.key ?? undefined);
        if ('value' in item) visit(item.value);
      }
    }
  };
  for (const root of roots) visit(root);
  return found;
}

/** The first character of the line holding `offset` that is not a space (the line's own start if blank). */
function firstCharOfLine(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0].length ?? 0;
  const first = lineStart + indent;
  return first < text.length && text[first] !== '\n' && text[first] !== '\r' ? first : lineStart;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
