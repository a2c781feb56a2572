/**
 * A code fence `text` cannot close: one backtick longer than the longest run of backticks in it, and at least
 * three (CommonMark closes a fence only with a run at least as long as the opening one).
 */
export function fenceFor(text: string): string {
  return '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((match) => match[0].length + 1)));
}
