import { describe, expect, it } from 'vitest';
import {
  asColumnEvents,
  diffApplications,
  diffTags,
  diffTerms,
  sourceDetails,
} from './association-differs.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';

describe('tag, term and application differs', () => {
  it('adds every tag of a first value, in URN order, with the parameters the web app reads', () => {
    const events = diffTags(null, { tags: [{ tag: 'urn:li:tag:Stable' }, { tag: 'urn:li:tag:NLP' }] }, URN);
    expect(events.map((event) => [event.operation, event.modifier])).toEqual([
      ['ADD', 'urn:li:tag:NLP'],
      ['ADD', 'urn:li:tag:Stable'],
    ]);
    expect(events[0]).toEqual({
      entityUrn: URN,
      category: 'TAG',
      operation: 'ADD',
      modifier: 'urn:li:tag:NLP',
      semVerChange: 'MINOR',
      description: `Tag 'NLP' added to entity '${URN}'.`,
      parameters: [
        ['tagUrn', 'urn:li:tag:NLP'],
        ['context', '{}'],
        ['sourceDetails', '{}'],
      ],
    });
  });

  it('reports tags removed and added between two values, and nothing for kept ones', () => {
    const before = { tags: [{ tag: 'urn:li:tag:A' }, { tag: 'urn:li:tag:B' }] };
    const after = { tags: [{ tag: 'urn:li:tag:B' }, { tag: 'urn:li:tag:C' }] };
    expect(diffTags(before, after, URN).map((event) => [event.operation, event.modifier])).toEqual([
      ['REMOVE', 'urn:li:tag:A'],
      ['ADD', 'urn:li:tag:C'],
    ]);
    expect(diffTags(after, after, URN)).toEqual([]);
  });

  it('reports terms with their context and the attribution’s source detail', () => {
    const events = diffTerms(
      { terms: [{ urn: 'urn:li:glossaryTerm:Old' }] },
      {
        terms: [
          { urn: 'urn:li:glossaryTerm:New', context: 'ctx', attribution: { sourceDetail: { origin: 'x' } } },
        ],
      },
      URN,
    );
    expect(events.map((event) => [event.operation, event.description, event.parameters])).toEqual([
      [
        'ADD',
        `Term 'New' added to entity '${URN}'.`,
        [
          ['termUrn', 'urn:li:glossaryTerm:New'],
          ['context', 'ctx'],
          ['sourceDetails', '{"origin":"x"}'],
        ],
      ],
      [
        'REMOVE',
        `Term 'Old' removed from entity '${URN}'.`,
        [
          ['termUrn', 'urn:li:glossaryTerm:Old'],
          ['context', '{}'],
          ['sourceDetails', '{}'],
        ],
      ],
    ]);
    expect(sourceDetails({ actor: 'urn:li:corpuser:a' })).toBe('null');
  });

  it('names the column and its dataset in a column’s tag events', () => {
    const [event] = asColumnEvents(
      diffTags(null, { tags: [{ tag: 'urn:li:tag:Legacy' }] }, 'urn:col'),
      'a.b',
      URN,
    );
    expect(event?.parameters).toEqual([
      ['fieldPath', 'a.b'],
      ['parentUrn', URN],
      ['tagUrn', 'urn:li:tag:Legacy'],
      ['context', '{}'],
    ]);
    expect(event?.entityUrn).toBe('urn:col');
  });

  it('reports applications added and removed', () => {
    const events = diffApplications({ applications: ['urn:li:application:a'] }, { applications: ['urn:li:application:b'] }, URN); // prettier-ignore
    expect(
      events.map((event) => [event.category, event.operation, event.modifier, event.parameters]),
    ).toEqual([
      ['APPLICATION', 'REMOVE', 'urn:li:application:a', null],
      ['APPLICATION', 'ADD', 'urn:li:application:b', null],
    ]);
  });
});
