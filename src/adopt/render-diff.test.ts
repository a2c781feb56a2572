import { describe, expect, it } from 'vitest';
import { renderUnifiedDiff } from './render-diff.js';

const lines = (count: number): string =>
  Array.from({ length: count }, (_, index) => `line${index + 1}: ${index + 1}`).join('\n');

describe('renderUnifiedDiff', () => {
  it('prints git-style headers and 3 lines of context, files sorted by path, nothing for unchanged files', () => {
    const before = `${lines(12)}\n`;
    const after = before.replace('line6: 6', 'line6: six');
    const diff = renderUnifiedDiff([
      { path: 'catalog/models/b.yaml', before: 'a: 1\n', after: 'a: 1\nb: 2\n' },
      { path: 'catalog/same.yaml', before: 'x: 1\n', after: 'x: 1\n' },
      { path: 'catalog/features/a.yaml', before, after },
    ]);
    expect(diff).toBe(
      [
        'diff --git a/catalog/features/a.yaml b/catalog/features/a.yaml',
        '--- a/catalog/features/a.yaml',
        '+++ b/catalog/features/a.yaml',
        '@@ -3,7 +3,7 @@',
        ' line3: 3',
        ' line4: 4',
        ' line5: 5',
        '-line6: 6',
        '+line6: six',
        ' line7: 7',
        ' line8: 8',
        ' line9: 9',
        'diff --git a/catalog/models/b.yaml b/catalog/models/b.yaml',
        '--- a/catalog/models/b.yaml',
        '+++ b/catalog/models/b.yaml',
        '@@ -1 +1,2 @@',
        ' a: 1',
        '+b: 2',
        '',
      ].join('\n'),
    );
  });

  it('marks a last line without a line break, as git does', () => {
    expect(renderUnifiedDiff([{ path: 'a.yaml', before: 'a: 1', after: 'a: 2' }])).toBe(
      [
        'diff --git a/a.yaml b/a.yaml',
        '--- a/a.yaml',
        '+++ b/a.yaml',
        '@@ -1 +1 @@',
        '-a: 1',
        '\\ No newline at end of file',
        '+a: 2',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
  });

  it('is empty when nothing changed', () => {
    expect(renderUnifiedDiff([])).toBe('');
    expect(renderUnifiedDiff([{ path: 'a.yaml', before: 'a: 1\n', after: 'a: 1\n' }])).toBe('');
  });
});
