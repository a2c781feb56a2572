import { describe, expect, it } from 'vitest';
import { formatOutputs } from './github-files.js';
import { findStickyComment, MAX_COMMENT_LENGTH, PLAN_MARKER, renderCommentBody } from './sticky-comment.js';

describe('the sticky plan comment', () => {
  it('starts with the marker and links the run', () => {
    const body = renderCommentBody('### Plan\n\n2 changes\n', 'https://github.com/o/r/actions/runs/7');
    expect(body.startsWith(`${PLAN_MARKER}\n### Plan\n\n2 changes`)).toBe(true);
    expect(body).toContain('(https://github.com/o/r/actions/runs/7)');
  });

  it('is cut at a line end to fit GitHub, saying where the whole plan is', () => {
    const line = `| urn:li:mlFeature:(t,f) | update | description |\n`;
    const body = renderCommentBody(line.repeat(3000), undefined);
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
    expect(body).toContain('too long for a comment');
    const rows = body.split('\n').filter((row) => row.startsWith('|'));
    expect(rows.every((row) => row === line.trimEnd())).toBe(true);
  });

  it("is the bot's comment with the marker, not a person's quoting it", () => {
    const comments = [
      { id: 1, body: `quoting ${PLAN_MARKER}`, user: { type: 'User' } },
      { id: 2, body: 'lgtm', user: { type: 'Bot' } },
      { id: 3, body: `${PLAN_MARKER}\nold plan`, user: { type: 'Bot' } },
    ];
    expect(findStickyComment(comments)?.id).toBe(3);
    expect(findStickyComment(comments.slice(0, 2))).toBeUndefined();
  });
});

describe('step outputs', () => {
  it('use the delimiter form, so a value cannot forge another output', () => {
    expect(formatOutputs({ changes: 'true', 'plan-json': 'a\nchanges=false' }, 'EOF1')).toBe(
      'changes<<EOF1\ntrue\nEOF1\nplan-json<<EOF1\na\nchanges=false\nEOF1\n',
    );
    expect(() => formatOutputs({ x: 'EOF1' }, 'EOF1')).toThrow('delimiter');
  });
});
