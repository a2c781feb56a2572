import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

describe('catalog serve', () => {
  it('prints one ready line, serves, and shuts down cleanly on interrupt', async () => {
    const { dir, cleanup } = tempDir();
    let interrupt = (): void => undefined;
    let ready = (_url: string): void => undefined;
    const listening = new Promise<string>((resolve) => (ready = resolve));
    const running = runCatalog(['serve', '--db', path.join(dir, 'c.db'), '--port', '0'], {
      waitForInterrupt: () => new Promise<void>((resolve) => (interrupt = resolve)),
      onStdout: (text) => {
        const match = /catalog server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
        if (match !== null) ready(match[1] as string);
      },
    });
    const url = await listening;
    const config = (await (await fetch(`${url}/config`)).json()) as { noCode: string };
    expect(config.noCode).toBe('true');
    interrupt();
    const run = await running;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^catalog server listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(run.stderr).toContain('no token configured');
    await expect(fetch(`${url}/config`)).rejects.toThrow();
    cleanup();
  });

  it('serves a DataHub web-app build at / with --datahub-ui, and refuses a folder that is no build', async () => {
    const { dir, cleanup } = tempDir();
    writeFileSync(path.join(dir, 'index.html'), '<html><head><base href="@basePath" /></head></html>');
    let interrupt = (): void => undefined;
    let ready = (_url: string): void => undefined;
    const listening = new Promise<string>((resolve) => (ready = resolve));
    const running = runCatalog(['serve', '--db', ':memory:', '--port', '0', '--datahub-ui', dir], {
      waitForInterrupt: () => new Promise<void>((resolve) => (interrupt = resolve)),
      onStdout: (text) => {
        const match = /catalog server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
        if (match !== null) ready(match[1] as string);
      },
    });
    const url = await listening;
    expect(await (await fetch(`${url}/glossary`)).text()).toContain('<base href="/" />');
    interrupt();
    const run = await running;
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("DataHub's web app at");
    expect(run.stderr).toContain('/ui/search');

    const missing = await runCatalog(['serve', '--db', ':memory:', '--port', '0', '--datahub-ui', path.join(dir, 'nope')]); // prettier-ignore
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('npm run datahub-ui:build');
    cleanup();
  });

  it('refuses a non-loopback host without a token', async () => {
    const run = await runCatalog(['serve', '--db', ':memory:', '--host', '0.0.0.0', '--port', '0']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('refusing to listen on 0.0.0.0 without a token');
  });
});

describe('catalog ingest and get', () => {
  let server: TestServer;
  const { dir, cleanup } = tempDir();
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it('loads the example datasets and reads them back like `datahub get`', async () => {
    const ingest = await runCatalog(['ingest', 'examples/datasets.json', '--server', server.url]);
    expect(ingest.code).toBe(0);
    expect(ingest.stdout).toContain('ingested 3 records (7 aspects of 3 entities)');
    const get = await runCatalog([
      'get',
      '--urn',
      'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)',
      '--aspect',
      'status',
      '--aspect',
      'datasetProperties',
      '--server',
      server.url,
    ]);
    expect(get.code).toBe(0);
    const printed = JSON.parse(get.stdout) as Record<string, any>;
    expect(Object.keys(printed)).toEqual(['datasetProperties', 'status']);
    expect(printed['status']).toEqual({ removed: false });
    expect(printed['datasetProperties'].customProperties).toEqual({
      owner_team: 'payments',
      pci_scope: 'true',
    });
  });

  it('reports a bad record with its index and writes nothing of that file', async () => {
    const file = path.join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          entityType: 'mlFeature',
          entityUrn: 'urn:li:mlFeature:(bad_file,ok)',
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { json: { removed: false } },
        },
        {
          entityType: 'mlFeature',
          entityUrn: 'urn:li:mlFeature:(bad_file,broken)',
          changeType: 'UPSERT',
          aspectName: 'mlFeatureProperties',
          aspect: { json: { dataType: 'FLOAT' } },
        },
        {
          proposedSnapshot: {
            'com.linkedin.pegasus2avro.metadata.snapshot.ChartSnapshot': {
              urn: 'urn:li:chart:(looker,1)',
              aspects: [{ 'com.linkedin.pegasus2avro.chart.ChartWidget': { title: 'not a DataHub aspect' } }],
            },
          },
        },
      ]),
    );
    const run = await runCatalog(['ingest', file, '--server', server.url]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('record 1: urn:li:mlFeature:(bad_file,broken): Failed to validate record');
    expect(run.stderr).toContain(
      'record 2: Unknown aspect class com.linkedin.pegasus2avro.chart.ChartWidget (urn:li:chart:(looker,1))',
    );
    expect(run.stderr).toContain('2 bad record(s); nothing of it was written');
    expect(
      (await server.post('/entities?action=exists', { urn: 'urn:li:mlFeature:(bad_file,ok)' })).json,
    ).toEqual({ value: false });
  });

  it('refuses an empty file as it refuses a bad one, and still ingests the files after it', async () => {
    const empty = path.join(dir, 'empty.json');
    writeFileSync(empty, '[]');
    const good = path.join(dir, 'after-empty.json');
    writeFileSync(
      good,
      JSON.stringify([
        {
          entityType: 'mlFeature',
          entityUrn: 'urn:li:mlFeature:(after_empty,ok)',
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { json: { removed: false } },
        },
      ]),
    );
    const exists = async (): Promise<unknown> =>
      (await server.post('/entities?action=exists', { urn: 'urn:li:mlFeature:(after_empty,ok)' })).json;
    // To a DataHub (every file is checked before any is sent) and into the embedded catalog (file by file).
    const remote = await runCatalog(['ingest', empty, good, '--server', server.url]);
    expect(remote.code).toBe(1);
    expect(remote.stderr).toBe(`error ${empty}: it holds no records\n`);
    expect(remote.stdout).toContain(`${good}: ingested 1 records (1 aspect of 1 entity)`);
    expect(await exists()).toEqual({ value: true });

    const embedded = await runCatalog(['ingest', 'empty.json', 'after-empty.json'], {
      cwd: dir,
      env: { HOME: dir },
    });
    expect(embedded.code).toBe(1);
    expect(embedded.stderr).toBe('error empty.json: it holds no records\n');
    expect(embedded.stdout).toContain(
      'after-empty.json: ingested 1 records (1 aspect of 1 entity) into the embedded catalog',
    );
  });

  it('refuses a file that is not JSON', async () => {
    const file = path.join(dir, 'not.json');
    writeFileSync(file, '[{"a": ');
    const run = await runCatalog(['ingest', file, '--server', server.url]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('not valid JSON');
  });

  it('makes a missing entity or aspect a clear error', async () => {
    const missingEntity = await runCatalog([
      'get',
      '--urn',
      'urn:li:mlFeature:(no,such)',
      '--aspect',
      'mlFeatureProperties',
      '--server',
      server.url,
    ]);
    expect(missingEntity.code).toBe(1);
    expect(missingEntity.stderr).toContain('urn urn:li:mlFeature:(no,such) not found');
    const missingAspect = await runCatalog([
      'get',
      '--urn',
      'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)',
      '--aspect',
      'glossaryTerms',
      '--server',
      server.url,
    ]);
    expect(missingAspect.code).toBe(1);
    expect(missingAspect.stderr).toContain('has no glossaryTerms aspect');
    const typo = await runCatalog([
      'get',
      '--urn',
      'urn:li:mlFeature:(a,b)',
      '--aspect',
      'mlFeatureProps',
      '--server',
      server.url,
    ]);
    expect(typo.stderr).toContain("did you mean 'mlFeatureProperties'?");
  });
});
