/**
 * Relationships with DataHub's names from the @Relationship annotations, both directions, over what
 * `catalog reconcile` writes and over real DataHub files; and aspect history (GET /aspects version=N and the
 * aspectHistory query).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExample } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { encode, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { FINANCIAL, GROUP, MODEL_10, MODEL_11, TABLE, TX, TXN_COUNT } from '../helpers/example-urns.js';

const RELATED = `query ($urn: String!, $types: [String!]!, $direction: RelationshipDirection!, $start: Int, $count: Int) {
  entity(urn: $urn) {
    ... on EntityWithRelationships {
      relationships(input: {types: $types, direction: $direction, start: $start, count: $count}) {
        start count total relationships { type direction entity { urn type } }
      }
    }
    ... on GlossaryTerm {
      relationships(input: {types: $types, direction: $direction, start: $start, count: $count}) {
        start count total relationships { type direction entity { urn type } }
      }
    }
  }
}`;

describe('relationships', () => {
  let server: TestServer;
  const { dir, cleanup } = tempDir();
  const related = async (urn: string, types: string[], direction: 'INCOMING' | 'OUTGOING', page = {}) => {
    const { data, errors } = await server.graphql(RELATED, { urn, types, direction, ...page });
    expect(errors).toBeUndefined();
    const result = data.entity.relationships;
    return {
      ...result,
      urns: result.relationships.map((item: { entity: { urn: string } }) => item.entity.urn).sort(),
    };
  };

  beforeAll(async () => {
    server = await startTestServer();
    copyExample(dir);
    const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const sample = path.resolve('test/fixtures/datahub/bootstrap_mce.json');
    expect((await run('ingest', sample)).code).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it('a model Consumes its features and is a MemberOf its group; the group sees its members', async () => {
    const consumes = await related(MODEL_11, ['Consumes'], 'OUTGOING');
    expect(consumes.total).toBe(5);
    expect(consumes.urns).toContain(TXN_COUNT);
    expect(consumes.relationships[0]).toMatchObject({ type: 'Consumes', direction: 'OUTGOING' });
    expect((await related(MODEL_11, ['MemberOf'], 'OUTGOING')).urns).toEqual([GROUP]);
    expect((await related(GROUP, ['MemberOf'], 'INCOMING')).urns).toEqual([MODEL_10, MODEL_11]);
  });

  it('a feature is Contained in its table, Consumed by models and DerivedFrom its source dataset', async () => {
    expect((await related(TXN_COUNT, ['Contains'], 'INCOMING')).urns).toEqual([TABLE]);
    expect((await related(TXN_COUNT, ['Consumes'], 'INCOMING')).urns).toEqual([MODEL_10, MODEL_11]);
    expect((await related(TXN_COUNT, ['DerivedFrom'], 'OUTGOING')).urns).toEqual([TX]);
    expect((await related(TX, ['DerivedFrom'], 'INCOMING')).urns).toContain(TXN_COUNT);
    expect((await related(TABLE, ['Contains'], 'OUTGOING')).total).toBe(4); // three inline, one ref
  });

  it('a dataset is TermedWith its terms and its columns name theirs; the term sees both', async () => {
    expect((await related(TX, ['TermedWith'], 'OUTGOING')).urns).toEqual([
      'urn:li:glossaryTerm:Classification.Confidential',
      FINANCIAL,
    ]);
    const columns = await related(TX, ['EditableSchemaFieldWithGlossaryTerm'], 'OUTGOING');
    expect(columns.urns).toEqual(
      ['urn:li:glossaryTerm:Classification.PII', FINANCIAL, 'urn:li:glossaryTerm:MLUsage.Label'].sort(),
    );
    const incoming = await related(
      FINANCIAL,
      ['TermedWith', 'EditableSchemaFieldWithGlossaryTerm'],
      'INCOMING',
    );
    expect(incoming.relationships.map((item: { type: string }) => item.type).sort()).toEqual([
      'EditableSchemaFieldWithGlossaryTerm',
      'TermedWith',
    ]);
  });

  it('pages through relationships', async () => {
    const first = await related(MODEL_11, ['Consumes'], 'OUTGOING', { start: 0, count: 2 });
    const rest = await related(MODEL_11, ['Consumes'], 'OUTGOING', { start: 2, count: 10 });
    expect(first).toMatchObject({ start: 0, count: 2, total: 5 });
    expect(rest).toMatchObject({ start: 2, count: 3, total: 5 });
    const all = await related(MODEL_11, ['Consumes'], 'OUTGOING');
    expect([...first.urns, ...rest.urns].sort()).toEqual(all.urns);
  });

  it("follows DataHub's sample lineage: charts Consume datasets, dashboards Contain charts, jobs Produce", async () => {
    const hdfs = 'urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleHdfsDataset,PROD)';
    expect((await related('urn:li:chart:(looker,baz2)', ['Consumes'], 'OUTGOING')).urns).toEqual([hdfs]);
    expect((await related('urn:li:chart:(looker,baz1)', ['Consumes'], 'OUTGOING')).total).toBe(1);
    expect((await related('urn:li:dashboard:(looker,baz)', ['Contains'], 'OUTGOING')).total).toBe(2);
    expect(
      (
        await related(
          'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)',
          ['Produces'],
          'INCOMING',
        )
      ).urns,
    ).toEqual(['urn:li:dataJob:(urn:li:dataFlow:(airflow,dag_abc,PROD),task_123)']);
    expect((await related(hdfs, ['DownstreamOf'], 'INCOMING')).urns).toEqual([
      'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)',
    ]);
  });
});

describe('aspect history', () => {
  it('keeps every version: GET /aspects version=N as GMS numbers them, and aspectHistory with what changed', async () => {
    const server = await startTestServer();
    const { dir, cleanup } = tempDir();
    try {
      copyExample(dir);
      const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
      expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
      expect((await run('reconcile', 'catalog')).code).toBe(0);
      const file = path.join(dir, 'catalog/features/transaction-features.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/description: Rolling aggregates[^\n]*/, 'description: Revised.'),
      );
      expect((await run('reconcile', 'catalog')).code).toBe(0);

      const read = async (version: number) =>
        (await server.get(`/aspects/${encode(TABLE)}?aspect=mlFeatureTableProperties&version=${version}`))
          .json;
      const latest = await read(0);
      const oldest = await read(1);
      expect(latest.aspect['com.linkedin.ml.metadata.MLFeatureTableProperties'].description).toBe('Revised.');
      expect(oldest.aspect['com.linkedin.ml.metadata.MLFeatureTableProperties'].description).toMatch(
        /^Rolling/,
      );
      expect(
        (await server.get(`/aspects/${encode(TABLE)}?aspect=mlFeatureTableProperties&version=2`)).status,
      ).toBe(404);

      const { data, errors } = await server.graphql(
        `query ($urn: String!) {
          aspectHistory(input: {urn: $urn, aspect: "mlFeatureTableProperties"}) {
            total versions { aspectName version revision createdOn createdBy payload changes { path before after } }
          }
          all: aspectHistory(input: {urn: $urn, start: 0, count: 100}) { total versions { aspectName version } }
        }`,
        { urn: TABLE },
      );
      expect(errors).toBeUndefined();
      const [newest, first] = data.aspectHistory.versions;
      expect(data.aspectHistory.total).toBe(2);
      expect(newest).toMatchObject({ version: 0, revision: '2', createdBy: 'urn:li:corpuser:datahub' });
      expect(newest.changes).toEqual([
        { path: 'description', before: expect.stringMatching(/^"Rolling/), after: '"Revised."' },
      ]);
      expect(JSON.parse(newest.payload).description).toBe('Revised.');
      expect(first).toMatchObject({ version: 1, revision: '1', changes: [] });
      expect(newest.createdOn).toBeGreaterThanOrEqual(first.createdOn);
      const names = data.all.versions.map((version: { aspectName: string }) => version.aspectName);
      expect(names).toEqual(
        expect.arrayContaining(['mlFeatureTableProperties', 'mlFeatureTableKey', 'status']),
      );
      expect(data.all.total).toBe(data.all.versions.length);
    } finally {
      await server.close();
      cleanup();
    }
  });
});
