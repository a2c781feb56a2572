import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { copyExample, editManifest } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/**
 * The catalog the rename tests start from (test/reconcile/renames*.test.ts): the example, with its datasets ingested
 * and reconciled into a fresh embedded catalog for each test, and what the tests do to it.
 */

export const OLD = 'urn:li:glossaryTerm:Classification.Location';
export const NEW = 'urn:li:glossaryTerm:Classification.GeoLocation';
export const PROFILE = 'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)';
export const STEWARD = { time: 1, actor: 'urn:li:corpuser:steward' };
export const CLICKS = 'urn:li:dataset:(urn:li:dataPlatform:kafka,clickstream.events,PROD)';
export const PRODUCT = 'urn:li:dataProduct:legacy-assets';

/** The server and the directory of the running test (set by each test's beforeEach). */
export interface RenameCatalog {
  readonly server: TestServer;
  readonly dir: string;
}

/** Starts each test with the example reconciled into a fresh catalog, and stops it after; `use` is set for the test. */
export function useRenameCatalog(use: (catalog: RenameCatalog | undefined) => void): void {
  let cleanup: () => void = () => undefined;
  let server: TestServer | undefined;
  beforeEach(async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    copyExample(temp.dir);
    const started = await startTestServer();
    server = started;
    use({ server: started, dir: temp.dir });
    const run = (...args: string[]) => runCatalog([...args, '--server', started.url], { cwd: temp.dir });
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
    expect((await run('reconcile', 'catalog')).code).toBe(0);
  });
  afterEach(async () => {
    await server?.close();
    use(undefined);
    cleanup();
  });
}

/** What the rename tests do to the catalog of the running test (`current`). */
export function renameActions(current: () => RenameCatalog) {
  const run = (...args: string[]) =>
    runCatalog([...args, '--server', current().server.url], { cwd: current().dir });
  const reconcile = (...args: string[]) => run('reconcile', 'catalog', ...args);
  const renameTerm = (): void => {
    editManifest(
      current().dir,
      'glossary/classification.yaml',
      'id: Classification.Location\n',
      'id: Classification.GeoLocation\n',
    );
    editManifest(
      current().dir,
      'datasets/users-profile.yaml',
      '[Classification.Location]',
      '[Classification.GeoLocation]',
    );
    writeFileSync(
      path.join(current().dir, 'catalog', 'glossary', 'moved.yaml'),
      'apiVersion: catalog/v1\nkind: Moved\nfrom: Classification.Location\nto: Classification.GeoLocation\n',
    );
  };
  const columnTerms = async (): Promise<string[]> => {
    const editable = await current().server.aspect(PROFILE, 'editableSchemaMetadata');
    return (
      editable.editableSchemaFieldInfo as {
        fieldPath: string;
        glossaryTerms?: { terms: { urn: string }[] };
      }[]
    )
      .filter((field) => field.fieldPath.endsWith('zipcode'))
      .flatMap((field) => field.glossaryTerms?.terms.map((term) => term.urn) ?? []);
  };

  const ingest = async (urn: string, aspect: string, value: unknown): Promise<void> => {
    const posted = await current().server.post('/aspects?action=ingestProposal', {
      proposal: proposal(urn, aspect, value),
    });
    expect(posted.status, JSON.stringify(posted.json)).toBe(200);
  };
  /** Someone else's owner, tag and link on an entity (written by DataHub's UI, without the tool's markers). */
  const othersLines = async (urn: string): Promise<void> => {
    await ingest(urn, 'ownership', {
      owners: [{ owner: 'urn:li:corpuser:steward', type: 'DATAOWNER' }],
      lastModified: STEWARD,
    });
    await ingest(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:legacy' }] });
    await ingest(urn, 'institutionalMemory', {
      elements: [{ url: 'https://wiki.example.com/old', description: 'Old page', createStamp: STEWARD }],
    });
  };
  const planJson = async (
    ...args: string[]
  ): Promise<{
    changes: { urn: string; aspect: string }[];
    notes: { kind: string; urn: string; message: string }[];
  }> => {
    const plan = await reconcile('--dry-run', '--output', 'json', ...args);
    expect(plan.code, plan.stderr).toBe(0);
    return JSON.parse(plan.stdout);
  };
  const unowned = (notes: { kind: string; urn: string; message: string }[]): string[] =>
    notes.filter((note) => note.kind === 'unownedEdge').map((note) => `${note.urn}: ${note.message}`);
  return { run, reconcile, renameTerm, columnTerms, ingest, othersLines, planJson, unowned };
}
