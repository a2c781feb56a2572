/**
 * `catalog adopt` against the embedded catalog, with the edits a steward makes in DataHub's web app: the mutations
 * the app v1.7.0 sent (recorded in test/fixtures/datahub-web-app-recordings/edits/) replayed exactly as sent, and
 * the app's batchAddOwners / batchAddTerms for an owner and for terms on a declared dataset and column. The
 * manifests are the example catalog, one term's definition reformatted as a folded block with a comment.
 *
 * The diffs are compared byte for byte with test/fixtures/adopt/*.diff (UPDATE_GOLDEN=1 rewrites them).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExample, editManifest } from '../helpers/catalog-dir.js';
import { EDIT_RECORDINGS, type RecordedEdit } from '../helpers/datahub-ui-pages.js';
import { MODEL_10 } from '../helpers/example-urns.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const GOLDEN = path.resolve('test/fixtures/adopt');
const PII = 'urn:li:glossaryTerm:Classification.PII';
const USERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const MODEL_TEXT = 'Retrained in October; a steward notes the label delay.';

function expectGolden(name: string, actual: string): void {
  const file = path.join(GOLDEN, name);
  if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('catalog adopt', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
  const adopt = (...args: string[]) => run('adopt', 'catalog', ...args);
  const read = (file: string) => readFileSync(path.join(dir, 'catalog', file), 'utf8');

  /** Replays the mutations DataHub's web app sent for one edit. */
  const replay = async (edit: string): Promise<void> => {
    const recording = JSON.parse(
      readFileSync(path.join(EDIT_RECORDINGS, `${edit}.json`), 'utf8'),
    ) as RecordedEdit;
    for (const operation of recording.operations) {
      const answer = await server.post('/api/graphql', operation);
      expect(answer.json.errors, `${edit}: ${operation.operationName}`).toBeUndefined();
    }
  };
  const graphql = async (query: string): Promise<void> => {
    const answer = await server.graphql(query);
    expect(answer.errors, query).toBeUndefined();
  };

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    copyExample(dir);
    // Odd formatting: a folded block scalar with a comment after its indicator.
    editManifest(
      dir,
      'glossary/classification.yaml',
      'definition: Personally identifiable information, that is data that identifies a person on its own or combined with other data.',
      'definition: >-   # reviewed by the privacy team\n  Personally identifiable information, that is data that identifies a person\n  on its own or combined with other data.',
    );
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    git('add', '.');
    git('commit', '-q', '-m', 'catalog');
    server = await startTestServer();
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
    const applied = await run('reconcile', 'catalog');
    expect(applied.code, applied.stderr).toBe(0);
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it("brings a steward's term definition and a model description shadowed by a UI edit back into the manifests, in place", async () => {
    await replay('term-definition');
    await replay('model-description');

    const planned = await run('reconcile', 'catalog', '--dry-run');
    expect(planned.stdout).toContain('(editableMlModelProperties)');

    const dry = await adopt('--dry-run', '--detailed-exitcode');
    expect(dry.code, dry.stderr).toBe(2);
    expectGolden('steward-edits.diff', dry.stdout);
    expect(dry.stderr).toContain(
      'would adopt 2 values into 2 files (1 changed in DataHub, 1 UI edit shown instead of the manifest)',
    );
    expect(git('status', '--porcelain')).toBe('');

    const applied = await adopt();
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toBe(dry.stdout);
    expect(git('diff', '--name-only').split('\n').filter(Boolean)).toEqual([
      'catalog/glossary/classification.yaml',
      'catalog/models/fraud-detector.yaml',
    ]);
    expect(read('glossary/classification.yaml')).toContain(
      'definition: >-   # reviewed by the privacy team\n  Any data that identifies a person; a steward widened it.\nparent: Classification',
    );

    // The manifests now say what DataHub shows: the plan writes the model's description to its own aspect.
    const replan = await run('reconcile', 'catalog', '--dry-run');
    expect(replan.stdout).toContain(MODEL_TEXT);
    expect(replan.stdout).not.toContain(PII);

    // Nothing new: a second adopt changes nothing.
    const again = await adopt('--detailed-exitcode');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('nothing to adopt');
  });

  it('with --unmanaged, adds the owner, tag, link and terms others added, and the next plan takes them over', async () => {
    await replay('add-tag');
    await replay('add-link');
    // DataHub's batchAddOwners refuses an owner that does not exist: the user is ingested first.
    const user = proposal('urn:li:corpuser:maria', 'corpUserInfo', { active: true, displayName: 'Maria' });
    expect((await server.post('/aspects?action=ingestProposal', { proposal: user })).status).toBe(200);
    await graphql(
      `mutation { batchAddOwners(input: {owners: [{ownerUrn: "urn:li:corpuser:maria", ownerEntityType: CORP_USER, type: TECHNICAL_OWNER}], resources: [{resourceUrn: "${GROUP}"}]}) }`,
    );
    await graphql(
      `mutation { batchAddTerms(input: {termUrns: ["urn:li:glossaryTerm:Classification.Location"], resources: [{resourceUrn: "${USERS}"}, {resourceUrn: "${USERS}", subResourceType: DATASET_FIELD, subResource: "[version=2.0].[type=struct].[type=string].email"}]}) }`,
    );

    // Without --unmanaged, nothing others added is brought in.
    expect((await adopt('--dry-run')).stdout).toBe('');

    const adopted = await adopt('--unmanaged');
    expect(adopted.code, adopted.stderr).toBe(0);
    expectGolden('unmanaged.diff', adopted.stdout);

    const plan = await run('reconcile', 'catalog', '--dry-run');
    expect(plan.stdout).toContain("the marker is written, it is the tool's from now on");
    // The owner DataHub's createGlossaryTerm gives each term its creator is one of them (6), with maria, the tag, the
    // link and the two term attachments.
    expect(plan.stdout).toMatch(/11 added by others to take over/);
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const settled = await run('reconcile', 'catalog', '--dry-run', '--detailed-exitcode');
    expect(settled.code, settled.stdout).toBe(0);
    expect((await adopt('--unmanaged', '--detailed-exitcode')).code).toBe(0);

    // From then on they are the tool's: removing a line from the manifest removes it from DataHub.
    editManifest(dir, 'models/fraud-detector.yaml', /\n {2}- owner: maria/, '');
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const owners = (await server.aspect(GROUP, 'ownership')).owners.map((o: { owner: string }) => o.owner);
    expect(owners).not.toContain('urn:li:corpuser:maria');
  });

  it('with --base, reports a field changed both in the branch and in DataHub as a conflict and leaves it', async () => {
    await replay('term-definition');
    await replay('model-description');
    // The branch changes the same model's description.
    editManifest(
      dir,
      'models/fraud-detector.yaml',
      'description: October retrain on 12 months of transactions.',
      'description: October retrain; the branch says so.',
    );
    const result = await adopt('--base', 'HEAD');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `conflict: description of ${MODEL_10} (catalog/models/fraud-detector.yaml:`,
    );
    expect(result.stderr).toContain(
      `changed in this branch ("October retrain on 12 months of transactions." -> "October retrain; the branch says so.") and in DataHub ("${MODEL_TEXT}"); left as it is`,
    );
    expect(read('models/fraud-detector.yaml')).toContain('description: October retrain; the branch says so.');
    // What only DataHub changed is adopted.
    expect(read('glossary/classification.yaml')).toContain(
      'Any data that identifies a person; a steward widened it.',
    );
  });

  it('with --take-over, clears the UI edit it adopted, so the manifest is again the only source', async () => {
    await replay('model-description');
    const dry = await adopt('--take-over', '--dry-run');
    expect(dry.stdout).toContain(`update fraud-detector-2026-10 (${MODEL_10}) editableMlModelProperties`);
    expect(dry.stdout).toContain(`update fraud-detector-2026-10 (${MODEL_10}) mlModelProperties`);
    expect((await server.aspect(MODEL_10, 'editableMlModelProperties')).description).toBe(MODEL_TEXT);

    const result = await adopt('--take-over');
    expect(result.code, result.stderr).toBe(0);
    expect(read('models/fraud-detector.yaml')).toContain(`description: ${MODEL_TEXT}`);
    expect((await server.aspect(MODEL_10, 'editableMlModelProperties')).description).toBeUndefined();
    expect((await server.aspect(MODEL_10, 'mlModelProperties')).description).toBe(MODEL_TEXT);
    const shown = await server.graphql(
      `{ mlModel(urn: "${MODEL_10}") { properties { description } editableProperties { description } } }`,
    );
    expect(shown.data.mlModel.properties.description).toBe(MODEL_TEXT);

    const plan = await run('reconcile', 'catalog', '--dry-run', '--detailed-exitcode');
    expect(plan.code, plan.stdout).toBe(0);
    expect((await adopt('--detailed-exitcode')).code).toBe(0);
  });
});
