import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readInputs, reconcileArgs } from '../../src/action/inputs.js';
import { runStep } from '../../src/action/main.js';
import { writeManifests } from '../helpers/catalog-dir.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/** The action plans every environment of a pull request into one comment, one section each. */
describe('the action with environments', () => {
  let dev: TestServer;
  let prod: TestServer;
  let dir: string;
  let cleanup: () => void;

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    dev = await startTestServer();
    prod = await startTestServer();
    writeManifests(dir, {
      'catalog/catalog.yaml': `apiVersion: catalog/v1
kind: Settings
defaults: { platform: sagemaker }
environments:
  dev: { server: "${dev.url}", env: DEV }
  prod: { server: "${prod.url}", env: PROD, protect: true }
`,
      'catalog/group.yaml': 'apiVersion: catalog/v1\nkind: MLModelGroup\nname: fraud-detector\n',
    });
  });
  afterEach(async () => {
    await dev.close();
    await prod.close();
    cleanup();
  });

  async function run(inputs: Record<string, string>) {
    const logs: string[] = [];
    const env = {
      RUNNER_TEMP: path.join(dir, 'runner'),
      GITHUB_OUTPUT: path.join(dir, 'output.txt'),
      GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md'),
      NO_COLOR: '1',
      ...Object.fromEntries(
        Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
      ),
    };
    const code = await runStep({ env, cwd: dir, log: (text) => void logs.push(text) });
    const markdown = readFileSync(path.join(dir, 'runner/catalog-plan/plan.md'), 'utf8');
    return { code, markdown, outputs: readFileSync(env.GITHUB_OUTPUT, 'utf8'), logs: logs.join('') };
  }

  it('plans all environments into one comment with a section each, and applies each with --yes', async () => {
    const planned = await run({ command: 'plan', environments: 'all' });
    expect(planned.code, planned.logs).toBe(0);
    const sections = planned.markdown.split('\n---\n\n');
    expect(sections).toHaveLength(2);
    expect(sections[0]).toMatch(/^### catalog plan: dev\n/);
    expect(sections[0]).toContain('Environment: **dev** (env `DEV`)');
    expect(sections[0]).toContain('fraud-detector');
    expect(sections[1]).toMatch(/^### catalog plan: prod\n/);
    expect(sections[1]).toContain('Environment: **prod** (env `PROD`, protected)');
    expect(planned.outputs).toContain('changes<<');
    expect(planned.outputs).toMatch(/exit-code<<(\S+)\n2\n/);
    expect(planned.outputs).toContain(path.join(dir, 'runner/catalog-plan/plans'));
    expect(
      JSON.parse(readFileSync(path.join(dir, 'runner/catalog-plan/plans/prod.json'), 'utf8')).environment,
    ).toEqual({ name: 'prod', env: 'PROD', protect: true });

    // The sync job of one environment: apply with --environment prod --yes.
    const applied = await run({ command: 'apply', environments: 'prod' });
    expect(applied.code, applied.logs).toBe(0);
    expect(
      await prod.aspect('urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)', 'status'),
    ).toEqual({ removed: false });
    expect(
      dev.requests.filter((request) => request.method === 'POST' && request.path.includes('ingestProposal')),
    ).toEqual([]);
  });

  it('shows a failed environment in its own section and fails the step, after planning the others', async () => {
    const result = await run({ command: 'plan', environments: 'dev, stage' });
    expect(result.code).toBe(1);
    const [first, second] = result.markdown.split('\n---\n\n');
    expect(first).toMatch(/^### catalog plan: dev\n/);
    expect(second).toMatch(/^### catalog plan: stage\n\n\*\*The plan failed\*\*/);
    expect(second).toContain("unknown environment 'stage'");
  });

  it('reads the environments input', () => {
    expect(readInputs({ INPUT_ENVIRONMENTS: 'dev, prod\nstage' }).environments).toEqual([
      'dev',
      'prod',
      'stage',
    ]);
    expect(readInputs({}).environments).toEqual([]);
    expect(() => readInputs({ INPUT_ENVIRONMENTS: 'dev;rm' })).toThrow(/not an environment name/);
    expect(() => readInputs({ INPUT_COMMAND: 'adopt', INPUT_ENVIRONMENTS: 'dev,prod' })).toThrow(
      /one environment/,
    );
    expect(reconcileArgs(readInputs({ INPUT_COMMAND: 'apply' }), 'p.json', 'prod').slice(-3)).toEqual([
      '--environment',
      'prod',
      '--yes',
    ]);
    expect(reconcileArgs(readInputs({}), 'p.json', 'dev').slice(-2)).toEqual(['--environment', 'dev']);
  });
});
