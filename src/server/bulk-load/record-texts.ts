/**
 * The texts of the elements of a JSON array, one at a time, found without parsing them: each is then parsed on
 * its own, so that the first records of a large metadata file are checked and written while the rest is still
 * text (one JSON.parse of a 100 MB file takes about a second before anything else can start).
 *
 * The scan finds where each element ends by matching brackets outside strings; it does not check the JSON.
 * JSON.parse of each element does, and a text this scan does not take (not an array) or whose element fails to
 * parse is parsed whole by the caller, for JSON.parse's own verdict and message.
 */

/** The elements' texts, or undefined when `text` does not hold an array (after optional white space). */
export function arrayElementTexts(text: string): Iterable<string> | undefined {
  const start = skipSpace(text, 0);
  if (text.charCodeAt(start) !== OPEN_ARRAY) return undefined;
  return elements(text, start + 1);
}

/** Thrown when the text ends or breaks before the array does; the caller parses the text whole. */
export class UnfinishedArray extends Error {}

function* elements(text: string, from: number): Generator<string> {
  let at = skipSpace(text, from);
  if (text.charCodeAt(at) === CLOSE_ARRAY) {
    ensureEnd(text, at + 1);
    return;
  }
  for (;;) {
    const end = valueEnd(text, at);
    yield text.slice(at, end);
    at = skipSpace(text, end);
    const next = text.charCodeAt(at);
    if (next === COMMA) {
      at = skipSpace(text, at + 1);
      continue;
    }
    if (next === CLOSE_ARRAY) {
      ensureEnd(text, at + 1);
      return;
    }
    throw new UnfinishedArray(`expected , or ] at ${at}`);
  }
}

/** Where the value starting at `at` ends: after its closing bracket or quote, or before the next delimiter. */
function valueEnd(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at);
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    // A number, true, false or null: up to the next delimiter (JSON.parse judges what it is).
    let end = at;
    while (end < text.length && !isDelimiter(text.charCodeAt(end))) end += 1;
    if (end === at) throw new UnfinishedArray(`expected a value at ${at}`);
    return end;
  }
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth += 1;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  throw new UnfinishedArray(`the value at ${at} does not end`);
}

/** After the closing quote of the string whose opening quote is at `at` (a quote after an odd run of backslashes is escaped). */
function stringEnd(text: string, at: number): number {
  let from = at + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) throw new UnfinishedArray(`the string at ${at} does not end`);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

function ensureEnd(text: string, at: number): void {
  if (skipSpace(text, at) !== text.length) throw new UnfinishedArray(`text after the array at ${at}`);
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (isSpace(text.charCodeAt(i))) i += 1;
  return i;
}

/** JSON's white space: space, tab, line feed, carriage return. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isDelimiter(c: number): boolean {
  return c === COMMA || c === CLOSE_ARRAY || isSpace(c);
}

const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
