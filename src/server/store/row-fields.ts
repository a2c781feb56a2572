/**
 * Facet fields whose values are columns of an entity's search row (search_entity) rather than facet rows: its
 * URN, its type (`_entityType`, DataHub's GraphQL EntityType) and whether it is soft-deleted (`removed`). Every
 * entity has exactly one value of each, so writing them again as facet rows repeated what the search row holds:
 * they were half the facet rows of a bulk load (150,000 of 285,000 at 50,000 entities) and most of their bytes.
 * Filters on them compare the columns (indexed where an equality allows), and facet counts read them from there.
 */
import {
  GRAPHQL_ENTITY_TYPE_OF_NAME,
  entityTypeOfGraphqlType,
  graphqlEntityType,
} from '../../datahub/entity-types.js';

/** The columns of a search row the row fields are made of. */
export interface SearchRowColumns {
  readonly urn: string;
  readonly entity_type: string;
  readonly removed: number;
}

export interface RowField {
  /** The value as SQL, over search_entity aliased `e`. */
  readonly valueSql: string;
  /** The value of a search row, as `valueSql` gives it. */
  readonly valueOf: (row: SearchRowColumns) => string;
  /** The column an equality filter compares (so that its index serves). */
  readonly column: string;
  /**
   * The column's values that give this field's value; undefined when they cannot be listed (OTHER is the type of
   * every name without one of its own), and the filter then compares `valueSql`.
   */
  readonly stored: (value: string) => readonly (string | number)[] | undefined;
}

const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

const ENTITY_TYPE_SQL = `CASE e.entity_type ${[...GRAPHQL_ENTITY_TYPE_OF_NAME]
  .map(([name, type]) => `WHEN ${sqlText(name)} THEN ${sqlText(type)}`)
  .join(' ')} ELSE 'OTHER' END`;

export const ROW_FIELDS: ReadonlyMap<string, RowField> = new Map<string, RowField>([
  [
    // DataHub's URN keyword field: the app's glossary and domain trees find their nodes with an `urn` filter.
    'urn',
    { valueSql: 'e.urn', valueOf: (row) => row.urn, column: 'e.urn', stored: (value) => [value] },
  ],
  [
    '_entityType',
    {
      valueSql: ENTITY_TYPE_SQL,
      valueOf: (row) => graphqlEntityType(row.entity_type),
      column: 'e.entity_type',
      stored: (value) => {
        if (value === 'OTHER') return undefined;
        const name = entityTypeOfGraphqlType(value);
        return name === undefined ? [] : [name];
      },
    },
  ],
  [
    'removed',
    {
      valueSql: "CASE e.removed WHEN 1 THEN 'true' ELSE 'false' END",
      valueOf: (row) => (row.removed === 1 ? 'true' : 'false'),
      column: 'e.removed',
      stored: (value) => (value === 'true' ? [1] : value === 'false' ? [0] : []),
    },
  ],
]);

/** Each row field's value of a search row, as (field, value) pairs. */
export function rowFieldValues(row: SearchRowColumns): { field: string; value: string }[] {
  return [...ROW_FIELDS].map(([field, rowField]) => ({ field, value: rowField.valueOf(row) }));
}
