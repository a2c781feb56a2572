import { describe, expect, it } from 'vitest';
import { matchesAll, matchesAnyGroup, valuesOf } from './document-filters.js';

const fields: Record<string, unknown> = {
  type: 'HOME_PAGE_ANNOUNCEMENT',
  lastModified: 200,
  privileges: ['A', 'B'],
};
const valuesOfField = (field: string) => valuesOf(fields[field]);

describe('document filters', () => {
  it('matches EQUAL on any value, numbers compared as numbers, negated inverted', () => {
    expect(matchesAll(valuesOfField, [{ field: 'type', values: ['HOME_PAGE_ANNOUNCEMENT'] }])).toBe(true);
    expect(matchesAll(valuesOfField, [{ field: 'privileges', values: ['B'], condition: 'EQUAL' }])).toBe(
      true,
    );
    expect(matchesAll(valuesOfField, [{ field: 'lastModified', values: ['100'], condition: 'GREATER_THAN' }])).toBe(true); // prettier-ignore
    expect(matchesAll(valuesOfField, [{ field: 'lastModified', values: ['1000'], condition: 'GREATER_THAN' }])).toBe(false); // prettier-ignore
    expect(matchesAll(valuesOfField, [{ field: 'type', values: ['HOME_PAGE_ANNOUNCEMENT'], negated: true }])).toBe(false); // prettier-ignore
  });

  it('matches nothing on a missing field, unless negated; EXISTS asks for a value', () => {
    expect(matchesAll(valuesOfField, [{ field: 'target', values: ['x'] }])).toBe(false);
    expect(matchesAll(valuesOfField, [{ field: 'target', values: ['x'], negated: true }])).toBe(true);
    expect(matchesAll(valuesOfField, [{ field: 'target', condition: 'EXISTS' }])).toBe(false);
  });

  it('takes groups as alternatives, and no groups as everything', () => {
    expect(matchesAnyGroup(valuesOfField, [])).toBe(true);
    const groups = [
      { and: [{ field: 'type', values: ['OTHER'] }] },
      { and: [{ field: 'privileges', values: ['A'] }] },
    ];
    expect(matchesAnyGroup(valuesOfField, groups)).toBe(true);
    expect(matchesAnyGroup(valuesOfField, groups.slice(0, 1))).toBe(false);
  });
});
