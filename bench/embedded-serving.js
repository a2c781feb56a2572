// Search and entity-page latency of a running catalog, for bench/embedded-250k.js: GraphQL searches of four kinds
// (each with the default facets, as DataHub's app asks) and the UI's entity pages, median and p99 of each kind.
import { performance } from 'node:perf_hooks';
import { DOMAINS, MEASURES, pick, PLATFORMS, SUBJECTS, TAGS } from './embedded-metadata.js';

export function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    requests: sorted.length,
    medianMs: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1)),
  };
}
export const round = (ms) => Math.round(ms * 10) / 10;

async function timeRequests(count, send) {
  return summarize(await timesOf(count, send));
}

async function timesOf(count, send) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await send(i);
    times.push(performance.now() - start);
  }
  return times;
}

const SEARCH = `query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) {
  start count total
  searchResults { entity { urn type ... on MLFeature { name description } ... on Dataset { name properties { name description } platform { name } } ... on MLModel { name description } ... on GlossaryTerm { name properties { name } } } matchedFields { name value } }
  facets { field displayName aggregations { value count } } } }`;

function searchCases() {
  const words = [...SUBJECTS, ...MEASURES, ...DOMAINS];
  return [
    ['one word', (i) => ({ query: pick(words, i * 7), count: 10 })],
    ['two words', (i) => ({ query: `${pick(SUBJECTS, i * 3)} ${pick(MEASURES, i * 5 + 1)}`, count: 10 })],
    [
      'word + type filter',
      (i) => ({
        query: pick(SUBJECTS, i * 3),
        types: [pick(['MLFEATURE', 'DATASET', 'MLMODEL'], i)],
        count: 10,
      }),
    ],
    [
      'word + facet filter',
      (i) => ({
        query: pick(DOMAINS, i * 3),
        orFilters: [
          {
            and: [
              i % 2 === 0
                ? { field: 'platform', values: [`urn:li:dataPlatform:${pick(PLATFORMS, i)}`] }
                : { field: 'tags', values: [`urn:li:tag:${pick(TAGS, i)}`] },
            ],
          },
        ],
        count: 10,
      }),
    ],
  ];
}

export async function measureServing(url, samples, requests) {
  const post = async (input) => {
    const response = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: SEARCH, variables: { input } }),
    });
    const body = await response.json();
    if (!response.ok || body.errors)
      throw new Error(`search failed: ${JSON.stringify(body.errors ?? response.status)}`);
    return body.data.searchAcrossEntities.total;
  };
  // The first read waits for any indexing left (timed apart): what follows runs on a fully indexed catalog.
  const settleStart = performance.now();
  const total = await post({ query: '*', count: 1 });
  const settleMs = performance.now() - settleStart;
  const search = {};
  for (const [name, input] of searchCases()) {
    // One warm-up request per kind (statement preparation, page cache) before the timed ones.
    await post(input(requests));
    const times = await timesOf(requests, (i) => post(input(i)));
    // The requests asking a search for the first time (the catalog keeps answers until the index changes):
    // what a search nobody asked before takes.
    const seen = new Set([JSON.stringify(input(requests))]);
    const first = times.filter((_, i) => {
      const key = JSON.stringify(input(i));
      return !seen.has(key) && seen.add(key) !== undefined;
    });
    search[name] = { ...summarize(times), firstAsked: summarize(first) };
  }
  const pages = {};
  const types = [...Object.keys(samples), 'mlModel'];
  for (const type of types) {
    const urns = type === 'mlModel' ? samples.mlModel : samples[type];
    const get = async (i) => {
      const urn = urns[i % urns.length];
      const response = await fetch(`${url}/e/${encodeURIComponent(urn)}`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET /e/${urn}: ${response.status} ${text.slice(0, 200)}`);
    };
    await get(0);
    pages[type] = await timeRequests(Math.ceil(requests / types.length), get);
  }
  const allPages = Object.values(pages);
  return {
    total,
    settleMs: round(settleMs),
    search,
    pages,
    pagesRequests: allPages.reduce((a, b) => a + b.requests, 0),
  };
}

export function printServing(serving) {
  console.log(
    `  ${'kind'.padEnd(34)} ${'requests'.padStart(8)} ${'median'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)}`,
  );
  const line = (name, s) =>
    console.log(`  ${name.padEnd(34)} ${String(s.requests).padStart(8)} ${`${s.medianMs} ms`.padStart(9)} ${`${s.p99Ms} ms`.padStart(9)} ${`${s.maxMs} ms`.padStart(9)}`); // prettier-ignore
  for (const [name, s] of Object.entries(serving.search)) {
    line(`search: ${name}`, s);
    line(`  asked for the first time`, s.firstAsked);
  }
  for (const [name, s] of Object.entries(serving.pages)) line(`page /e/<${name}>`, s);
}
