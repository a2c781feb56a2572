import { describe, expect, it } from 'vitest';
import {
  combineFilterGroups,
  definitionView,
  intersectEntityTypes,
  storedDefinition,
  viewFilterGroups,
} from './saved-view-definition.js';

const tag = { field: 'tags', values: ['urn:li:tag:a', 'urn:li:tag:a'] };
const term = { field: 'glossaryTerms', values: ['urn:li:glossaryTerm:t'], negated: true, condition: 'EQUAL' };

describe('a saved view definition', () => {
  it('is stored as ViewUtils.mapDefinition stores it: registry names, one conjunction for AND, one per criterion for OR', () => {
    expect(
      storedDefinition({
        entityTypes: ['DATASET', 'CHART'],
        filter: { operator: 'AND', filters: [tag, term] },
      }),
    ).toEqual({
      // prettier-ignore
      entityTypes: ['dataset', 'chart'],
      filter: {
        or: [
          {
            and: [
              { field: 'tags', condition: 'EQUAL', negated: false, values: ['urn:li:tag:a'] },
              {
                field: 'glossaryTerms',
                condition: 'EQUAL',
                negated: true,
                values: ['urn:li:glossaryTerm:t'],
              },
            ],
          },
        ],
      },
    });
    expect(
      storedDefinition({ entityTypes: [], filter: { operator: 'OR', filters: [tag, term] } })['filter'],
    ).toEqual({
      // prettier-ignore
      or: [
        { and: [{ field: 'tags', condition: 'EQUAL', negated: false, values: ['urn:li:tag:a'] }] },
        { and: [{ field: 'glossaryTerms', condition: 'EQUAL', negated: true, values: ['urn:li:glossaryTerm:t'] }] },
      ],
    });
    expect(() =>
      storedDefinition({ entityTypes: ['NOT_A_TYPE'], filter: { operator: 'AND', filters: [] } }),
    ).toThrow(
      // prettier-ignore
      'Unknown entity type NOT_A_TYPE',
    );
  });

  it('reads back as DataHubViewMapper maps it, and a malformed OR as no filters', () => {
    for (const operator of ['AND', 'OR'] as const) {
      const stored = storedDefinition({
        entityTypes: ['DATASET'],
        filter: { operator, filters: [tag, term] },
      });
      expect(definitionView(stored)).toEqual({
        entityTypes: ['DATASET'],
        filter: {
          operator,
          filters: [
            { field: 'tags', condition: 'EQUAL', values: ['urn:li:tag:a'], negated: false },
            { field: 'glossaryTerms', condition: 'EQUAL', values: ['urn:li:glossaryTerm:t'], negated: true },
          ],
        },
      });
    }
    const keyword = {
      entityTypes: [],
      filter: { or: [{ and: [{ field: 'name.keyword', values: ['x'] }] }] },
    };
    expect(definitionView(keyword).filter.filters).toEqual([{ field: 'name', condition: null, values: ['x'], negated: null }]); // prettier-ignore
    const malformed = {
      entityTypes: [],
      filter: { or: [{ and: [{ field: 'a' }, { field: 'b' }] }, { and: [] }] },
    };
    expect(definitionView(malformed).filter).toEqual({ operator: 'OR', filters: [] });
  });

  it('joins a request in disjunctive normal form, and intersects the entity types', () => {
    const view = viewFilterGroups({ filter: { or: [{ and: [{ field: 'a', values: ['1'] }] }, { and: [{ field: 'b', values: ['2'] }] }] } }); // prettier-ignore
    const request = [{ and: [{ field: 'c', values: ['3'] }] }];
    expect(
      combineFilterGroups(request, view).map((group) => group.and.map((filter) => filter.field)),
    ).toEqual([
      ['c', 'a'],
      ['c', 'b'],
    ]);
    expect(combineFilterGroups([], view)).toBe(view);
    expect(combineFilterGroups(request, [])).toBe(request);
    // Legacy `criteria` are one conjunction (convertToV2Filter).
    expect(viewFilterGroups({ filter: { criteria: [{ field: 'a', values: ['1'] }] } })).toEqual([
      { and: [{ field: 'a', values: ['1'], negated: false, condition: 'EQUAL' }] },
    ]);
    expect(intersectEntityTypes([], ['dataset'])).toEqual(['DATASET']);
    expect(intersectEntityTypes(['CHART'], [])).toEqual(['CHART']);
    expect(intersectEntityTypes(['CHART', 'DATASET'], ['dataset'])).toEqual(['DATASET']);
    expect(intersectEntityTypes(['CHART'], ['dataset'])).toEqual([]);
  });
});
