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
  /** By entity id: none, one value index, or several (multi-valued fields: owners, tags, terms). */
  readonly byEntity: (number | number[] | undefined)[];
}

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
        column.byEntity[id] = indexes.length === 0 ? undefined : indexes.length === 1 ? indexes[0] : indexes;
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
    for (const id of matched) {
      const value = column.byEntity[id];
      if (value === undefined) continue;
      if (typeof value === 'number') counts[value] = (counts[value] ?? 0) + 1;
      else for (const index of value) counts[index] = (counts[index] ?? 0) + 1;
    }
    return topValues(column.values, counts, max);
  }

  private column(field: string): FieldColumn {
    const loaded = this.fields.get(field);
    if (loaded !== undefined) return loaded;
    const column: FieldColumn = { values: [], indexOf: new Map(), byEntity: [] };
    for (const { value, ids } of this.readField(field)) {
      const index = valueIndex(column, value);
      for (const id of ids) {
        const existing = column.byEntity[id];
        column.byEntity[id] =
          existing === undefined
            ? index
            : typeof existing === 'number'
              ? [existing, index]
              : [...existing, index];
      }
    }
    this.fields.set(field, column);
    return column;
  }
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
