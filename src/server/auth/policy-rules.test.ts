import { describe, expect, it } from 'vitest';
import { policyRule } from './policy-rules.js';

const actors = { users: ['urn:li:corpuser:jane'], allUsers: false, allGroups: true, resourceOwners: false };

describe('policyRule', () => {
  it('reads nothing from an inactive policy', () => {
    expect(policyRule('urn:li:dataHubPolicy:x', { state: 'INACTIVE', type: 'PLATFORM', privileges: ['MANAGE_TAGS'], actors })).toBeUndefined(); // prettier-ignore
  });

  it('keeps a policy without resources unfiltered, and its actors as given', () => {
    expect(
      policyRule('urn:li:dataHubPolicy:x', {
        state: 'ACTIVE',
        type: 'METADATA',
        privileges: ['EDIT_ENTITY'],
        actors,
      }),
    ).toEqual({
      // prettier-ignore
      urn: 'urn:li:dataHubPolicy:x',
      type: 'METADATA',
      users: ['urn:li:corpuser:jane'],
      groups: [],
      roles: [],
      allUsers: false,
      allGroups: true,
      resourceOwners: false,
      privileges: ['EDIT_ENTITY'],
    });
  });

  it('turns the legacy type and resources into TYPE and URN criteria, as PolicyEngine.getFilter does', () => {
    const rule = (resources: Record<string, unknown>) =>
      policyRule('urn:li:dataHubPolicy:x', { state: 'ACTIVE', type: 'METADATA', privileges: [], actors, resources: resources as never })?.resources; // prettier-ignore
    expect(rule({ type: 'domain', allResources: true })).toEqual([{ field: 'TYPE', values: ['domain'], condition: 'EQUALS' }]); // prettier-ignore
    expect(rule({ type: 'dataset', resources: ['urn:li:dataset:a'], allResources: false })).toEqual([
      { field: 'TYPE', values: ['dataset'], condition: 'EQUALS' },
      { field: 'URN', values: ['urn:li:dataset:a'], condition: 'EQUALS' },
    ]);
    // Every resource, but not a request about none.
    expect(rule({ allResources: true })).toEqual([]);
    const filter = { criteria: [{ field: 'DOMAIN', values: ['urn:li:domain:x'], condition: 'NOT_EQUALS' }] };
    expect(rule({ type: 'dataset', filter })).toEqual([{ field: 'DOMAIN', values: ['urn:li:domain:x'], condition: 'NOT_EQUALS' }]); // prettier-ignore
  });
});
