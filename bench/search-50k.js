// Search on a 50,000-entity embedded catalog: loads features, tables, models, groups, terms and datasets (with
// descriptions, owners, tags and term attachments), then times searchAcrossEntities over HTTP and the search
// page of the web UI, each query several times, and prints the median and worst. It asserts nothing.
// Run: npm run bench (or: npm run build && node bench/search-50k.js [entities])
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCatalogServer } from '../dist/server/create-server.js';

const SIZE = Number(process.argv[2] ?? 50_000);
const RUNS = 7;
const WORDS = [
  'revenue',
  'churn',
  'fraud',
  'session',
  'latency',
  'basket',
  'credit',
  'refund',
  'click',
  'risk',
];

/** Proposals for SIZE entities, in six kinds, in batches (the server takes one batch per transaction). */
function* batches(size) {
  let batch = [];
  const push = (entityUrn, aspectName, aspect) => {
    batch.push({
      entityUrn,
      aspectName,
      changeType: 'UPSERT',
      aspect: { value: JSON.stringify(aspect), contentType: 'application/json' },
    });
  };
  for (let i = 0; i < size; i += 1) {
    const word = WORDS[i % WORDS.length];
    const other = WORDS[(i * 7) % WORDS.length];
    const owner = {
      owners: [{ owner: `urn:li:corpuser:user${i % 50}`, type: 'TECHNICAL_OWNER' }],
      lastModified: { time: 0, actor: 'urn:li:corpuser:bench' },
    };
    const tags = { tags: [{ tag: `urn:li:tag:${other}` }] };
    switch (i % 6) {
      case 0:
        push(`urn:li:mlFeature:(table_${i % 997},${word}_feature_${i})`, 'mlFeatureProperties', {
          description: `The ${word} signal number ${i}, derived from ${other} events.`,
          dataType: 'CONTINUOUS',
        });
        break;
      case 1:
        push(
          `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,${word}_table_${i})`,
          'mlFeatureTableProperties',
          { description: `Features about ${word} and ${other}.` },
        );
        break;
      case 2:
        push(`urn:li:mlModel:(urn:li:dataPlatform:mlflow,${word}-model-${i},PROD)`, 'mlModelProperties', {
          description: `Predicts ${word} from ${other}.`,
          type: 'xgboost',
        });
        break;
      case 3:
        push(
          `urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,${word}-group-${i},PROD)`,
          'mlModelGroupProperties',
          { description: `Every run of the ${word} model.` },
        );
        break;
      case 4:
        push(`urn:li:glossaryTerm:Bench.${word}${i}`, 'glossaryTermInfo', {
          name: `${word} term ${i}`,
          definition: `What ${word} means for ${other}.`,
          termSource: 'INTERNAL',
        });
        break;
      default: {
        const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,db.${word}_events_${i},PROD)`;
        push(urn, 'datasetProperties', {
          description: `Raw ${word} events joined with ${other}.`,
          customProperties: {},
          tags: [],
        });
        push(urn, 'glossaryTerms', {
          terms: [{ urn: `urn:li:glossaryTerm:Bench.${other}${i - 1}` }],
          auditStamp: { time: 0, actor: 'urn:li:corpuser:bench' },
        });
        push(urn, 'schemaMetadata', {
          schemaName: `${word}_events`,
          platform: 'urn:li:dataPlatform:hive',
          version: 0,
          hash: '',
          platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
          fields: ['id', `${word}_amount`, 'event_time'].map((fieldPath) => ({
            fieldPath,
            nullable: false,
            type: { type: { 'com.linkedin.schema.StringType': {} } },
            nativeDataType: 'string',
            recursive: false,
          })),
        });
      }
    }
    const subject = batch.at(-1).entityUrn;
    push(subject, 'ownership', owner);
    // Glossary terms carry no tags in DataHub's registry.
    if (!subject.startsWith('urn:li:glossaryTerm:')) push(subject, 'globalTags', tags);
    if (batch.length >= 2000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

const dir = mkdtempSync(path.join(tmpdir(), 'catalog-bench-search-'));
const server = await startCatalogServer({ db: path.join(dir, 'search.db'), port: 0 });
const post = (target, body) =>
  fetch(`${server.url}${target}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

let start = performance.now();
for (const proposals of batches(SIZE)) {
  const response = await post('/aspects?action=ingestProposalBatch', { proposals });
  if (!response.ok) throw new Error(`ingest failed: ${response.status} ${await response.text()}`);
}
console.log(`loaded ${SIZE} entities in ${((performance.now() - start) / 1000).toFixed(1)} s`);

const SEARCH = `query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) {
  total searchResults { entity { urn type } } facets { field aggregations { value count } } } }`;
// The catalog indexes written entities after the writes (once they pause, or before a search): the first search
// waits for what is left, so it is timed apart, and the searches below run on a fully indexed catalog.
start = performance.now();
await post('/api/graphql', { query: SEARCH, variables: { input: { query: '*', count: 0 } } });
console.log(
  `indexing left after the load: ${((performance.now() - start) / 1000).toFixed(1)} s (the first search)`,
);
const cases = [
  ['GraphQL: *', { query: '*', count: 20 }],
  ['GraphQL: one word', { query: 'churn', count: 20 }],
  ['GraphQL: two words', { query: 'fraud model', count: 20 }],
  ['GraphQL: prefix', { query: 'rev', count: 20 }],
  [
    'GraphQL: word + type + platform filter',
    {
      query: 'fraud',
      types: ['MLMODEL'],
      orFilters: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:mlflow'] }] }],
      count: 20,
    },
  ],
  ['GraphQL: word, page 50', { query: 'credit', start: 1000, count: 20 }],
];

function report(name, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `${name.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   worst ${sorted.at(-1).toFixed(1).padStart(7)} ms`,
  );
}

for (const [name, input] of cases) {
  const times = [];
  let total = 0;
  for (let run = 0; run < RUNS; run += 1) {
    start = performance.now();
    const body = await (await post('/api/graphql', { query: SEARCH, variables: { input } })).json();
    times.push(performance.now() - start);
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    total = body.data.searchAcrossEntities.total;
  }
  report(`${name} (${total} hits)`, times);
}

for (const [name, target] of [
  ['UI page: /search?q=churn', '/search?q=churn'],
  ['UI page: /search (everything)', '/search'],
  ['UI page: /search?q=fraud&type=MLMODEL', '/search?q=fraud&type=MLMODEL'],
]) {
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    start = performance.now();
    const response = await fetch(`${server.url}${target}`);
    await response.text();
    times.push(performance.now() - start);
  }
  report(name, times);
}
console.log(
  `heap ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MiB, rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`,
);
await server.close();
rmSync(dir, { recursive: true, force: true });
