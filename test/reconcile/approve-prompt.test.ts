/**
 * `reconcile` asks before it writes, as `terraform apply` does: on a terminal it shows the plan and asks, and only
 * "yes" applies; --auto-approve and --yes answer for the user; CI and anything but a terminal never ask and need
 * no flag; `apply plan.json` never asks. The question and both answers run under a real pseudo-terminal (the
 * built CLI, through Python's pty); the other cases run in-process with a terminal's streams.
 */
import { describe, expect, it } from 'vitest';
import { runCatalogInPty } from '../helpers/pty.js';
import { runCatalog } from '../helpers/run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const QUESTION = 'Do you want to apply 6 changes to the embedded catalog';

/** A project from `catalog init` (its example: 6 changes against the empty embedded catalog). */
async function project(): Promise<{ dir: string; env: Record<string, string>; cleanup: () => void }> {
  const { dir, cleanup } = tempDir();
  const init = await runCatalog(['init'], { cwd: dir });
  expect(init.code, init.stderr).toBe(0);
  // A terminal's environment: no CI, no DataHub configured (HOME without ~/.datahubenv), no colours to strip.
  return { dir, env: { PATH: process.env['PATH'] ?? '', HOME: dir, NO_COLOR: '1' }, cleanup };
}

/** What a plan of the project shows now, without a terminal. */
async function pending(dir: string): Promise<string> {
  const plan = await runCatalog(['reconcile', 'catalog', '--dry-run', '--no-cache'], { cwd: dir });
  expect(plan.code, plan.stderr).toBe(0);
  return (/^(Plan: .*|No changes\..*)$/m.exec(plan.stdout) ?? [''])[0];
}

describe('reconcile on a terminal', () => {
  it('shows the plan, asks, and writes nothing unless the answer is yes (a real terminal)', async () => {
    const { dir, env, cleanup } = await project();
    try {
      const declined = await runCatalogInPty(['reconcile', 'catalog'], { cwd: dir, env, answer: 'no' });
      expect(declined.code).toBe(1);
      // The whole plan, then the question, then the answer typed.
      const plan = declined.output.indexOf('Plan: 6 to create');
      const question = declined.output.indexOf(QUESTION);
      expect(plan).toBeGreaterThan(-1);
      expect(question).toBeGreaterThan(plan);
      expect(declined.output).toContain('Only "yes" will be accepted to approve');
      expect(declined.output).toContain('Apply cancelled: nothing was written.');
      expect(declined.output).not.toContain('Apply complete');
      expect(await pending(dir)).toMatch(/^Plan: 6 to create/);

      const approved = await runCatalogInPty(['reconcile', 'catalog'], { cwd: dir, env, answer: 'yes' });
      expect(approved.code, approved.output).toBe(0);
      expect(approved.output.indexOf('Apply complete: 6 applied')).toBeGreaterThan(
        approved.output.indexOf(QUESTION),
      );
      expect(await pending(dir)).toMatch(/^No changes\./);
    } finally {
      cleanup();
    }
  });

  it('takes the end of the input (Ctrl-D) for no', async () => {
    const { dir, cleanup } = await project();
    try {
      const ended = await runCatalog(['reconcile', 'catalog'], { cwd: dir, terminal: { answer: undefined } });
      expect(ended.asked).toBe(1);
      expect(ended.code).toBe(1);
      expect(ended.stderr).toContain(QUESTION);
      expect(ended.stderr).toContain('Apply cancelled: nothing was written.');
      expect(await pending(dir)).toMatch(/^Plan: 6 to create/);
    } finally {
      cleanup();
    }
  });

  it('does not ask with --auto-approve or --yes, nor with CI set', async () => {
    for (const [flags, env] of [
      [['--auto-approve'], {}],
      [['--yes'], {}],
      [[], { CI: 'true' }],
    ] as const) {
      const { dir, cleanup } = await project();
      try {
        const run = await runCatalog(['reconcile', 'catalog', ...flags], {
          cwd: dir,
          env,
          terminal: { answer: 'no' },
        });
        expect(run.code, run.stderr).toBe(0);
        expect(run.asked).toBe(0);
        expect(run.stdout).toContain('Apply complete: 6 applied');
      } finally {
        cleanup();
      }
    }
  });

  it('refuses --output json without an answer (there is no plan to show before asking), and writes nothing', async () => {
    const { dir, cleanup } = await project();
    try {
      const run = await runCatalog(['reconcile', 'catalog', '--output', 'json'], {
        cwd: dir,
        terminal: { answer: 'yes' },
      });
      expect(run.code).toBe(1);
      expect(run.asked).toBe(0);
      expect(run.stderr).toContain('--output json cannot show the plan before asking to apply it');
      expect(await pending(dir)).toMatch(/^Plan: 6 to create/);
    } finally {
      cleanup();
    }
  });

  it('never asks to apply a saved plan, which was reviewed when it was made', async () => {
    const { dir, cleanup } = await project();
    try {
      const saved = await runCatalog(['reconcile', 'catalog', '--dry-run', '--out', 'plan.json'], {
        cwd: dir,
      });
      expect(saved.code, saved.stderr).toBe(0);
      const run = await runCatalog(['apply', 'plan.json'], { cwd: dir, terminal: { answer: 'no' } });
      expect(run.code, run.stderr).toBe(0);
      expect(run.asked).toBe(0);
      expect(await pending(dir)).toMatch(/^No changes\./);
    } finally {
      cleanup();
    }
  });
});

describe('reconcile without a terminal', () => {
  it('applies without asking and without a flag, as the scheduled syncs always ran', async () => {
    const { dir, cleanup } = await project();
    try {
      const run = await runCatalog(['reconcile', 'catalog'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('Enter a value');
      expect(run.stdout).toContain('Apply complete: 6 applied');
    } finally {
      cleanup();
    }
  });
});
