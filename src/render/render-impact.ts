/**
 * A plan's impact (plan/impact.ts) for people: one line per change saying what depends on it ("affects: 2 models
 * (fraud-detector-2026-10, fraud-detector-2026-11), 1 model group (fraud-detector)"), the dependents listed with the
 * relationship that makes each one a dependent, as a text block for the terminal and as markdown for a pull-request
 * comment, and the plan's Mermaid picture as a markdown block GitHub renders. Pure.
 */
import { escapeControl } from '../model/escape-control.js';
import { entityNoun } from '../plan/entity-names.js';
import { entityLabel } from '../plan/line-names.js';
import type { ChangeImpact, ImpactedEntity, ImpactStep, PlanImpact } from '../plan/impact-types.js';
import type { Change, Plan } from '../plan/types.js';
import { changeSymbol, changeTitle } from './change-title.js';
import type { Style } from './style.js';

/** A name from the catalog, shown and never obeyed: control characters and line breaks escaped (\u001B). */
const shown = (name: string): string => escapeControl(name, true);

/** Changes with something to say: a dependent found, or a walk that stopped short. */
function worthShowing(entry: ChangeImpact): boolean {
  return entry.total > 0 || !entry.complete;
}

/**
 * One line of what depends on a change: each entity type with its count and the names listed of it (`…` where the
 * list stops short of the count), and a word when the walk did not read everything.
 */
export function renderImpactSummary(entry: ChangeImpact): string {
  if (entry.total === 0) {
    return entry.complete
      ? 'affects: nothing in the catalog'
      : 'affects: nothing found (the catalog was not read in full)';
  }
  const parts = entry.counts.map(({ entityType, count }) => {
    const names = entry.dependents
      .filter((dependent) => dependent.entityType === entityType)
      .map((dependent) => shown(dependent.name));
    const list = names.length === 0 ? '' : ` (${names.join(', ')}${names.length < count ? ', …' : ''})`;
    return `${count} ${entityNoun(entityType, count)}${list}`;
  });
  return `affects: ${parts.join(', ')}${entry.complete ? '' : ', and maybe more (not all of the catalog was read)'}`;
}

/** Why a dependent is one: its relationship to the entity before it on its path ("it": the changed entity). */
function describeVia(dependent: ImpactedEntity): string {
  const last = dependent.via.at(-1);
  if (last === undefined) return '';
  const previous = shown(dependent.via.at(-2)?.name ?? 'it');
  return phrase(last, previous);
}

function phrase(step: ImpactStep, previous: string): string {
  const incoming = step.direction === 'INCOMING';
  switch (step.relationship) {
    case 'Contains':
      return incoming ? `contains ${previous}` : `contained in ${previous}`;
    case 'Consumes':
      return incoming ? `consumes ${previous}` : `consumed by ${previous}`;
    case 'MemberOf':
      return incoming ? `has member ${previous}` : `group of ${previous}`;
    case 'DerivedFrom':
      return incoming ? `derived from ${previous}` : `source of ${previous}`;
    case 'TermedWith':
      return 'carries the term';
    case 'EditableSchemaFieldWithGlossaryTerm':
    case 'SchemaFieldWithGlossaryTerm':
      return 'a column carries the term';
    case 'HasStructuredPropertyValue':
      return 'carries a value of the property';
    default:
      return `${step.relationship} ${incoming ? '←' : '→'} ${previous}`;
  }
}

/**
 * Changes to show, grouped: the changes of one entity under one rule (a dataset's terms and its column terms) have
 * the same dependents, shown once under all their titles.
 */
