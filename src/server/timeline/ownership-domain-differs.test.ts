import { describe, expect, it } from 'vitest';
import { diffDomain, diffOwnership, diffStructuredProperties } from './ownership-domain-differs.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
const TECHNICAL = 'urn:li:ownershipType:__system__technical_owner';

describe('ownership, domain and structured property differs', () => {
  it('adds an owner with its type and type URN', () => {
    const owner = { owner: 'urn:li:corpuser:datahub', type: 'TECHNICAL_OWNER', typeUrn: TECHNICAL };
    expect(diffOwnership(null, { owners: [owner] }, URN)).toEqual([
      {
        entityUrn: URN,
        category: 'OWNERSHIP',
        operation: 'ADD',
        modifier: 'urn:li:corpuser:datahub',
        semVerChange: 'MINOR',
        description: `'datahub' added as a \`TECHNICAL_OWNER\` of '${URN}'.`,
        parameters: [
          ['ownerUrn', 'urn:li:corpuser:datahub'],
          ['ownerType', 'TECHNICAL_OWNER'],
          ['ownerTypeUrn', TECHNICAL],
          ['sourceDetails', '{}'],
        ],
      },
    ]);
  });

  it('treats an owner whose type changed as removed from one type and added to the other', () => {
    const before = { owners: [{ owner: 'urn:li:corpuser:a', type: 'DATAOWNER' }] };
    const after = { owners: [{ owner: 'urn:li:corpuser:a', type: 'BUSINESS_OWNER' }] };
    expect(
      diffOwnership(before, after, URN).map((event) => [event.operation, event.parameters?.[1]]),
    ).toEqual([
      ['ADD', ['ownerType', 'BUSINESS_OWNER']],
      ['REMOVE', ['ownerType', 'DATAOWNER']],
    ]);
    expect(diffOwnership(after, after, URN)).toEqual([]);
  });

  it('reports the first domain set, unset and changed', () => {
    const ai = { domains: ['urn:li:domain:AI'] };
    const ml = {
      domains: ['urn:li:domain:ML'],
      domainAssociations: [{ domain: 'urn:li:domain:ML', context: 'c' }],
    };
    expect(
      diffDomain(null, ai, URN).map((event) => [event.operation, event.description, event.parameters]),
    ).toEqual([
      [
        'ADD',
        `Domain 'AI' added to entity '${URN}'.`,
        [
          ['domainUrn', 'urn:li:domain:AI'],
          ['context', '{}'],
          ['sourceDetails', '{}'],
        ],
      ],
    ]);
    expect(diffDomain(ai, { domains: [] }, URN).map((event) => event.operation)).toEqual(['REMOVE']);
    expect(diffDomain(ai, ml, URN).map((event) => [event.operation, event.parameters?.[1]])).toEqual([
      ['REMOVE', ['context', '{}']],
      ['ADD', ['context', 'c']],
    ]);
    expect(diffDomain(ai, ai, URN)).toEqual([]);
  });

  it('reports structured properties assigned, removed and changed, with their values as JSON', () => {
    const p1 = 'urn:li:structuredProperty:p1';
    const p2 = 'urn:li:structuredProperty:p2';
    const before = { properties: [{ propertyUrn: p1, values: [{ string: 'a' }] }, { propertyUrn: p2, values: [{ double: 1 }] }] }; // prettier-ignore
    const after = { properties: [{ propertyUrn: p1, values: [{ string: 'b' }, { double: 2.5 }] }] };
    expect(diffStructuredProperties(before, after, URN).map((e) => [e.operation, e.description, e.parameters?.[1]])).toEqual([
      ['MODIFY', `Structured property 'p1' changed on entity '${URN}'.`, ['propertyValues', '["b",2.5]']],
      ['REMOVE', `Structured property 'p2' removed from entity '${URN}'.`, ['propertyValues', '[1]']],
    ]); // prettier-ignore
  });
});
