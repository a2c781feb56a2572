/**
 * JSON text passed through into a response as it is stored (an aspect value read from SQLite), instead of being
 * parsed and serialized again: batch reads answer thousands of aspects, and parsing each only to serialize it
 * back was most of their cost in JavaScript.
 */
import { randomBytes } from 'node:crypto';

/** Open only while `stringifyWithRaw` runs (synchronously): where RawJson values leave their text. */
let sink: { readonly nonce: string; readonly texts: string[] } | undefined;

export class RawJson {
  /** `text` must be JSON (the store writes it with JSON.stringify). */
  constructor(readonly text: string) {}

  /** Called by JSON.stringify: a placeholder that `stringifyWithRaw` replaces with the text. */
  toJSON(): unknown {
    if (sink === undefined) return JSON.parse(this.text) as unknown;
    sink.texts.push(this.text);
    return `\u0000${sink.nonce}:${sink.texts.length - 1}\u0000`;
  }
}

/**
 * JSON.stringify with every RawJson spliced in as its text. The placeholders carry a random nonce, so no string
 * in the data (which JSON.stringify escapes the same way) can be taken for one.
 */
export function stringifyWithRaw(value: unknown): string {
  const texts: string[] = [];
  const nonce = randomBytes(8).toString('hex');
  sink = { nonce, texts };
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    sink = undefined;
  }
  if (texts.length === 0) return json;
  return json.replace(
    new RegExp(`"\\\\u0000${nonce}:(\\d+)\\\\u0000"`, 'g'),
    (_, index: string) => texts[Number(index)] as string,
  );
}
