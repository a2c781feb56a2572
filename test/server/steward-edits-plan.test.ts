/**
 * What the tool's plan makes of stewards' edits in DataHub's web app (issue 24 item 4): the mutations the app
 * v1.7.0 sent for each edit (recorded by test/datahub-ui/steward-edits.test.ts, in
 * test/fixtures/datahub-web-app-recordings/edits/) are replayed, exactly as sent, against a catalog seeded by
 * reconciling the example catalog; then `catalog reconcile --dry-run` shows what it shows today.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExample } from '../helpers/catalog-dir.js';
import { EDIT_RECORDINGS, STEWARD_EDITS, type RecordedEdit } from '../helpers/datahub-ui-pages.js';
import { MODEL_10 } from '../helpers/example-urns.js';
import { runCatalog, type CliRun } from '../helpers/run-cli.js';
import { seedWebAppCatalog } from '../helpers/seeded-catalog.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const recordings: RecordedEdit[] = STEWARD_EDITS.filter((edit) => edit !== 'add-owner').map(
  (edit) => JSON.parse(readFileSync(path.join(EDIT_RECORDINGS, `${edit}.json`), 'utf8')) as RecordedEdit,
);

describe("the plan after stewards' edits in DataHub's web app", () => {
  let server: TestServer;
  const dir = tempDir();
  let plan: CliRun;

  beforeAll(async () => {
    server = await startTestServer();
    await seedWebAppCatalog(server);
    let createdNode: string | undefined;
    for (const recording of recordings) {
      for (const operation of recording.operations) {
        const variables = structuredClone(operation.variables) as { input?: Record<string, unknown> };
        // The term was created inside the group the app had just created; its URN (a random id) differs here.
        if (operation.operationName === 'createGlossaryTerm' && createdNode !== undefined)
          variables.input = { ...variables.input, parentNode: createdNode };
        const answer = await server.post('/api/graphql', { ...operation, variables });
        expect(answer.json.errors, `${recording.edit}: ${operation.operationName}`).toBeUndefined();
        if (operation.operationName === 'createGlossaryNode')
          createdNode = answer.json.data.createGlossaryNode;
      }
    }
    copyExample(dir.dir);
    plan = await runCatalog(['reconcile', 'catalog', '--dry-run', '--server', server.url], { cwd: dir.dir });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    dir.cleanup();
  });

  it('restores a field the tool owns: the term definition a steward edited (updateDescription writes glossaryTermInfo) is drift', () => {
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/~ .*urn:li:glossaryTerm:Classification\.PII/);
    expect(plan.stdout).toContain('Any data that identifies a person; a steward widened it.');
  });

  it("re-adds the tool's own tag and term a steward removed", () => {
    expect(plan.stdout).toContain(
      '+ tags of fraud-detector-2026-11 (urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD))',
    );
    expect(plan.stdout).toContain('+ urn:li:tag:pci');
    expect(plan.stdout).toContain('+ urn:li:glossaryTerm:Classification.Confidential');
  });

  it('leaves the tag, term and link a steward added to a declared model as they are: nothing removed, no note today', () => {
    // The model declares no tags, terms or links: the steward's lines are kept silently. A note is printed only
    // when the manifests declare the same line (diff-associations.ts); reporting undeclared additions is issue 19.
    expect(plan.stdout).not.toContain('- urn:li:tag:production');
    expect(plan.stdout).not.toContain('october-retrain');
    expect(plan.stdout).not.toContain('MLUsage.TrainingData');
    expect(plan.stdout).not.toMatch(/Retention|Seven years/);
  });

  it("reports a description written to editableMlModelProperties: DataHub shows it over the manifest's (issue 19)", async () => {
    // The app writes the steward's text to editableMlModelProperties, which DataHub shows in place of
    // mlModelProperties.description. The tool does not own that aspect, so the plan does not change it: it notes,
    // at the manifest line that declares the model, that the description shown is the UI edit.
    const edited = await server.aspect(MODEL_10, 'editableMlModelProperties');
    expect(edited.description).toContain('steward');
    const note = plan.stdout.split('\n').find((line) => line.includes('(editableMlModelProperties)'));
    expect(note, plan.stdout).toMatch(
      /^ {2}! \S+ \(urn:li:mlModel:\(urn:li:dataPlatform:sagemaker,[\w-]+,PROD\)\): description shown in DataHub is the UI edit of urn:li:corpuser:datahub at \d{4}-\d\d-\d\dT[\d:.]+Z \(editableMlModelProperties\), not the manifest's: ".*a steward notes the label delay.*" {2}\(catalog\/models\/[\w-]+\.yaml:\d+:\d+\)$/,
    );

    const markdown = await runCatalog(
      ['reconcile', 'catalog', '--dry-run', '--output', 'markdown', '--server', server.url],
      { cwd: dir.dir },
    );
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).toMatch(
      /^- \S+ \(urn:li:mlModel:\(urn:li:dataPlatform:sagemaker,[\w-]+,PROD\)\): description shown in DataHub is the UI edit of .+\(editableMlModelProperties\), not the manifest's: .*a steward notes the label delay.* \(`catalog\/models\/[\w-]+\.yaml:\d+`\)$/m,
    );

    const json = await runCatalog(
      ['reconcile', 'catalog', '--dry-run', '--output', 'json', '--server', server.url],
      {
        cwd: dir.dir,
      },
    );
    expect(json.code, json.stderr).toBe(0);
    const notes = (JSON.parse(json.stdout) as { notes: { kind: string; urn: string; shadow?: unknown }[] })
      .notes;
    const shadowed = notes.filter((entry) => entry.kind === 'shadowedField');
    expect(shadowed).toEqual([
      expect.objectContaining({
        urn: MODEL_10,
        source: expect.objectContaining({ file: expect.stringMatching(/^catalog\/models\//) }),
        shadow: expect.objectContaining({
          field: 'description',
          aspect: 'mlModelProperties',
          shownFrom: 'editableMlModelProperties',
          shown: edited.description,
          time: expect.any(Number),
        }),
      }),
    ]);
  });

  it('keeps the note after an apply, and --detailed-exitcode still says "no changes" when only notes remain', async () => {
    // Runs last: it applies the plan, which the tests above read before it.
    const applied = await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: dir.dir });
    expect(applied.code, applied.stderr).toBe(0);
    const again = await runCatalog(
      ['reconcile', 'catalog', '--dry-run', '--detailed-exitcode', '--server', server.url],
      { cwd: dir.dir },
    );
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('No changes.');
    expect(again.stdout).toContain('(editableMlModelProperties)');
  });
});
