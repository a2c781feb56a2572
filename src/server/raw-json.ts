/**
 * JSON text passed through into a response as it is stored (an aspect value read from SQLite), instead of being
 * parsed and serialized again: batch reads answer thousands of aspects, and parsing each only to serialize it
 * back was most of their cost in JavaScript.
 */
import { randomBytes } from 'node:crypto';

/**
 * Part of every placeholder: drawn once per process and never written out (each placeholder is replaced), so no
 * string in the data, which JSON.stringify escapes the same way, can be taken for one.
 */
const NONCE = randomBytes(8).toString('hex');
const PLACEHOLDER = new RegExp(`"\\\\u0000${NONCE}:(\\d+)\\\\u0000"`, 'g');

/** Open only while `stringifyWithRaw` runs (synchronously): where RawJson values leave their text. */
let sink: string[] | undefined;

export class RawJson {
  /** `text` must be JSON (the store writes it with JSON.stringify). */
  constructor(readonly text: string) {}

  /** Called by JSON.stringify: a placeholder that `stringifyWithRaw` replaces with the text. */
  toJSON(): unknown {
    if (sink === undefined) return JSON.parse(this.text) as unknown;
    sink.push(this.text);
    return `\u0000${NONCE}:${sink.length - 1}\u0000`;
  }
}

/** JSON.stringify with every RawJson spliced in as its text. */
export function stringifyWithRaw(value: unknown): string {
  const texts: string[] = [];
  sink = texts;
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    sink = undefined;
  }
  if (texts.length === 0) return json;
  return json.replace(PLACEHOLDER, (_, index: string) => texts[Number(index)] as string);
}
