/**
 * The one plan comment on a pull request: found by a marker and updated on every push, never a second one.
 * Talks to GitHub's REST API through github-rest.ts, so tests run it against a fake API.
 */
import { createGithubRest } from './github-rest.js';

export const PLAN_MARKER = '<!-- catalog-plan -->';

/** GitHub refuses comment bodies over 65,536 characters. */
export const MAX_COMMENT_LENGTH = 65_536;

export interface IssueComment {
  readonly id: number;
  readonly body?: string | null;
  readonly user?: { readonly type?: string } | null;
}

/** The comment body: the marker, the plan, and where the whole plan is when it had to be cut. */
export function renderCommentBody(markdown: string, runUrl: string | undefined): string {
  const footer =
    runUrl === undefined ? '' : `\n\n<sub>[The run, its job summary and the JSON plan](${runUrl})</sub>`;
  const body = `${PLAN_MARKER}\n${markdown.trimEnd()}${footer}\n`;
  if (body.length <= MAX_COMMENT_LENGTH) return body;
  const cut = `\n\n… the plan is too long for a comment; the whole plan is in the job summary and the plan artifact.${footer}\n`;
  const room = MAX_COMMENT_LENGTH - PLAN_MARKER.length - 1 - cut.length;
  // Cut at a line end so no table row or code fence line is left half.
  const head = markdown.slice(0, room);
  const lineEnd = head.lastIndexOf('\n');
  return `${PLAN_MARKER}\n${lineEnd > 0 ? head.slice(0, lineEnd) : head}${cut}`;
}

/**
 * Our own earlier comment: it carries the marker and was written by a bot (the workflow's token). A person
 * quoting the marker in their own comment does not make it ours to overwrite.
 */
export function findStickyComment(comments: readonly IssueComment[]): IssueComment | undefined {
  return comments.find(
    (comment) => comment.user?.type === 'Bot' && (comment.body ?? '').includes(PLAN_MARKER),
  );
}

export interface GithubTarget {
  /** e.g. https://api.github.com ($GITHUB_API_URL). */
  readonly apiUrl: string;
  /** owner/name ($GITHUB_REPOSITORY). */
  readonly repository: string;
  readonly issueNumber: number;
  readonly token: string;
}

export type UpsertResult = { readonly action: 'created' | 'updated'; readonly id: number };

export async function upsertStickyComment(target: GithubTarget, body: string): Promise<UpsertResult> {
  const github = createGithubRest({ apiUrl: target.apiUrl, token: target.token });
  const base = `/repos/${target.repository}`;

  let existing: IssueComment | undefined;
  // Every page: on a long pull request the comment may be far back.
  for (let page = 1; existing === undefined; page += 1) {
    const comments = (await github.request(
      'GET',
      `${base}/issues/${target.issueNumber}/comments?per_page=100&page=${page}`,
    )) as IssueComment[];
    existing = findStickyComment(comments);
    if (comments.length < 100) break;
  }
  if (existing !== undefined) {
    await github.request('PATCH', `${base}/issues/comments/${existing.id}`, { body });
    return { action: 'updated', id: existing.id };
  }
  const created = (await github.request('POST', `${base}/issues/${target.issueNumber}/comments`, {
    body,
  })) as IssueComment;
  return { action: 'created', id: created.id };
}
