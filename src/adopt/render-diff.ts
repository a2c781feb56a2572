/**
 * The unified diff `catalog adopt` shows before it writes (and instead of writing, with --dry-run): what will
 * change in each manifest file, with git's `a/` and `b/` headers so the output reads like `git diff` and applies
 * with `git apply`.
 */
import { structuredPatch } from 'diff';

export interface FileChange {
  /** Path as shown to users: relative, with `/` separators. */
  readonly path: string;
  readonly before: string;
  readonly after: string;
}

const CONTEXT_LINES = 3;

/** One unified diff of all changed files, sorted by path; unchanged files print nothing. */
export function renderUnifiedDiff(files: readonly FileChange[]): string {
  return [...files]
    .filter((file) => file.before !== file.after)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(renderFileDiff)
    .join('');
}

function renderFileDiff(file: FileChange): string {
  const patch = structuredPatch(
    `a/${file.path}`,
    `b/${file.path}`,
    file.before,
    file.after,
    undefined,
    undefined,
    {
      context: CONTEXT_LINES,
    },
  );
  const lines = [`diff --git a/${file.path} b/${file.path}`, `--- a/${file.path}`, `+++ b/${file.path}`];
  for (const hunk of patch.hunks) {
    lines.push(
      `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`,
      ...hunk.lines,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A hunk's line range as git writes it: `start,count`, `start` alone for one line, one line earlier for none. */
function range(start: number, count: number): string {
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}
