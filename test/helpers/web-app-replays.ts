/**
 * Replaying DataHub's web-app queries against the embedded catalog (test/server/datahub-web-app.test.ts): which of
 * the app's files are replayed, the inputs its search and lineage pages send, and what a replay says (the variables,
 * and what the answer must hold). The replays themselves: web-app-entity-replays.ts and web-app-search-replays.ts.
 */
import { Kind, OperationTypeNode, type OperationDefinitionNode } from 'graphql';
import { readWebAppOperations, type WebAppOperation } from './datahub-web-app.js';
import { TX } from './example-urns.js';

/** The files of the app whose queries are replayed (each `<name>.graphql`). */
export const REPLAYED_FILES = [
  'app', 'me', 'mlFeature', 'mlFeatureTable', 'mlModel', 'mlModelGroup', 'mlPrimaryKey', 'glossary',
  'glossaryNode', 'glossaryTerm', 'search', 'tag', 'dataset', 'browse', 'browseV2', 'scroll', 'user', 'group',
  'domain', 'dataPlatform',
]; // prettier-ignore

/** The search flags the app sends with its search pages. */
export const SEARCH_FLAGS = { getSuggestions: true, includeStructuredPropertyFacets: true };
export const searchInput = (query: string, types: string[] = [], count = 10) => ({
  types,
  query,
  start: 0,
  count,
  filters: [],
  orFilters: [],
  searchFlags: SEARCH_FLAGS,
});
export const lineageInput = (count = 10) => ({
  urn: TX,
  direction: 'DOWNSTREAM',
  types: [],
  query: '*',
  start: 0,
  count,
  orFilters: [{ and: [{ field: 'degree', values: ['1', '2', '3+'] }] }],
  lineageFlags: {},
});

export type Variables = Record<string, unknown>;
export interface Replay {
  readonly variables: Variables;
  /** What the answer must hold beyond "no errors, the root field answered" (the root field's value). */
  readonly expect?: (root: any) => void;
  /** Why the root field answers null, as DataHub's does here; every other root field must answer. */
  readonly nullRoot?: string;
}

/** The queries of the replayed files. */
export function replayedQueries(): WebAppOperation[] {
  const files = new Set(REPLAYED_FILES.map((name) => `${name}.graphql`));
  return readWebAppOperations().filter(
    (op) => files.has(op.file) && op.operation.operation === OperationTypeNode.QUERY,
  );
}

/** The name (or alias) of an operation's first root field, under which its answer is. */
export function rootField(operation: OperationDefinitionNode): string {
  const first = operation.selectionSet.selections[0];
  if (first?.kind !== Kind.FIELD) throw new Error(`${operation.name?.value}: no root field`);
  return first.alias?.value ?? first.name.value;
}
