/** Code-unit order (never the machine's locale): the same order on every machine, and SQLite's BINARY order. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
