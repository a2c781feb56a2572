/**
 * The texts of the adoption pull request: its title, its body (why it exists, the diff `catalog adopt` printed,
 * the run that made it) and the comment that closes it. Pure: the pull request step decides when to write them.
 */
import { fenceFor } from './markdown-fence.js';

export const ADOPT_TITLE = 'Adopt changes made in DataHub';

/** Marks a body as the action's own (a person's pull request from the same branch name is not). */
export const ADOPT_MARKER = '<!-- catalog-adopt -->';

/** GitHub refuses pull-request bodies and comments over 65,536 characters. */
export const MAX_BODY_LENGTH = 65_536;

/** The last line of a body: the run that wrote it. Left out when bodies are compared (see sameAdoptBody). */
const RUN_LINK_PREFIX = '<sub>Written by ';
const FOOTER_ROOM = 300;

export interface AdoptBodyInput {
  /** The unified diff `catalog adopt` printed. */
  readonly diff: string;
  /** The manifest directory, from the repository's root. */
  readonly directory: string;
  readonly baseBranch: string;
  readonly runUrl: string | undefined;
}

/**
 * The body: what happened, the diff in a fence the diff cannot close, and the run. A diff too long for GitHub is
 * cut at a line end with a note; the pull request's own "Files changed" tab always has all of it.
 */
export function renderAdoptBody({ diff, directory, baseBranch, runUrl }: AdoptBodyInput): string {
  const intro = [
    ADOPT_MARKER,
    `Someone changed metadata in DataHub (for example a description in DataHub's UI) that the manifests in \`${directory}/\` declare. This pull request writes those changes into the manifests.`,
    '',
    `- **Merge it** to keep them: \`${baseBranch}\` then matches DataHub, and the sync's apply has nothing to undo.`,
    `- **Close it** to keep \`${baseBranch}\`'s values: the next apply of \`${baseBranch}\` writes them back to DataHub (\`catalog reconcile\` does it now), and this action does not propose the same changes again.`,
    '',
    'The scheduled sync keeps this pull request current: it updates it when DataHub changes again, and closes it when there is nothing left to adopt. It rewrites this description, so leave review notes as comments; a commit of your own on the branch makes the pull request yours, and the sync leaves it alone from then on.',
    '',
  ].join('\n');
  const footer = runUrl === undefined ? '' : `\n\n${RUN_LINK_PREFIX}[the sync run](${runUrl}).</sub>`;
  // The room for the run link is fixed, so that how much of a long diff is shown does not depend on the run.
  const room = MAX_BODY_LENGTH - intro.length - 1 - Math.max(footer.length, FOOTER_ROOM) - 1;
  return `${intro}\n${renderDiffBlock(diff, room)}${footer}\n`;
}

/**
 * What the action's `adopt` step writes to the job summary: the diff, or that there was nothing to adopt.
 * The summary is kept to the size of a pull-request body; the files themselves are on the branch.
 */
export function renderAdoptSummary(diff: string, directory: string): string {
  if (diff.trim() === '')
    return `Nothing to adopt: the live catalog matches the manifests in \`${directory}/\`.\n`;
  const intro = `\`catalog adopt\` changed the manifests in \`${directory}/\`:\n\n`;
  return `${intro}${renderDiffBlock(diff, MAX_BODY_LENGTH - intro.length - 1)}\n`;
}

/**
 * The diff in a fence it cannot close, at most `room` characters: when it is longer, whole lines only (no hunk
 * line left half) and a note saying how much is shown and where the rest is.
 */
export function renderDiffBlock(diff: string, room: number): string {
  const fence = fenceFor(diff);
  const lines = diff.trimEnd().split('\n');
  const block = (shown: readonly string[], note: string): string =>
    `${fence}diff\n${shown.join('\n')}\n${fence}${note}`;
  const whole = block(lines, '');
  if (whole.length <= room) return whole;

  const note = (shown: number): string =>
    `\n\n… the diff is too long to show here: ${shown} of ${lines.length} lines shown. The pull request's "Files changed" tab shows all of it.`;
  // Counted with the note at its longest (the largest number it can show).
  const space = room - block([], note(lines.length)).length;
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    if (used + line.length > space) break;
    kept.push(line);
    used += line.length + 1;
  }
  return block(kept, note(kept.length));
}

/**
 * Two bodies say the same thing: equal but for the run link (every run has its own) and the line ends GitHub
 * may have stored (its web editor saves CRLF). A body that says the same is not written again.
 */
export function sameAdoptBody(a: string, b: string): boolean {
  return withoutRunLink(a) === withoutRunLink(b);
}

function withoutRunLink(body: string): string {
  return body
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((line) => !line.startsWith(RUN_LINK_PREFIX))
    .join('\n')
    .trimEnd();
}

/** Why the pull request is closed: said on it, so that whoever watches it knows nothing was lost. */
export function renderCloseComment(baseBranch: string, runUrl: string | undefined): string {
  const run = runUrl === undefined ? '' : ` ([the sync run](${runUrl}))`;
  return `${ADOPT_MARKER}\nClosing: \`catalog adopt\` found nothing left to adopt${run}. The live catalog matches the manifests on \`${baseBranch}\`, so these changes are there already or were undone in DataHub. If DataHub changes again, the sync opens a new pull request.\n`;
}
