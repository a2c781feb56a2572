/**
 * updateDataset, which DataHub's description editor saves through: each part given replaces its aspect, and the
 * dataset is answered as read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,SamplePlaywrightHdfsDataset,PROD)';
const UPDATE = `mutation updateDataset($urn: String!, $input: DatasetUpdateInput!) {
  updateDataset(urn: $urn, input: $input) { urn editableProperties { description } }
}`;

describe('updateDataset', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => 1_700_000_000_000 });
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(DATASET, 'status', { removed: false }),
    });
  });
  afterAll(() => server.close());

  it('writes the edited description and answers the dataset with it', async () => {
    const result = await server.graphql(UPDATE, {
      urn: DATASET,
      input: { editableProperties: { description: 'This is test documentation EDITED' } },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.updateDataset).toEqual({ urn: DATASET, editableProperties: { description: 'This is test documentation EDITED' } }); // prettier-ignore
    expect(await server.aspect(DATASET, 'editableDatasetProperties')).toEqual({
      description: 'This is test documentation EDITED',
      created: { time: 1_700_000_000_000, actor: 'urn:li:corpuser:datahub' },
      lastModified: { time: 1_700_000_000_000, actor: 'urn:li:corpuser:datahub' },
    });
  });

  it('replaces links, tags and owners whole, and refuses what is not a dataset', async () => {
    const result = await server.graphql(UPDATE, {
      urn: DATASET,
      input: {
        institutionalMemory: { elements: [{ url: 'https://example.org/doc', description: 'Docs', author: 'urn:li:corpuser:datahub', createdAt: 5 }] }, // prettier-ignore
        tags: { tags: [{ tag: { urn: 'urn:li:tag:pii', name: 'pii' } }] },
        ownership: { owners: [{ owner: 'urn:li:corpuser:jdoe', type: 'DATAOWNER' }] },
      },
    });
    expect(result.errors).toBeUndefined();
    expect(await server.aspect(DATASET, 'institutionalMemory')).toEqual({
      elements: [{ url: 'https://example.org/doc', description: 'Docs', createStamp: { actor: 'urn:li:corpuser:datahub', time: 5 } }], // prettier-ignore
    });
    expect(await server.aspect(DATASET, 'globalTags')).toEqual({ tags: [{ tag: 'urn:li:tag:pii' }] });
    expect((await server.aspect(DATASET, 'ownership')).owners).toEqual([
      { owner: 'urn:li:corpuser:jdoe', type: 'DATAOWNER', source: { type: 'SERVICE' } },
    ]);
    const wrong = await server.graphql(UPDATE, { urn: 'urn:li:tag:pii', input: { editableProperties: { description: 'x' } } }); // prettier-ignore
    expect(wrong.errors[0].extensions.code).toBe(400);
  });
});
