/**
 * The facet values of every indexed entity, per facet field, held in memory so that counting the facets of a
 * search is a walk over the matched ids in JavaScript rather than over the facet rows in SQLite. DataHub's facets
 * are exact aggregation counts, and a common word matches a third of a 250,000-entity catalog: SQLite walked
 * every row of the nine default facets (about 850,000) to count them, about 200 ms; this walk takes a few.
 *
 * A mirror only ever holds what its reader gave it: fields are read whole on first use (`readField`), and the
 * entities the index re-derived since are read again (`readEntity`) before the next count, so the counts are
 * those of the facet rows as the database holds them.
 */

/** One facet field: its distinct values and, per entity id, the index of its value (or values). */
interface FieldColumn {
  readonly values: string[];
  readonly indexOf: Map<string, number>;
  /**
   * By entity id: its value's index, NONE, or MANY (then `many` has them: owners, tags, terms). A typed array:
   * a JavaScript array written at 250,000 scattered indexes turns into a dictionary, several times slower.
   */
  single: Int32Array;
  readonly many: Map<number, number[]>;
}

const NONE = -1;
const MANY = -2;

export interface FacetValueCount {
  readonly value: string;
  readonly count: number;
}

export class FacetMirror {
  private readonly fields = new Map<string, FieldColumn>();

  constructor(
    /** Every value of a facet field and the ids of the entities that have it. */
    private readonly readField: (field: string) => Iterable<{ value: string; ids: readonly number[] }>,
    /** The facet rows of one entity, (field, value) pairs (none when it is gone). */
    private readonly readEntity: (id: number) => Iterable<{ field: string; value: string }>,
  ) {}

  /** Reads again the facet values of these entities (re-derived, added or deleted) in every loaded field. */
  update(ids: Iterable<number>): void {
    if (this.fields.size === 0) return;
    for (const id of ids) {
      const byField = new Map<string, string[]>();
      for (const { field, value } of this.readEntity(id)) {
        if (this.fields.has(field)) byField.set(field, [...(byField.get(field) ?? []), value]);
      }
      for (const [field, column] of this.fields) {
        const indexes = (byField.get(field) ?? []).map((value) => valueIndex(column, value));
        if (id >= column.single.length) column.single = grown(column.single, id);
        column.many.delete(id);
        if (indexes.length > 1) column.many.set(id, indexes);
        column.single[id] =
          indexes.length === 0 ? NONE : indexes.length === 1 ? (indexes[0] as number) : MANY;
      }
    }
  }

  /**
   * The counts of a field's values over the matched entities, most frequent first and then by value, at most
   * `max` of them (values no matched entity has are left out).
   */
  count(field: string, matched: readonly number[], max: number): FacetValueCount[] {
    const column = this.column(field);
    const counts = new Uint32Array(column.values.length);
    const { single, many } = column;
    for (const id of matched) {
      const value = id < single.length ? (single[id] as number) : NONE;
      if (value >= 0) counts[value] = (counts[value] as number) + 1;
      else if (value === MANY) {
        for (const index of many.get(id) ?? []) counts[index] = (counts[index] as number) + 1;
      }
    }
    return topValues(column.values, counts, max);
  }

  /** The positions in `ids` of the entities whose value of `field` (a single-valued field) is accepted. */
  positionsWhere(field: string, ids: readonly number[], accept: (value: string) => boolean): number[] {
    const column = this.column(field);
    const accepted = column.values.map(accept);
    const { single } = column;
    const positions: number[] = [];
    for (let position = 0; position < ids.length; position += 1) {
      const id = ids[position] as number;
      const value = id < single.length ? (single[id] as number) : NONE;
      if (value >= 0 && accepted[value] === true) positions.push(position);
    }
    return positions;
  }

  private column(field: string): FieldColumn {
    const loaded = this.fields.get(field);
    if (loaded !== undefined) return loaded;
    const rows = [...this.readField(field)];
    let maxId = 0;
    for (const { ids } of rows) for (const id of ids) if (id > maxId) maxId = id;
    const column: FieldColumn = {
      values: [],
      indexOf: new Map(),
      single: new Int32Array(maxId + 1).fill(NONE),
      many: new Map(),
    };
    const { single, many } = column;
    for (const { value, ids } of rows) {
      const index = valueIndex(column, value);
      for (const id of ids) {
        const existing = single[id] as number;
        if (existing === NONE) single[id] = index;
        else if (existing === MANY) many.get(id)?.push(index);
        else {
          single[id] = MANY;
          many.set(id, [existing, index]);
        }
      }
    }
    this.fields.set(field, column);
    return column;
  }
}

/** The array grown to hold `id`, its new entries NONE. */
function grown(single: Int32Array, id: number): Int32Array {
  const next = new Int32Array(Math.max(id + 1, single.length * 2)).fill(NONE);
  next.set(single);
  return next;
}

/** Parses ids joined by commas (group_concat), without the intermediate strings of split(','). */
export function parseIds(joined: string | null | undefined): number[] {
  const ids: number[] = [];
  if (joined === null || joined === undefined || joined === '') return ids;
  let id = 0;
  for (let i = 0; i < joined.length; i += 1) {
    const code = joined.charCodeAt(i);
    if (code === 44) {
      ids.push(id);
      id = 0;
    } else id = id * 10 + (code - 48);
  }
  ids.push(id);
  return ids;
}

function valueIndex(column: FieldColumn, value: string): number {
  const known = column.indexOf.get(value);
  if (known !== undefined) return known;
  column.values.push(value);
  column.indexOf.set(value, column.values.length - 1);
  return column.values.length - 1;
}

/**
 * The `max` most frequent values (count descending, then value by localeCompare, as the SQL counting sorted
 * them). Only the values at or above the max-th largest count are sorted by name: a facet of 10,000 glossary
 * terms sorts a few dozen strings, not all of them.
 */
export function topValues(values: readonly string[], counts: Uint32Array, max: number): FacetValueCount[] {
  if (max <= 0) return [];
  const nonZero = counts.filter((count) => count > 0).sort();
  if (nonZero.length === 0) return [];
  const threshold = nonZero[Math.max(0, nonZero.length - max)] ?? 1;
  const candidates: FacetValueCount[] = [];
  counts.forEach((count, index) => {
    if (count >= threshold) candidates.push({ value: values[index] as string, count });
  });
  return candidates.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)).slice(0, max);
}
