import { describe, expect, it } from 'vitest';
import {
  ADOPT_MARKER,
  MAX_BODY_LENGTH,
  renderAdoptBody,
  renderAdoptSummary,
  renderCloseComment,
  renderDiffBlock,
  sameAdoptBody,
} from './adopt-body.js';

const DIFF = [
  'diff --git a/catalog/models.yaml b/catalog/models.yaml',
  '--- a/catalog/models.yaml',
  '+++ b/catalog/models.yaml',
  '@@ -3,1 +3,1 @@',
  '-description: Predicts churn.',
  '+description: Predicts churn weekly.',
  '',
].join('\n');

const body = (diff: string, runUrl: string | undefined = 'https://github.com/o/r/actions/runs/7'): string =>
  renderAdoptBody({ diff, directory: 'catalog', baseBranch: 'main', runUrl });

describe('the adoption pull request body', () => {
  it('explains, shows the diff in a diff fence and links the run', () => {
    const text = body(DIFF);
    expect(text.startsWith(`${ADOPT_MARKER}\nSomeone changed metadata in DataHub`)).toBe(true);
    expect(text).toContain('`catalog/`');
    expect(text).toContain('**Merge it**');
    expect(text).toContain(`\`\`\`diff\n${DIFF}\`\`\`\n`);
    expect(text.endsWith('[the sync run](https://github.com/o/r/actions/runs/7).</sub>\n')).toBe(true);
  });

  it('uses a fence longer than any backtick run in the diff, so the diff cannot close it', () => {
    const diff = `${DIFF}+description: use \`\`\`\`yaml blocks\n`;
    expect(body(diff)).toContain('`````diff\n');
    expect(body(diff)).toContain('\n`````\n');
  });

  it('fits GitHub: a long diff is cut at a line end with a note, the whole body under 65,536 characters', () => {
    const line = '+  description: a long line that says a good deal about a feature and then some more\n';
    const long = `${DIFF}${line.repeat(2000)}`;
    const text = body(long);
    expect(long.length).toBeGreaterThan(MAX_BODY_LENGTH);
    expect(text.length).toBeLessThanOrEqual(MAX_BODY_LENGTH);
    const total = long.trimEnd().split('\n').length;
    expect(text).toMatch(new RegExp(`… the diff is too long to show here: \\d+ of ${total} lines shown`));
    const inside = text.slice(text.indexOf('```diff\n') + 8, text.lastIndexOf('\n```'));
    // Only whole lines of the diff, in order.
    expect(long.startsWith(`${inside}\n`)).toBe(true);
    // The same number of lines, whichever run wrote it.
    expect(body(long, 'https://github.com/o/r/actions/runs/123456789012')).toContain(
      text.slice(0, text.indexOf('<sub>')),
    );
  });

  it('never goes over the room it is given, whatever the lines', () => {
    for (const room of [200, 1_000, 5_000]) {
      const block = renderDiffBlock(`${'x'.repeat(150)}\n`.repeat(100), room);
      expect(block.length, String(room)).toBeLessThanOrEqual(room);
    }
  });

  it('is the same body when only the run link or the line ends differ', () => {
    const first = body(DIFF, 'https://github.com/o/r/actions/runs/7');
    expect(sameAdoptBody(first, body(DIFF, 'https://github.com/o/r/actions/runs/8'))).toBe(true);
    expect(sameAdoptBody(first.replace(/\n/g, '\r\n'), body(DIFF, undefined))).toBe(true);
    expect(sameAdoptBody(first, body(DIFF.replace('weekly', 'daily')))).toBe(false);
  });

  it('says why the pull request is closed, and what the job summary shows', () => {
    expect(renderCloseComment('main', undefined)).toContain('found nothing left to adopt');
    expect(renderCloseComment('main', 'https://x/runs/1')).toContain('([the sync run](https://x/runs/1))');
    expect(renderAdoptSummary('', 'catalog')).toBe(
      'Nothing to adopt: the live catalog matches the manifests in `catalog/`.\n',
    );
    expect(renderAdoptSummary(DIFF, 'catalog')).toContain(`\`\`\`diff\n${DIFF}\`\`\``);
  });
});
