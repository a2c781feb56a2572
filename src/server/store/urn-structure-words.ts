/**
 * The words a URN has besides its ids: `urn`, `li` and the entity type of it and of every URN nested in its key
 * (`urn:li:dataset:(urn:li:dataPlatform:hdfs,x,PROD)` has urn, li, dataset, dataplatform). DataHub's autocomplete
 * always matches the query against the `urn` field (AutocompleteRequestHandler at v1.7.0), whose analyzer splits
 * the URN at `:`, `(`, `,` and `)`, so a word of the query that starts one of these words matches every entity of
 * that type. The full-text index holds only the ids of a URN (search-document.ts), hence this.
 */
const NESTED_TYPE = /urn:li:([A-Za-z0-9]+)/g;

export function urnStructureWords(urn: string): string[] {
  const words = new Set(['urn', 'li']);
  for (const match of urn.matchAll(NESTED_TYPE)) words.add((match[1] ?? '').toLowerCase());
  return [...words];
}

/** Whether a word of the query (lower case, as queryTokens gives them) starts one of the URN's structure words. */
export function startsStructureWord(tokens: readonly string[], words: readonly string[]): boolean {
  return tokens.some((token) => words.some((word) => word.startsWith(token)));
}
