import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { provenancePath } from '../../src/plan/ownership.js';
import { copyExample } from '../helpers/catalog-dir.js';
import { MODEL_11 } from '../helpers/example-urns.js';
import { runCatalog } from '../helpers/run-cli.js';
import { encode, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/**
 * Provenance of writes (issue 17 item 7): the manifest path each write records is relative to the root of the git
 * repository that holds the manifests, paired with that repository's revision, whichever directory the tool runs
 * from. The tool runs here from a sibling directory of the repository, so a path relative to the working
 * directory ("../repo/…") or to the manifest directory ("models/…") would fail the assertions.
 */
describe('provenance recorded with each write', () => {
  let server: TestServer;
  let root: string;
  let cleanup: () => void;
  let elsewhere: string;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: elsewhere });
  const writer = async (urn: string, aspect: string) =>
    (await server.get(`/entitiesV2/${encode(urn)}?aspects=List(${aspect})`)).json.aspects[aspect]
      .systemMetadata.properties;

  beforeEach(async () => {
    ({ dir: root, cleanup } = tempDir());
    elsewhere = path.join(root, 'elsewhere');
    mkdirSync(elsewhere);
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('names the manifest from the root of its repository, with its revision, when run from another directory', async () => {
    const repo = path.join(root, 'repo');
    copyExample(path.join(repo, 'metadata'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    git('add', '.');
    git('commit', '-q', '-m', 'catalog');
    const head = git('rev-parse', 'HEAD');

    expect((await run('ingest', '../repo/metadata/examples/datasets.json')).code).toBe(0);
    const dryRun = await run('reconcile', '../repo/metadata/catalog', '--dry-run', '--output', 'json');
    const plan = JSON.parse(dryRun.stdout);
    // The plan's file paths stay relative to the working directory (for messages); the manifest directory is
    // named both ways.
    expect(plan.git).toEqual({
      revision: head,
      dirty: false,
      manifestDir: { local: '../repo/metadata/catalog', recorded: 'metadata/catalog' },
    });
    expect(plan.changes.find((change: any) => change.urn === MODEL_11).source.file).toBe(
      '../repo/metadata/catalog/models/fraud-detector.yaml',
    );

    expect((await run('reconcile', '../repo/metadata/catalog')).code).toBe(0);
    const properties = await writer(MODEL_11, 'mlModelProperties');
    expect(properties.manifest).toMatch(/^metadata\/catalog\/models\/fraud-detector\.yaml:\d+$/);
    expect(properties.gitRevision).toBe(head);
    expect(properties.gitDirty).toBeUndefined();
  });

  it('records no revision, and the path inside the manifest directory, outside any repository', async () => {
    copyExample(path.join(root, 'plain'));
    expect((await run('ingest', '../plain/examples/datasets.json')).code).toBe(0);
    const plan = JSON.parse(
      (await run('reconcile', '../plain/catalog', '--dry-run', '--output', 'json')).stdout,
    );
    expect(plan.git).toEqual({
      revision: null,
      dirty: false,
      manifestDir: { local: '../plain/catalog', recorded: '.' },
    });

    expect((await run('reconcile', '../plain/catalog')).code).toBe(0);
    const properties = await writer(MODEL_11, 'mlModelProperties');
    expect(properties.manifest).toMatch(/^models\/fraud-detector\.yaml:\d+$/);
    expect(properties).not.toHaveProperty('gitRevision');
    expect(properties).not.toHaveProperty('gitDirty');
  });

  it('swaps the directory prefix, whatever the working directory', () => {
    // Outside any repository, with the manifest directory as the working directory names it: the path as it is.
    expect(provenancePath('catalog/models/a.yaml', { local: '.', recorded: '.' })).toBe(
      'catalog/models/a.yaml',
    );
    // Run from a subfolder of the repository: ../catalog is catalog at the root.
    expect(provenancePath('../catalog/a.yaml', { local: '../catalog', recorded: 'catalog' })).toBe(
      'catalog/a.yaml',
    );
    // Run from inside the manifest directory itself.
    expect(provenancePath('models/a.yaml', { local: '.', recorded: 'ops/catalog' })).toBe(
      'ops/catalog/models/a.yaml',
    );
    // Manifests at the repository root.
    expect(provenancePath('x/a.yaml', { local: 'x', recorded: '.' })).toBe('a.yaml');
  });
});
