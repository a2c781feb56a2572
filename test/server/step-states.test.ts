/**
 * The web app's step states as DataHub v1.7.0 keeps them (BatchGetStepStatesResolver, BatchUpdateStepStatesResolver):
 * an update writes urn:li:dataHubStepState:<id>, and a read answers the ids that exist with their properties.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const GET = `query ($input: BatchGetStepStatesInput!) { batchGetStepStates(input: $input) { results { id properties { key value } } } }`; // prettier-ignore
const UPDATE = `mutation ($input: BatchUpdateStepStatesInput!) { batchUpdateStepStates(input: $input) { results { id succeeded } } }`; // prettier-ignore
const SEEN = 'urn:li:corpuser:datahub-lastViewedAnnouncementTimeMs';
const WELCOME = 'urn:li:corpuser:datahub-global-welcome-to-datahub';

describe('step states', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers none before any is written, then the ones written with their properties', async () => {
    expect((await server.graphql(GET, { input: { ids: [SEEN, WELCOME] } })).data.batchGetStepStates.results).toEqual([]); // prettier-ignore
    const updated = await server.graphql(UPDATE, {
      input: {
        states: [{ id: SEEN, properties: [{ key: 'lastViewedAnnouncementTimeMs', value: '1700000000000' }] }],
      },
    });
    expect(updated.data.batchUpdateStepStates.results).toEqual([{ id: SEEN, succeeded: true }]);
    const stored = await server.aspect(`urn:li:dataHubStepState:${SEEN}`, 'dataHubStepStateProperties');
    expect(stored).toMatchObject({ properties: { lastViewedAnnouncementTimeMs: '1700000000000' }, lastModified: { actor: 'urn:li:corpuser:datahub' } }); // prettier-ignore
    expect(
      (await server.graphql(GET, { input: { ids: [SEEN, WELCOME] } })).data.batchGetStepStates.results,
    ).toEqual([{ id: SEEN, properties: [{ key: 'lastViewedAnnouncementTimeMs', value: '1700000000000' }] }]);
  });

  it('replaces a state’s properties, and refuses a property without a value', async () => {
    await server.graphql(UPDATE, { input: { states: [{ id: WELCOME, properties: [{ key: 'seen', value: 'true' }] }] } }); // prettier-ignore
    await server.graphql(UPDATE, { input: { states: [{ id: WELCOME, properties: [{ key: 'dismissed', value: 'true' }] }] } }); // prettier-ignore
    const read = await server.graphql(GET, { input: { ids: [WELCOME] } });
    expect(read.data.batchGetStepStates.results).toEqual([{ id: WELCOME, properties: [{ key: 'dismissed', value: 'true' }] }]); // prettier-ignore
    const refused = await server.graphql(UPDATE, { input: { states: [{ id: WELCOME, properties: [{ key: 'x', value: null }] }] } }); // prettier-ignore
    expect(refused.errors[0].message).toBe('An unknown error occurred.');
  });
});
