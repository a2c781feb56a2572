/**
 * Search as DataHub's GraphQL API does it, over real DataHub material: ranking, filters, facets, paging, soft
 * delete, autocomplete; and the index kept consistent with the aspects through a failed batch, a restart and a
 * database written by the previous release.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const FIXTURES = 'test/fixtures/datahub';
const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,SampleHiveDataset,PROD)';
const SEARCH = `query ($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    start count total
    searchResults { entity { urn type } }
    facets { field displayName aggregations { value count } }
  }
}`;

interface Results {
  start: number;
  count: number;
  total: number;
  urns: string[];
  facets: Map<string, Map<string, number>>;
}

async function search(server: TestServer, input: Record<string, unknown>): Promise<Results> {
  const { data, errors } = await server.graphql(SEARCH, { input: { query: '*', ...input } });
  expect(errors).toBeUndefined();
  const result = data.searchAcrossEntities;
  return {
    start: result.start,
    count: result.count,
    total: result.total,
    urns: result.searchResults.map((hit: { entity: { urn: string } }) => hit.entity.urn),
    facets: new Map(
      result.facets.map((facet: { field: string; aggregations: { value: string; count: number }[] }) => [
        facet.field,
        new Map(facet.aggregations.map((aggregation) => [aggregation.value, aggregation.count])),
      ]),
    ),
  };
}

const filter = (field: string, ...values: string[]) => ({ orFilters: [{ and: [{ field, values }] }] });

async function loadRealFiles(server: TestServer): Promise<void> {
  for (const file of [
    'bootstrap_mce.json',
    'glossary_events_golden.json',
    'mlflow_mcps_golden.json',
    'csv_enricher_golden.json',
  ]) {
    const ingest = await runCatalog(['ingest', path.join(FIXTURES, file), '--server', server.url]);
    expect(ingest.code, ingest.stderr).toBe(0);
  }
}

describe('searchAcrossEntities over real DataHub files', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await loadRealFiles(server);
  });
  afterAll(() => server.close());

  it('finds an entity by its name, by a word of its description and by a part of its URN', async () => {
    expect((await search(server, { query: 'SampleHiveDataset' })).urns[0]).toBe(HIVE);
    expect((await search(server, { query: 'pikachu' })).urns).toEqual([]); // custom properties are not text
    expect((await search(server, { query: 'log event' })).urns).toContain(
      'urn:li:dataset:(urn:li:dataPlatform:hive,logging_events,PROD)',
    );
    expect((await search(server, { query: 'scienceModel' })).urns).toEqual([
      'urn:li:mlModel:(urn:li:dataPlatform:science,scienceModel,PROD)',
    ]);
    // Field paths are searchable: the column deletion_reason is in one dataset's schema.
    expect((await search(server, { query: 'deletion_reason' })).urns).toEqual([
      'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)',
    ]);
  });

  it('ranks an exact name match first, above entities that repeat the word more often', async () => {
    const noisy = 'urn:li:dataset:(urn:li:dataPlatform:hive,ledger,PROD)';
    expect(
      (
        await server.post('/aspects?action=ingestProposal', {
          proposal: proposal(noisy, 'datasetProperties', {
            description: 'balance balance balance: every balance, balance after balance',
            customProperties: {},
            tags: [],
          }),
        })
      ).status,
    ).toBe(200);
    const results = await search(server, { query: 'balance' });
    expect(results.urns[0]).toBe('urn:li:glossaryTerm:Clients And Accounts.Balance');
    expect(results.urns).toContain(noisy);
    expect(results.urns).toContain('urn:li:glossaryTerm:AccountBalance');
  });

  it('lists everything for *, restricted by types', async () => {
    const all = await search(server, { count: 1000 });
    expect(all.total).toBe(all.urns.length);
    const types = all.facets.get('_entityType') as Map<string, number>;
    expect([...types.values()].reduce((a, b) => a + b, 0)).toBe(all.total);
    for (const [type, count] of types) {
      expect((await search(server, { types: [type], count: 0 })).total, type).toBe(count);
    }
    const terms = await search(server, { types: ['GLOSSARY_TERM'], count: 100 });
    expect(terms.urns.every((urn) => urn.startsWith('urn:li:glossaryTerm:'))).toBe(true);
    expect(terms.total).toBe(types.get('GLOSSARY_TERM'));
    // Lists longer than SQLite's 32,766 parameters, as a hostile or generated request may send.
    const repeated = await search(server, {
      types: new Array<string>(40_000).fill('GLOSSARY_TERM'),
      count: 0,
    });
    expect(repeated.total).toBe(terms.total);
    const urns = [...Array.from({ length: 40_000 }, (_, i) => `urn:li:glossaryTerm:none${i}`), ...terms.urns];
    expect((await search(server, { ...filter('urn', ...urns), count: 0 })).total).toBe(terms.total);
  });

  it('filters on platform, _entityType, glossaryTerms, tags and owners, and counts facets after filtering', async () => {
    const hive = await search(server, {
      types: ['DATASET'],
      ...filter('platform', 'urn:li:dataPlatform:hive'),
      count: 100,
    });
    expect(hive.urns.sort()).toEqual(
      [
        HIVE,
        'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)',
        'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)',
        'urn:li:dataset:(urn:li:dataPlatform:hive,ledger,PROD)',
        'urn:li:dataset:(urn:li:dataPlatform:hive,logging_events,PROD)',
      ].sort(),
    );
    expect(hive.facets.get('platform')).toEqual(new Map([['urn:li:dataPlatform:hive', hive.total]]));

    // Flows, jobs and charts have the platform GMS gives them from their key (DataPlatformInstanceUtils).
    const airflow = await search(server, filter('platform', 'urn:li:dataPlatform:airflow'));
    expect(airflow.urns.sort()).toEqual([
      'urn:li:dataFlow:(airflow,dag_abc,PROD)',
      'urn:li:dataJob:(urn:li:dataFlow:(airflow,dag_abc,PROD),task_123)',
      'urn:li:dataJob:(urn:li:dataFlow:(airflow,dag_abc,PROD),task_456)',
    ]);
    expect((await search(server, { types: ['CHART'], ...filter('platform', 'urn:li:dataPlatform:looker') })).total).toBe(2); // prettier-ignore

    const byType = await search(server, filter('_entityType', 'CHART'));
    expect(byType.urns.sort()).toEqual(['urn:li:chart:(looker,baz1)', 'urn:li:chart:(looker,baz2)']);

    // csv-enricher attached CustomerAccount to SampleHiveDataset (and AccountBalance to one of its columns).
    expect(
      (await search(server, filter('glossaryTerms', 'urn:li:glossaryTerm:CustomerAccount'))).urns,
    ).toEqual([HIVE]);
    expect(
      (await search(server, filter('fieldGlossaryTerms', 'urn:li:glossaryTerm:AccountBalance'))).urns,
    ).toEqual([]);
    expect(
      (await search(server, filter('editedFieldGlossaryTerms', 'urn:li:glossaryTerm:AccountBalance'))).urns,
    ).toEqual([HIVE]);

    const legacy = await search(server, filter('tags', 'urn:li:tag:Legacy'));
    expect(legacy.urns.sort()).toEqual([HIVE, 'urn:li:chart:(looker,baz1)'].sort());

    const finance = await search(server, filter('owners', 'urn:li:corpGroup:finance'));
    expect(finance.urns.sort()).toEqual([
      'urn:li:glossaryNode:Clients And Accounts',
      'urn:li:glossaryTerm:Clients And Accounts.Account',
      'urn:li:glossaryTerm:Clients And Accounts.Balance',
    ]);
    expect(finance.facets.get('_entityType')).toEqual(
      new Map([
        ['GLOSSARY_TERM', 2],
        ['GLOSSARY_NODE', 1],
      ]),
    );

    // Values of one filter are alternatives; two filters must both hold; orFilters are alternatives.
    const either = await search(
      server,
      filter('owners', 'urn:li:corpGroup:finance', 'urn:li:corpGroup:bfoo'),
    );
    expect(either.urns).toContain('urn:li:dashboard:(looker,baz)');
    const both = await search(server, {
      orFilters: [
        {
          and: [
            { field: 'owners', values: ['urn:li:corpuser:jdoe'] },
            { field: 'tags', values: ['urn:li:tag:Legacy'] },
          ],
        },
      ],
    });
    expect(both.urns).toEqual([HIVE]);
    const negated = await search(server, {
      types: ['CHART'],
      orFilters: [{ and: [{ field: 'tags', values: ['urn:li:tag:Legacy'], negated: true }] }],
    });
    expect(negated.urns).toEqual(['urn:li:chart:(looker,baz2)']);
  });

  it('answers the nested _entityType␞typeNames facet the search page builds its Type filter from', async () => {
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(HIVE, 'subTypes', { typeNames: ['View'] }),
    });
    const { data, errors } = await server.graphql(
      '{ searchAcrossEntities(input: {query: "*", types: [DATASET, CHART]}) { facets { field displayName aggregations { value count } } } }',
    );
    expect(errors).toBeUndefined();
    const nested = data.searchAcrossEntities.facets.find(
      (facet: { field: string }) => facet.field === '_entityType␞typeNames',
    );
    expect(nested.displayName).toBe('Type␞Sub Type');
    const counts = new Map(
      nested.aggregations.map((item: { value: string; count: number }) => [item.value, item.count]),
    );
    const all = await search(server, { types: ['DATASET', 'CHART'] });
    expect(counts.get('DATASET')).toBe(all.facets.get('_entityType')?.get('DATASET'));
    expect(counts.get('CHART')).toBe(2);
    expect(counts.get('DATASET␞View')).toBe(1);
    // Each type comes before its sub-types, as DataHub's nested aggregation lists them.
    const values = nested.aggregations.map((item: { value: string }) => item.value);
    expect(values.indexOf('DATASET')).toBeLessThan(values.indexOf('DATASET␞View'));
    const skipped = await server.graphql(
      '{ searchAcrossEntities(input: {query: "*", searchFlags: {skipAggregates: true}}) { facets { field } } }',
    );
    expect(skipped.data.searchAcrossEntities.facets).toEqual([]);
  });

  it('pages stably: the pages of a listing are the listing', async () => {
    const all = await search(server, { count: 1000 });
    const paged: string[] = [];
    for (let start = 0; start < all.total; start += 7) {
      const page = await search(server, { start, count: 7 });
      expect(page.start).toBe(start);
      expect(page.total).toBe(all.total);
      paged.push(...page.urns);
    }
    expect(paged).toEqual(all.urns);
    expect(new Set(paged).size).toBe(paged.length);
    const again = await search(server, { count: 1000 });
    expect(again.urns).toEqual(all.urns);
  });

  it('hides soft-deleted entities unless includeSoftDeleted, and filters on removed', async () => {
    const chart = 'urn:li:chart:(looker,baz2)';
    expect((await search(server, { query: 'Baz Chart' })).urns).toContain(chart);
    const remove = await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(chart, 'status', { removed: true }),
    });
    expect(remove.status).toBe(200);
    expect((await search(server, { query: 'Baz Chart' })).urns).not.toContain(chart);
    expect(
      (await search(server, { query: 'Baz Chart', searchFlags: { includeSoftDeleted: true } })).urns,
    ).toContain(chart);
    expect((await search(server, filter('removed', 'true'))).urns).toEqual([chart]);
    await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(chart, 'status', { removed: false }),
    });
    expect((await search(server, { query: 'Baz Chart' })).urns).toContain(chart);
  });

  it('answers search for one type, autoComplete and autoCompleteForMultiple', async () => {
    const { data, errors } = await server.graphql(
      `{
        search(input: {type: GLOSSARY_NODE, query: "*", count: 10}) { total searchResults { entity { urn } } }
        autoComplete(input: {type: GLOSSARY_TERM, query: "Acc"}) { query suggestions entities { urn } }
        autoCompleteForMultiple(input: {query: "Sample", limit: 3}) {
          query suggestions { type suggestions entities { urn } }
        }
      }`,
    );
    expect(errors).toBeUndefined();
    expect(data.search.total).toBe(5);
    expect(data.autoComplete.suggestions).toEqual(expect.arrayContaining(['Account', 'AccountBalance']));
    expect(
      data.autoComplete.entities.every((entity: { urn: string }) =>
        entity.urn.startsWith('urn:li:glossaryTerm:'),
      ),
    ).toBe(true);
    const types = data.autoCompleteForMultiple.suggestions.map((group: { type: string }) => group.type);
    expect(types).toEqual(expect.arrayContaining(['DATASET']));
    for (const group of data.autoCompleteForMultiple.suggestions)
      expect(group.entities.length).toBeLessThanOrEqual(3);
  });

  it('suggests names matching any word of the query, the name itself first (BOOL_PREFIX, as DataHub)', async () => {
    const suggest = async (query: string) => {
      const { data, errors } = await server.graphql(
        `query ($query: String!) { autoComplete(input: {type: GLOSSARY_TERM, query: $query, limit: 20}) { suggestions } }`,
        { query },
      );
      expect(errors).toBeUndefined();
      return data.autoComplete.suggestions as string[];
    };
    // Words are OR-ed: an unknown word does not hide the names the other one matches.
    const suggested = await suggest('Account_zzqx9');
    expect(suggested).toContain('Account');
    expect(suggested).toContain('AccountBalance');
    expect(await suggest('AccountBalance')).toEqual(['AccountBalance']);
    expect(await suggest('zzqx9')).toEqual([]);
    // The URN is always one of the fields: every term's URN has the word `glossaryterm`, so a query with that word
    // suggests every term, the one named by the query first (DataHub's term picker shows a full list).
    const everyTerm = await suggest('GlossaryTerm_AccountBalance');
    expect(everyTerm[0]).toBe('AccountBalance');
    expect(everyTerm).toEqual(expect.arrayContaining(['Account', 'AccountBalance']));
    expect(everyTerm.length).toBeGreaterThan(2);
  });
});

describe('index consistency', () => {
  it('leaves the index as it was when a batch fails half way, and indexes it when it succeeds', async () => {
    const server = await startTestServer();
    try {
      const zebra = 'urn:li:dataset:(urn:li:dataPlatform:hive,zebra,PROD)';
      const batch = (second: unknown) =>
        server.post('/aspects?action=ingestProposalBatch', {
          proposals: [
            proposal(zebra, 'datasetProperties', { description: 'striped', customProperties: {}, tags: [] }),
            second,
          ],
        });
      // The second proposal's precondition fails after the first was written inside the transaction.
      const failed = await batch(
        proposal(zebra, 'status', { removed: false }, { headers: { 'If-Version-Match': '7' } }),
      );
      expect(failed.status).toBe(422);
      expect((await search(server, { query: 'striped' })).urns).toEqual([]);
      expect((await search(server, { query: 'zebra' })).total).toBe(0);
      expect((await batch(proposal(zebra, 'status', { removed: false }))).status).toBe(200);
      expect((await search(server, { query: 'striped' })).urns).toEqual([zebra]);
    } finally {
      await server.close();
    }
  });

  it('serves the same results after a restart on the same file', async () => {
    const { dir, cleanup } = tempDir();
    const dbPath = path.join(dir, 'catalog.db');
    const first = await startTestServer({ dbPath });
    await loadRealFiles(first);
    const before = await search(first, { query: 'account', count: 100 });
    const facets = (await search(first, { count: 0 })).facets;
    await first.close();
    const second = await startTestServer({ dbPath });
    try {
      expect(await search(second, { query: 'account', count: 100 })).toEqual(before);
      expect((await search(second, { count: 0 })).facets).toEqual(facets);
    } finally {
      await second.close();
      cleanup();
    }
  });
});

describe('a database written by the previous release', () => {
  const FEATURE = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
  const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';

  it('is migrated on open: its entities are searchable and related, its history readable', async () => {
    const { dir, cleanup } = tempDir();
    const dbPath = path.join(dir, 'catalog.db');
    copyFileSync('test/fixtures/previous-release/catalog-b0d1d6f.db', dbPath);
    const server = await startTestServer({ dbPath });
    try {
      const found = await search(server, { query: 'txn', types: ['MLFEATURE'] });
      expect(found.urns).toContain(FEATURE);
      const { data, errors } = await server.graphql(
        `query ($urn: String!) {
          mlModel(urn: $urn) {
            relationships(input: {types: ["Consumes"], direction: OUTGOING, count: 20}) { total }
          }
          aspectHistory(input: {urn: "urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)",
                                aspect: "mlFeatureTableProperties"}) { total }
        }`,
        { urn: MODEL },
      );
      expect(errors).toBeUndefined();
      expect(data.mlModel.relationships.total).toBe(5);
      expect(data.aspectHistory.total).toBe(2);
    } finally {
      await server.close();
      cleanup();
    }
  });

  it('is served by `catalog serve`', async () => {
    const { dir, cleanup } = tempDir();
    const dbPath = path.join(dir, 'catalog.db');
    copyFileSync('test/fixtures/previous-release/catalog-b0d1d6f.db', dbPath);
    let interrupt = (): void => undefined;
    let ready = (_url: string): void => undefined;
    const listening = new Promise<string>((resolve) => (ready = resolve));
    const running = runCatalog(['serve', '--db', dbPath, '--port', '0'], {
      waitForInterrupt: () => new Promise<void>((resolve) => (interrupt = resolve)),
      onStdout: (text) => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
        if (match !== null) ready(match[1] as string);
      },
    });
    const url = await listening;
    const response = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ searchAcrossEntities(input: {query: "fraud"}) { total } }' }),
    });
    const body = (await response.json()) as { data: { searchAcrossEntities: { total: number } } };
    expect(body.data.searchAcrossEntities.total).toBeGreaterThanOrEqual(3);
    interrupt();
    expect((await running).code).toBe(0);
    cleanup();
  });
});

describe('what catalog reconcile creates', () => {
  it('is found by one searchAcrossEntities request: a feature, a model and a term', async () => {
    const server = await startTestServer();
    const { dir, cleanup } = tempDir();
    try {
      writeManifests(dir, {
        'catalog/glossary.yaml': [
          'apiVersion: catalog/v1',
          'kind: GlossaryTerm',
          'id: Risk.Churn',
          'name: Churn risk',
          'definition: Likelihood that a customer leaves.',
        ].join('\n'),
        'catalog/features.yaml': [
          'apiVersion: catalog/v1',
          'kind: MLFeatureTable',
          'name: retention',
          'platform: feast',
          'features:',
          '  - name: churn_score',
          '    dataType: CONTINUOUS',
          '    description: Score of the churn model.',
        ].join('\n'),
        'catalog/models.yaml': [
          'apiVersion: catalog/v1',
          'kind: MLModel',
          'name: churn-predictor',
          'platform: mlflow',
          'features: [retention.churn_score]',
        ].join('\n'),
      });
      const apply = await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: dir });
      expect(apply.code, apply.stderr + apply.stdout).toBe(0);
      const found = await search(server, {
        query: 'churn',
        types: ['MLFEATURE', 'MLMODEL', 'GLOSSARY_TERM'],
      });
      expect(found.urns.sort()).toEqual(
        [
          'urn:li:glossaryTerm:Risk.Churn',
          'urn:li:mlFeature:(retention,churn_score)',
          'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn-predictor,PROD)',
        ].sort(),
      );
    } finally {
      await server.close();
      cleanup();
    }
  });
});
