import { describe, expect, it } from 'vitest';
import { renderFailure } from './main.js';

describe('a failed step in the summary and comment', () => {
  it('shows what catalog said in a fence its output cannot close, cut to the last lines', () => {
    const stderr = `${Array.from({ length: 70 }, (_, index) => `line ${index}`).join('\n')}\nuse \`\`\`yaml here\n`;
    const text = renderFailure('drift', stderr);
    expect(text.startsWith('### catalog drift check\n\n**The drift failed**; nothing was written.')).toBe(
      true,
    );
    expect(text).toContain('\n````\n…\n');
    expect(text).not.toContain('line 9\n');
    expect(text).toContain('line 69\nuse ```yaml here\n````\n');
  });
});
