import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogContents } from '../../../test/helpers/catalog-contents.js';
import { tempDir } from '../../../test/helpers/temp-dir.js';
import { parseMetadataRecords } from '../../model/metadata-file.js';
import { CatalogService } from '../catalog-service.js';
import { AspectStore } from '../store/aspect-store.js';
import { loadMetadataFile, type Catalog } from './load-file.js';
import { readInWorker } from './read-in-worker.js';

// The loader's reading thread runs from dist/ (see src/worker-script.ts): `npm test` builds it first.

const ACTOR = 'urn:li:corpuser:datahub';
const NOW = 1_700_000_000_000;
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));
const newDir = (): string => {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  return dir;
};

const term = (id: string, aspectName: string, json: object, extra: object = {}) => ({
  entityType: 'glossaryTerm',
  entityUrn: `urn:li:glossaryTerm:${id}`,
  changeType: 'UPSERT',
  aspectName,
  aspect: { json },
  ...extra,
});
const termInfo = (id: string, definition: string, extra: object = {}) =>
  term(id, 'glossaryTermInfo', { name: `Name ${id}`, definition, termSource: 'INTERNAL' }, extra);
const dataset = (name: string, aspectName: string, json: object, extra: object = {}) => ({
  entityType: 'dataset',
  entityUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`,
  changeType: 'UPSERT',
  aspectName,
  aspect: { json },
  ...extra,
});
const incident = (id: string, asset: string) => ({
  entityType: 'incident',
  entityUrn: `urn:li:incident:${id}`,
  changeType: 'UPSERT',
  aspectName: 'incidentInfo',
  aspect: {
    json: {
      type: 'OPERATIONAL',
      title: 'Late load',
      entities: [asset],
      status: { state: 'ACTIVE', lastUpdated: { time: 1, actor: ACTOR } },
      created: { time: 1, actor: ACTOR },
    },
  },
});
const DBT_ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:dbt,shop.orders,PROD)';
const WAREHOUSE_ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
const owners = (owner: string) => ({ owners: [{ owner, type: 'TECHNICAL_OWNER' }] });

/**
 * Records of every kind the loader writes differently: new entities (over several batches, one of them spanning
 * two batches and one with records far apart), an entity the catalog holds, a key aspect first and after other
 * aspects, a second value of an aspect (equal and different), a timeseries aspect, CREATE, conditional-write
 * headers, system metadata, and MCE snapshots.
 */
function records(): unknown[] {
  const many = Array.from({ length: 6001 }, (_, i) => [
    termInfo(`bulk.t${i}`, `Definition of amount ${i}`),
    term(`bulk.t${i}`, 'ownership', owners(`urn:li:corpuser:u${i % 7}`)),
  ]).flat();
  const snapshots = JSON.parse(readFileSync('examples/datasets.json', 'utf8')) as unknown[];
  return [
    termInfo('scattered', 'First value, far from its second aspect'),
    term('bulk.first', 'glossaryTermKey', { name: 'bulk.first' }),
    termInfo('bulk.first', 'First of the bulk'),
    term('bulk.first', 'ownership', owners('urn:li:corpuser:ana')),
    // One record more, so that the pairs below straddle the 5,000-proposal batches (see SPANNING).
    termInfo('bulk.single', 'One record'),
    ...many,
    termInfo('existing', 'Now changed by the file'),
    termInfo('twice.equal', 'Same'),
    termInfo('twice.equal', 'Same', { systemMetadata: { runId: 'second-run', lastObserved: 5 } }),
    termInfo('twice.changed', 'Before'),
    termInfo('twice.changed', 'After'),
    termInfo('key.later', 'Key after'),
    term('key.later', 'glossaryTermKey', { name: 'key.later' }),
    dataset('db.profiled', 'status', { removed: false }),
    dataset('db.profiled', 'datasetProfile', { timestampMillis: 1_700_000_000_000, rowCount: 10 }),
    // An incident: its asset's incidentsSummary is written with it (GMS's IncidentsSummaryHook).
    incident('bulk', 'urn:li:dataset:(urn:li:dataPlatform:hive,db.profiled,PROD)'),
    termInfo('created', 'Created', { changeType: 'CREATE' }),
    termInfo('conditional', 'Conditional', { headers: { 'If-Version-Match': '-1' } }),
    termInfo('with.metadata', 'Has a run', { systemMetadata: { runId: 'run-1', lastObserved: 7 } }),
    // A table downstream of one dbt model: GMS's sibling hook makes them siblings (bulk: after the file's writes).
    { ...dataset('orders', 'datasetProperties', { name: 'orders' }), entityUrn: DBT_ORDERS },
    { ...dataset('orders', 'upstreamLineage', { upstreams: [{ dataset: DBT_ORDERS, type: 'TRANSFORMED' }] }), entityUrn: WAREHOUSE_ORDERS }, // prettier-ignore
    ...snapshots,
    term('scattered', 'ownership', owners('urn:li:corpuser:bo')),
  ];
}

/** An empty catalog at `dir`. */
function emptyCatalog(dir: string): Catalog {
  const store = new AspectStore(path.join(dir, 'catalog.db'));
  return { store, service: new CatalogService(store, () => NOW) };
}

/** A catalog at `dir` holding two terms, one of which the file changes, indexed. */
function seededCatalog(dir: string): Catalog {
  const file = path.join(dir, 'catalog.db');
  const seeding = new AspectStore(file);
  const seed = parseMetadataRecords([termInfo('existing', 'Before the file'), termInfo('untouched', 'Kept')]);
  if (!seed.ok) throw new Error(JSON.stringify(seed.errors));
  new CatalogService(seeding, () => NOW).ingest(seed.proposals, ACTOR);
  seeding.close();
  const store = new AspectStore(file);
  return { store, service: new CatalogService(store, () => NOW) };
}

/** The catalog at `dir`, with the entities some words of the file find. */
const contents = (dir: string): Record<string, unknown> =>
  catalogContents(path.join(dir, 'catalog.db'), [
    'amount',
    'after',
    'changed',
    'scattered',
    'profile',
    'later',
    'run',
    'orders',
  ]);

const load = (name: string, file: string, open: () => Catalog, actor: string) =>
  loadMetadataFile(readInWorker(name, file), name, open, actor);

/** Records 4,999 and 5,000 (one proposal each): the end of the first batch and the start of the second. */
const SPANNING = [4999, 5000];

describe('loadMetadataFile', () => {
  it('has an entity whose records span two batches (what the reading thread must remember across batches)', () => {
    const [last, first] = SPANNING.map((index) => (records()[index] as { entityUrn: string }).entityUrn);
    expect(last).toBe(first);
  });

  it.each([
    ['holding entities', seededCatalog],
    ['empty (no entity met is looked up)', emptyCatalog],
  ])(
    'leaves a catalog %s as CatalogService.ingest of the same file in one request does, indexes included',
    async (_, startFrom) => {
      const file = path.join(newDir(), 'metadata.json');
      writeFileSync(file, JSON.stringify(records(), null, 1));

      const loadedDir = newDir();
      const catalog = startFrom(loadedDir);
      const outcome = await load('metadata.json', file, () => catalog, ACTOR);
      catalog.store.close();

      const ingestedDir = newDir();
      const reference = startFrom(ingestedDir);
      const parsed = parseMetadataRecords(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      reference.service.ingest(parsed.proposals, ACTOR);
      reference.store.close();

      const entities = new Set(parsed.proposals.map((proposal) => proposal.entityUrn)).size;
      expect(outcome).toEqual({
        kind: 'loaded',
        records: records().length,
        aspects: parsed.proposals.length,
        entities,
      });
      const loaded = contents(loadedDir);
      const ingested = contents(ingestedDir);
      // What the comparison covers: thousands of entities, history rows, events, and every index table.
      expect((loaded['entities'] as unknown[]).length).toBeGreaterThan(6000);
      expect(ingested['aspects']).toContainEqual(expect.objectContaining({ version: 1 }));
      expect((loaded['timeseries'] as unknown[]).length).toBe(1);
      expect((loaded['words'] as unknown[][]).map((urns) => urns.length > 0)).not.toContain(false);
      expect(loaded['aspects']).toContainEqual(expect.objectContaining({ aspect: 'incidentsSummary' }));
      expect(loaded).toEqual(ingested);
    },
    60_000,
  );

  it('refuses a file with bad records whole, reporting each, and writes nothing of it', async () => {
    const file = path.join(newDir(), 'bad.json');
    const good = Array.from({ length: 6000 }, (_, i) => termInfo(`good.t${i}`, 'Fine'));
    writeFileSync(file, JSON.stringify([...good, { entityType: 'glossaryTerm' }, ...good.slice(0, 10), 42]));
    const dir = newDir();
    const catalog = seededCatalog(dir);
    const before = contents(dir);
    const outcome = await load('bad.json', file, () => catalog, ACTOR);
    catalog.store.close();
    expect(outcome.kind).toBe('refused');
    const message = outcome.kind === 'refused' ? outcome.message : '';
    expect(message).toMatch(/^error bad\.json: record 6000: .+\n/);
    expect(message).toContain('error bad.json: record 6011: a record must be a JSON object\n');
    expect(message).toMatch(/error bad\.json: 2 bad record\(s\); nothing of it was written\n$/);
    expect(contents(dir)).toEqual(before);
  });

  it('answers a file that is not JSON as JSON.parse does, and writes nothing of it', async () => {
    const dir = newDir();
    const file = path.join(dir, 'broken.json');
    const text = JSON.stringify(Array.from({ length: 6000 }, (_, i) => termInfo(`b.t${i}`, 'Fine')));
    writeFileSync(file, `${text.slice(0, -1)}, {"entityType": ]`);
    let parseError = '';
    try {
      JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      parseError = (error as Error).message;
    }
    const catalog = seededCatalog(dir);
    const before = contents(dir);
    const outcome = await load('broken.json', file, () => catalog, ACTOR);
    catalog.store.close();
    expect(outcome).toEqual({
      kind: 'refused',
      message: `error broken.json: not valid JSON (${parseError}); nothing of it was written\n`,
    });
    expect(contents(dir)).toEqual(before);
  });

  it('rolls the whole file back when the catalog refuses a proposal after earlier batches were written', async () => {
    const dir = newDir();
    const file = path.join(dir, 'refused.json');
    const good = Array.from({ length: 12_000 }, (_, i) => termInfo(`r.t${i}`, 'Fine'));
    const badKey = termInfo('x', 'Bad key');
    writeFileSync(file, JSON.stringify([...good, { ...badKey, entityUrn: 'urn:li:glossaryTerm:(a,b)' }]));
    const catalog = seededCatalog(dir);
    const before = contents(dir);
    await expect(load('refused.json', file, () => catalog, ACTOR)).rejects.toThrow(
      /^Invalid urn urn:li:glossaryTerm:\(a,b\)/,
    );
    catalog.store.close();
    expect(contents(dir)).toEqual(before);
  });

  it('reads a file of one record, refuses an empty one, and opens no catalog for a file it refuses', async () => {
    const dir = newDir();
    const single = path.join(dir, 'single.json');
    writeFileSync(single, JSON.stringify(termInfo('single', 'One record, not in a list')));
    const catalog = seededCatalog(dir);
    expect(await load('single.json', single, () => catalog, ACTOR)).toEqual({
      kind: 'loaded',
      records: 1,
      aspects: 1,
      entities: 1,
    });
    expect(catalog.service.latest('urn:li:glossaryTerm:single', 'glossaryTermInfo')).toMatchObject({
      definition: 'One record, not in a list',
    });
    catalog.store.close();

    const empty = path.join(dir, 'empty.json');
    writeFileSync(empty, '[]');
    const notOpened = (): Catalog => {
      throw new Error('the catalog was opened');
    };
    expect(await load('empty.json', empty, notOpened, ACTOR)).toEqual({ kind: 'empty' });
    expect(await load('missing.json', path.join(dir, 'missing.json'), notOpened, ACTOR)).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^error missing\.json: cannot read it/),
    });
  });
});
