import { describe, expect, it } from 'vitest';
import {
  diffDataProductProperties,
  diffDomainProperties,
  diffGlossaryRelatedTerms,
  diffGlossaryTermInfo,
} from './properties-differs.js';

const TERM = 'urn:li:glossaryTerm:Revenue';
const PRODUCT = 'urn:li:dataProduct:orders';

describe('properties differs', () => {
  it('reports a term’s name set and its definition as documentation, without parameters', () => {
    const events = diffGlossaryTermInfo(null, { name: 'Revenue', definition: 'Money in' }, TERM);
    expect(events.map((event) => [event.operation, event.description, event.parameters])).toEqual([
      ['ADD', `Name for '${TERM}' has been set: 'Revenue'.`, null],
      ['ADD', `Documentation for '${TERM}' has been added: 'Money in'.`, null],
    ]);
    const renamed = diffGlossaryTermInfo(
      { name: 'Revenue', definition: 'a' },
      { name: 'Income', definition: 'a' },
      TERM,
    );
    expect(renamed.map((event) => event.description)).toEqual([`Name of '${TERM}' has been changed from 'Revenue' to 'Income'.`]); // prettier-ignore
  });

  it('words a domain’s description changes as DomainPropertiesChangeEventGenerator does', () => {
    const events = diffDomainProperties(
      { name: 'AI', description: 'old' },
      { name: 'AI' },
      'urn:li:domain:AI',
    );
    expect(events.map((event) => [event.operation, event.description])).toEqual([
      ['REMOVE', "Description for 'urn:li:domain:AI' has been removed: 'old'."],
    ]);
  });

  it('reports a data product’s name removed, and its assets in the asset membership category', () => {
    const before = { name: 'Orders', assets: [{ destinationUrn: 'urn:li:dataset:a' }] };
    const after = { assets: [{ destinationUrn: 'urn:li:dataset:b' }] };
    expect(diffDataProductProperties(before, after, PRODUCT, 'DOCUMENTATION').map((event) => event.operation)).toEqual(['REMOVE']); // prettier-ignore
    expect(diffDataProductProperties(before, after, PRODUCT, 'ASSET_MEMBERSHIP').map((event) => [event.operation, event.description])).toEqual([
      ['REMOVE', `Asset 'urn:li:dataset:a' removed from data product '${PRODUCT}'.`],
      ['ADD', `Asset 'urn:li:dataset:b' added to data product '${PRODUCT}'.`],
    ]); // prettier-ignore
    expect(diffDataProductProperties(before, after, PRODUCT, 'TAG')).toEqual([]);
  });

  it('reports related terms per relationship, with the relationship the web app labels', () => {
    const events = diffGlossaryRelatedTerms(
      { isRelatedTerms: ['urn:li:glossaryTerm:Finance'] },
      { hasRelatedTerms: ['urn:li:glossaryTerm:Tax'] },
      TERM,
    );
    expect(events.map((event) => [event.operation, event.description, event.parameters])).toEqual([
      ['REMOVE', `'Is A' relationship 'Finance' removed from '${TERM}'.`, [['termUrn', 'urn:li:glossaryTerm:Finance'], ['relationshipType', 'Is A']]], // prettier-ignore
      ['ADD', `'Has A' relationship 'Tax' added to '${TERM}'.`, [['termUrn', 'urn:li:glossaryTerm:Tax'], ['relationshipType', 'Has A']]], // prettier-ignore
    ]);
  });
});
