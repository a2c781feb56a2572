import { lineLabel } from '../plan/line-names.js';
import { planDigest } from '../plan/plan-digest.js';
import type { Change, Plan } from '../plan/types.js';
import { createStyle } from './style.js';
import {
  aliasMoveText,
  renameText,
  CLAIM_NOTE,
  changeSymbol,
  changeTitle,
  edgeLabel,
  groupByOrigin,
  policyWarningText,
  renderField,
  summaryLine,
  where,
} from './render-plan-text.js';
import { plural } from './plural.js';
import { renderImpactMarkdown, renderPictureMarkdown } from './render-impact.js';
import { renderMermaid } from './render-mermaid.js';

/** GitHub refuses comments over 65,536 characters; keep a margin. */
export const MAX_MARKDOWN_LENGTH = 65_000;

const plain = createStyle(false);
const ICONS = { '+': '🟢 create', '~': '🟡 update', '-': '🔴 remove' } as const;

/**
 * The plan as a pull-request comment: the summary, a table of changes, and the field-level details in a
 * collapsible section. Never longer than MAX_MARKDOWN_LENGTH: rows and details that do not fit are dropped with
 * a note, and the summary is always kept whole.
 */
export function renderPlanMarkdown(plan: Plan, options: { readonly title?: string } = {}): string {
  const head: string[] = [
    `### ${options.title ?? 'catalog plan'}`,
    '',
    `**${summaryLine(plan)}**`,
    '',
    `${plan.environment === undefined ? '' : `Environment: **${plan.environment.name}** (env \`${plan.environment.env}\`${plan.environment.protect ? ', protected' : ''}) · `}Target: \`${plan.target}\` · revision: \`${plan.git.revision?.slice(0, 12) ?? 'none'}\`${plan.git.dirty ? ' (uncommitted changes)' : ''}`,
    '',
    // What the reviewer approves: `catalog apply --expect-digest` refuses any other plan (plan-digest.ts).
    `Plan digest: \`${planDigest(plan)}\``,
    '',
    ...(plan.rollbackOf === undefined ? [] : [`Rollback of run \`${plan.rollbackOf}\``, '']),
  ];
  if (plan.changes.length === 0) head.push('No changes: the catalog matches the manifests.', '');
  if ((plan.renames ?? []).length > 0) {
    head.push('**Renames**', '');
    for (const rename of plan.renames ?? []) head.push(`- \`~ ${renameText(rename).replace(/`/g, "'")}\``);
    head.push('');
  }
  if ((plan.aliasMoves ?? []).length > 0) {
    head.push('**Alias moves**', '');
    for (const move of plan.aliasMoves ?? []) head.push(`- \`~ ${aliasMoveText(move).replace(/`/g, "'")}\``);
    head.push('');
  }
  if (plan.notes.length > 0) {
    head.push('<details><summary>Notes</summary>', '');
    for (const note of plan.notes)
      head.push(
        `- ${escape(`${lineLabel(note)}: ${note.message}`)}${note.source === undefined ? '' : ` (\`${note.source.file}:${note.source.line}\`)`}`,
      );
    head.push('', '</details>', '');
  }

  if ((plan.policyWarnings ?? []).length > 0) {
    head.push('**Policy warnings**', '');
    for (const warning of plan.policyWarnings ?? [])
      head.push(
        `- ⚠️ ${escape(`${lineLabel(warning)}: ${policyWarningText(warning)}`)} (\`${warning.source.file}:${warning.source.line}\`)`,
      );
    head.push('');
  }

  const sections: string[][] = [];
  for (const [title, changes] of groupByOrigin(plan.changes)) {
    const rows = changes.map(
      (change) =>
        `| ${ICONS[changeSymbol(change)]} | ${escape(changeTitle(change))} | ${sourceCell(change)} |`,
    );
    sections.push([
      ...(title === undefined ? [] : [`#### ${title.replace(/:$/, '')}`, '']),
      '| | Change | Asked for by |',
      '|---|---|---|',
      ...rows,
      '',
    ]);
  }
  // The picture and what depends on the changes, after the changes and inside the comment's size budget.
  if (plan.changeGraph !== undefined) sections.push(renderPictureMarkdown(renderMermaid(plan.changeGraph)));
  if (plan.impact !== undefined) sections.push(renderImpactMarkdown(plan.impact, plan));
  const details = plan.changes.length === 0 ? [] : detailsBlock(plan.changes);
  return fit(head, sections, details);
}

function detailsBlock(changes: readonly Change[]): string[] {
  const lines = ['<details><summary>Details</summary>', '', '```diff'];
  for (const change of changes) {
    lines.push(`${changeSymbol(change)} ${changeTitle(change)}${where(change.source)}`);
    if (change.kind === 'upsertAspect' || change.kind === 'createGlossaryTerm') {
      for (const field of change.fields)
        lines.push(...renderField(field, plain).map((line) => line.trimEnd()));
    } else if (change.kind === 'associations') {
      for (const item of change.added) lines.push(`+     ${item.label}`);
      for (const item of change.removed) lines.push(`-     ${item.label}`);
      for (const item of change.claimed ?? []) lines.push(`!     ${item.label} (${CLAIM_NOTE})`);
    } else if (change.kind === 'termEdges') {
      for (const edge of change.added) lines.push(`+     ${edgeLabel(edge)}`);
      for (const edge of change.removed) lines.push(`-     ${edgeLabel(edge)}`);
      for (const edge of change.claimed ?? []) lines.push(`!     ${edgeLabel(edge)} (${CLAIM_NOTE})`);
    }
  }
  lines.push('```', '', '</details>', '');
  return lines;
}

/** Keeps the head whole, then as many table rows and detail lines as fit, with a note for what was left out. */
function fit(head: readonly string[], sections: readonly string[][], details: readonly string[]): string {
  const all = [...head, ...sections.flat(), ...details].join('\n');
  if (all.length <= MAX_MARKDOWN_LENGTH) return all;
  const note = (left: number): string =>
    `\n> ✂️ ${plural(left, 'more line', 'more lines')} of this plan did not fit in a comment (${MAX_MARKDOWN_LENGTH} characters). ` +
    'The full plan is in the job log and in the plan file (`--out plan.json`).\n';
  const budget = MAX_MARKDOWN_LENGTH - 400;
  const kept: string[] = [...head];
  let length = kept.join('\n').length;
  const rest = sections.flat();
  let index = 0;
  for (; index < rest.length; index += 1) {
    const line = rest[index] as string;
    if (length + line.length + 1 > budget) break;
    kept.push(line);
    length += line.length + 1;
  }
  return `${kept.join('\n')}\n${note(rest.length - index + details.length)}`;
}

function sourceCell(change: Change): string {
  return change.source === undefined ? '(prune)' : `\`${change.source.file}:${change.source.line}\``;
}

function escape(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
}
