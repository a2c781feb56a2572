/**
 * What DataHub's web app does over several requests, against the embedded catalog (issue 17 items 3 and 4):
 * scrolling through a search page by page with the scroll ids it is given, and the owner picker's search for users
 * and groups with the filters the app adds. The app's single queries: datahub-web-app.test.ts.
 */
import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readWebAppOperations } from '../helpers/datahub-web-app.js';
import { proposal, startTestServer } from '../helpers/server.js';
import { FRAUD_ML, PRIYA, seedWebAppCatalog } from '../helpers/seeded-catalog.js';

describe('scrolling as the app does', () => {
  it('follows nextScrollId through every page once, then stops', async () => {
    const server = await startTestServer();
    try {
      const features = Array.from({ length: 7 }, (_, index) => `urn:li:mlFeature:(scroll,f${index})`);
      await server.post('/aspects?action=ingestProposalBatch', {
        proposals: features.map((urn) => proposal(urn, 'mlFeatureProperties', { description: 'scrolled' })),
      });
      const seen: string[] = [];
      let scrollId: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const answer = await server.graphql(
          'query($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn } } } }', // prettier-ignore
          { input: { types: ['MLFEATURE'], query: '*', count: 3, scrollId } },
        );
        const page = answer.data.scrollAcrossEntities;
        expect(page.total).toBe(7);
        seen.push(...page.searchResults.map((result: any) => result.entity.urn));
        scrollId = page.nextScrollId;
        if (scrollId === null) break;
      }
      expect([...seen].sort()).toEqual([...features].sort());
    } finally {
      await server.close();
    }
  });
});

describe("the app's owner picker (ActorsSearchSelect)", () => {
  // userSearchUtils.getUserFilters at v1.7.0: users that are active, or that have a display name.
  const userFilters = [
    { and: [{ field: 'active', values: ['true'] }] },
    { and: [{ field: 'displayName', condition: 'EXISTS' }] },
  ];
  const picker = readWebAppOperations().find((op) => op.name === 'getAutoCompleteMultipleResults');

  it('finds users and groups by name with the filters the app adds', async () => {
    const server = await startTestServer();
    try {
      await seedWebAppCatalog(server);
      const found = async (query: string): Promise<string[]> => {
        const answer = await server.post('/api/graphql', {
          query: print(picker!.document),
          operationName: picker!.name,
          variables: {
            input: { types: ['CORP_USER', 'CORP_GROUP'], query, limit: 10, orFilters: userFilters },
          },
        });
        expect(answer.json.errors).toBeUndefined();
        return answer.json.data.autoCompleteForMultiple.suggestions.flatMap((suggestion: any) =>
          suggestion.entities.map((entity: any) => entity.urn),
        );
      };
      expect(await found('Priya')).toContain(PRIYA);
      expect(await found('Fraud')).toContain(FRAUD_ML);
    } finally {
      await server.close();
    }
  });
});