function groupsOf(impact: PlanImpact, plan: Plan): { changes: (Change | string)[]; entry: ChangeImpact }[] {
  const changes = changesById(plan);
  const groups = new Map<string, { changes: (Change | string)[]; entry: ChangeImpact }>();
  for (const entry of impact.changes) {
    if (!worthShowing(entry)) continue;
    const change = changes.get(entry.changeId) ?? entry.changeId;
    const key = `${entry.rule}\u0000${entry.urn}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { changes: [change], entry });
    else group.changes.push(change);
  }
  return [...groups.values()];
}

const symbolOf = (change: Change | string): '+' | '~' | '-' =>
  typeof change === 'string' ? '~' : changeSymbol(change);
const titleOf = (change: Change | string): string =>
  typeof change === 'string' ? change : changeTitle(change);

/**
 * The impact as a block of text lines for the plan's text output (empty when no change has dependents): each change
 * by its title, its summary line, then its listed dependents.
 */
export function renderImpactText(impact: PlanImpact, plan: Plan, style: Style): string[] {
  const groups = groupsOf(impact, plan);
  if (groups.length === 0) return [];
  const lines = [style.bold('Impact (what depends on the changes in the catalog):'), ''];
  for (const { changes, entry } of groups) {
    for (const change of changes) {
      const symbol = symbolOf(change);
      const color = symbol === '+' ? style.green : symbol === '-' ? style.red : style.yellow;
      lines.push(`  ${color(symbol)} ${style.bold(titleOf(change))}`);
    }
    lines.push(`      ${renderImpactSummary(entry)}`);
    for (const dependent of entry.dependents) {
      lines.push(
        `        ${entityNoun(dependent.entityType, 1)} ${shown(entityLabel(dependent.name, dependent.urn))} ${style.dim(`(${describeVia(dependent)})`)}`,
      );
    }
    const unlisted = entry.total - entry.dependents.length;
    if (unlisted > 0) lines.push(`        ${style.dim(`… and ${unlisted} more`)}`);
    lines.push('');
  }
  return lines;
}

const ICONS = { '+': '🟢 create', '~': '🟡 update', '-': '🔴 remove' } as const;

/**
 * The impact as markdown lines for the pull-request comment (empty when no change has dependents): a table of each
 * change and what it affects, and the listed dependents in a collapsed section.
 */
export function renderImpactMarkdown(impact: PlanImpact, plan: Plan): string[] {
  const groups = groupsOf(impact, plan);
  if (groups.length === 0) return [];
  const lines = [
    '#### Impact',
    '',
    'What depends on the changed entities in the catalog, from the relationships it serves.',
    '',
    '| | Change | Affects |',
    '|---|---|---|',
  ];
  for (const { changes, entry } of groups) {
    const icons = [...new Set(changes.map((change) => ICONS[symbolOf(change)]))].join('<br>');
    const titles = changes.map((change) => inline(titleOf(change))).join('<br>');
    const affects = renderImpactSummary(entry).replace(/^affects: /, '');
    lines.push(`| ${icons} | ${titles} | ${inline(affects)} |`);
  }
  lines.push(
    '',
    `<details><summary>Dependents (the first ${impact.limit} of each change, by name)</summary>`,
    '',
  );
  for (const { changes, entry } of groups) {
    lines.push(changes.map((change) => `**${inline(titleOf(change))}**`).join('<br>'), '');
    for (const dependent of entry.dependents)
      lines.push(
        `- ${entityNoun(dependent.entityType, 1)} ${code(shown(dependent.name))} (${code(dependent.urn)}): ${inline(describeVia(dependent))}`,
      );
    const unlisted = entry.total - entry.dependents.length;
    if (unlisted > 0) lines.push(`- … and ${unlisted} more`);
    lines.push('');
  }
  lines.push('</details>', '');
  return lines;
}

/**
 * Mermaid's configuration for the picture, as a directive GitHub's renderer reads: drawn no wider than its box (a
 * phone's comment column too), scaled down rather than spilling out of it (`useMaxWidth`; GitHub's viewer zooms).
 */
export const PICTURE_DIRECTIVE = '%%{init: {"flowchart": {"useMaxWidth": true}}}%%';

/**
 * The plan's Mermaid picture (render-mermaid.ts) as a fenced block GitHub draws, in an open collapsible section;
 * empty for an empty picture.
 */
export function renderPictureMarkdown(mermaid: string): string[] {
  if (mermaid === '') return [];
  return [
    '<details open><summary>Picture</summary>',
    '',
    '```mermaid',
    PICTURE_DIRECTIVE,
    ...mermaid.replace(/\n$/, '').split('\n'),
    '```',
    '',
    '</details>',
    '',
  ];
}

function changesById(plan: Plan): Map<string, Change> {
  return new Map(plan.changes.map((change) => [change.id, change]));
}

/** Text from the catalog in a markdown line: nothing it holds may open HTML, a table cell or emphasis. */
function inline(text: string): string {
  return text.replace(/[\\`*_[\]<>|#~]/g, (char) => `\\${char}`).replace(/\s+/g, ' ');
}

/** A name as inline code; a name with backticks gets a longer fence, as CommonMark allows. */
function code(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
