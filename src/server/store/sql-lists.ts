/** Lists of values in SQL (pure): bound one by one while short, as one JSON parameter beyond. */

/** A piece of SQL text and the parameters its `?` bind, in order. */
export interface SqlPart {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/**
 * At most this many values of a filter are bound one by one; more are bound as one JSON parameter, so that a
 * filter of any length is one statement (SQLite takes at most 32,766 parameters, and DataHub's web app can list
 * thousands of URNs). A short list stays visible to the planner: one type's entities come in name order from
 * its index, where a JSON list of that one type made SQLite sort 125,000 rows (measured at 250,000 entities).
 */
export const BOUND_ONE_BY_ONE = 100;

/** A parenthesized list of the values (`item` applied to each): `(item(?), …)`, or a SELECT over a JSON parameter. */
export function listOf(
  values: readonly unknown[],
  item: (value: string) => string = (value) => value,
): SqlPart {
  if (values.length <= BOUND_ONE_BY_ONE)
    return { sql: `(${values.map(() => item('?')).join(', ')})`, params: [...values] };
  return { sql: `(SELECT ${item('value')} FROM json_each(?))`, params: [JSON.stringify(values)] };
}

/** Whether `test` holds for any of the values: `(test(?) OR …)`, or EXISTS over a JSON parameter. */
export function anyOf(values: readonly unknown[], test: (value: string) => string): SqlPart {
  if (values.length <= BOUND_ONE_BY_ONE)
    return { sql: `(${values.map(() => test('?')).join(' OR ')})`, params: [...values] };
  return { sql: `EXISTS (SELECT 1 FROM json_each(?) AS listed WHERE ${test('listed.value')})`, params: [JSON.stringify(values)] }; // prettier-ignore
}
