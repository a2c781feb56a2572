/**
 * Progress of a reconcile: without a terminal (CI) a line on stderr each tenth of the apply, with counts; on a
 * terminal one status line through reading the manifests, reading the catalog, planning and applying, redrawn a
 * few times a second, not once per change; never anything on stdout but the plan and the result.
 */
import { describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalogInPty } from '../helpers/pty.js';
import { runCatalog } from '../helpers/run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const TERMS = 150;

/** A catalog of TERMS glossary terms: TERMS changes against the empty embedded catalog. */
function project(): { dir: string; cleanup: () => void } {
  const { dir, cleanup } = tempDir();
  const terms = Array.from(
    { length: TERMS },
    (_, n) =>
      `apiVersion: catalog/v1\nkind: GlossaryTerm\nid: Progress.t${n}\nname: Term ${n}\ndefinition: Term ${n}.`,
  );
  writeManifests(dir, { 'catalog/terms.yaml': `${terms.join('\n---\n')}\n` });
  return { dir, cleanup };
}

describe('progress', () => {
  it('without a terminal: a line on stderr each tenth of the apply, with counts; nothing on stdout', async () => {
    const { dir, cleanup } = project();
    try {
      const run = await runCatalog(['reconcile', 'catalog', '--no-cache'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stderr.split('\n').filter((line) => line.includes('applying: '));
      expect(lines.length).toBeGreaterThanOrEqual(9);
      for (const line of lines) {
        expect(line).toMatch(/^applying: \d+\/150 changes \(\d+%\)(, [\d,]+\/s)?$/);
      }
      const percents = lines.map((line) => Number(/\((\d+)%\)/.exec(line)?.[1]));
      expect([...percents].sort((a, b) => a - b)).toEqual(percents);
      expect([10, 20, 30, 40, 50, 60, 70, 80, 90].every((tenth) => percents.includes(tenth))).toBe(true);
      expect(run.stderr).toContain('applying 150 changes to');
      expect(run.stdout).not.toMatch(/applying|reading/);
      expect(run.stdout).toContain('Apply complete: 150 applied');
    } finally {
      cleanup();
    }
  });

  it('on a terminal: one status line through every phase, redrawn a few times a second, erased at the end', async () => {
    const { dir, cleanup } = project();
    try {
      const env = { PATH: process.env['PATH'] ?? '', HOME: dir, NO_COLOR: '1' };
      const run = await runCatalogInPty(['reconcile', 'catalog', '--auto-approve', '--no-cache'], {
        cwd: dir,
        env,
        answer: '-',
      });
      expect(run.code, run.output).toBe(0);
      // Each draw starts with a carriage return, in place of the last.
      const draws = run.output.split('\r').filter((part) => /^(reading|planning|applying)/.test(part));
      const phases = draws.map(
        (draw) => /^(reading the manifests|reading the catalog|planning|applying)/.exec(draw)?.[1],
      );
      expect(phases).toContain('reading the manifests');
      expect(phases).toContain('planning');
      expect(phases).toContain('applying');
      // The apply: drawn at once, then a few times a second at most (render-progress.test.ts counts it with a
      // clock of its own), so not once per change unless the apply took over half a minute.
      const applying = draws.filter((draw) => draw.startsWith('applying:'));
      expect(applying.length).toBeGreaterThanOrEqual(1);
      expect(applying.length).toBeLessThan(TERMS);
      // The result is on a line of its own, not after a status line.
      expect(run.output).toMatch(/(^|\n|\r {2,}\r)Apply complete: 150 applied/);
    } finally {
      cleanup();
    }
  });
});
