/**
 * Filters (FacetFilterInput: field, values, condition, negated) evaluated on the searchable fields of one entity,
 * for the lists DataHub answers from a search of one small entity type (posts, policies) that the catalog reads
 * whole: each field is the list of values the search document would hold. A field the entity does not have
 * matches nothing, as a term query on a missing field; `negated` inverts the criterion.
 */
import type { FacetFilterInput } from './views/search-views.js';

/** A conjunction of criteria, as orFilters holds them. */
export interface FilterGroup {
  readonly and?: readonly FacetFilterInput[] | null;
}

/** The values of a field of the document (strings; numbers and booleans as their text). */
export type FieldValues = (field: string) => readonly string[];

function matchesCriterion(valuesOf: FieldValues, filter: FacetFilterInput): boolean {
  const values = valuesOf(filter.field);
  const wanted = filter.values ?? (filter.value === undefined || filter.value === null ? [] : [filter.value]);
  const any = (test: (value: string, item: string) => boolean): boolean =>
    values.some((value) => wanted.some((item) => test(value, item)));
  const matched = ((): boolean => {
    switch (filter.condition ?? 'EQUAL') {
      case 'EXISTS':
        return values.length > 0;
      case 'EQUAL':
      case 'IN':
        return any((value, item) => value === item);
      case 'IEQUAL':
        return any((value, item) => value.toLowerCase() === item.toLowerCase());
      case 'CONTAIN':
        return any((value, item) => value.includes(item));
      case 'START_WITH':
        return any((value, item) => value.startsWith(item));
      case 'END_WITH':
        return any((value, item) => value.endsWith(item));
      case 'GREATER_THAN':
        return any((value, item) => Number(value) > Number(item));
      case 'GREATER_THAN_OR_EQUAL_TO':
        return any((value, item) => Number(value) >= Number(item));
      case 'LESS_THAN':
        return any((value, item) => Number(value) < Number(item));
      case 'LESS_THAN_OR_EQUAL_TO':
        return any((value, item) => Number(value) <= Number(item));
      default:
        return false;
    }
  })();
  return filter.negated === true ? !matched : matched;
}

/** Whether every criterion holds. */
export function matchesAll(valuesOf: FieldValues, filters: readonly FacetFilterInput[]): boolean {
  return filters.every((filter) => matchesCriterion(valuesOf, filter));
}

/** Whether any group holds (every criterion of one); no groups match everything. */
export function matchesAnyGroup(valuesOf: FieldValues, groups: readonly FilterGroup[]): boolean {
  return groups.length === 0 || groups.some((group) => matchesAll(valuesOf, group.and ?? []));
}

/** A field's values from a JSON value: a string, number or boolean, or a list of them; none otherwise. */
export function valuesOf(value: unknown): string[] {
  const items = Array.isArray(value) ? (value as readonly unknown[]) : [value];
  return items.flatMap((item) =>
    typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean' ? [String(item)] : [],
  );
}
