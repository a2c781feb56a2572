import { diffArrays, diffLines } from 'diff';
import type { SourceLocation } from '../errors.js';
import type { JsonValue } from '../model/json.js';
import { assertNever } from '../errors.js';
import type {
  AliasMove,
  Change,
  FieldChange,
  Plan,
  Rename,
  PlanPolicyViolation,
  TermEdge,
} from '../plan/types.js';
import { escapeControl, escapeControlDeep } from '../model/escape-control.js';
import { parseUrn } from '../model/urn.js';
import { lineLabel } from '../plan/line-names.js';
import { planDigest } from '../plan/plan-digest.js';
import type { Style } from './style.js';
import { plural } from './plural.js';
import { renderImpactText } from './render-impact.js';
import { changeSymbol, changeTitle } from './change-title.js';

export { changeSymbol, changeTitle };

/**
 * The plan for people, Terraform-like: one block per change (`+` create, `~` update, `-` delete), the changed
 * fields with their old and new values (lists and multi-line text as unified diffs), the manifest location that
 * asked for it, notes, and a summary line. Pure: colour is decided by the caller and passed in as a Style.
 */
export function renderPlanText(plan: Plan, style: Style): string {
  return [...renderPlanTextPieces(plan, style)].join('');
}

/**
 * The text plan in pieces that join to renderPlanText's text (the header, one piece per change, the sections after
 * them): a large plan is printed as it is rendered, and its changes are escaped one at a time, not copied whole
 * first. Names and values from manifests and from the catalog are shown with their control characters escaped.
 */
export function* renderPlanTextPieces(plan: Plan, style: Style): Generator<string> {
  const piece = (lines: readonly string[]): string => `${lines.join('\n')}\n`;
  // Everything but the changes, escaped once; the changes are escaped as they are rendered, and kept (the
  // originals, unless one held a control character) for the impact section, which names them.
  const rest = escapeControlDeep({ ...plan, changes: [] as Change[] });
  // The environment first: a plan for prod must not be mistaken for one for dev (docs/environments.md).
  if (rest.environment !== undefined) yield piece([style.bold(environmentLine(rest.environment)), '']);
  if (rest.rollbackOf !== undefined) yield piece([style.bold(`Rollback of run ${rest.rollbackOf}`), '']);
  const changes: Change[] = [];
  if (plan.changes.length === 0) {
    yield piece([`${style.green('No changes.')} The catalog matches the manifests.`, '']);
  } else {
    for (const [title, group] of groupByOrigin(plan.changes)) {
      if (title !== undefined) yield piece([style.bold(title), '']);
      for (const change of group) {
        const escaped = escapedShownParts(change);
        changes.push(escaped);
        yield piece([...renderChange(escaped, style), '']);
      }
    }
  }
  const lines: string[] = [];
  if ((rest.renames ?? []).length > 0) {
    lines.push(style.bold('Renames:'));
    for (const rename of rest.renames ?? []) lines.push(`  ${style.yellow('~')} ${renameText(rename)}`);
    lines.push('');
  }
  if ((rest.aliasMoves ?? []).length > 0) {
    lines.push(style.bold('Alias moves:'));
    for (const move of rest.aliasMoves ?? []) lines.push(`  ${style.yellow('~')} ${aliasMoveText(move)}`);
    lines.push('');
  }
  if (rest.impact !== undefined) lines.push(...renderImpactText(rest.impact, { ...rest, changes }, style));
  if (rest.notes.length > 0) {
    lines.push(style.bold('Notes:'));
    for (const note of rest.notes)
      lines.push(`  ${style.yellow('!')} ${lineLabel(note)}: ${note.message}${where(note.source)}`);
    lines.push('');
  }
  if ((rest.policyWarnings ?? []).length > 0) {
    lines.push(style.bold('Policy warnings:'));
    for (const warning of rest.policyWarnings ?? [])
      lines.push(
        `  ${style.yellow('⚠')} ${lineLabel(warning)}: ${policyWarningText(warning)}${where(warning.source)}`,
      );
    lines.push('');
  }
  lines.push(summaryLine({ ...rest, changes }));
  // The digest a saved plan is checked against (`catalog apply --expect-digest`; plan-digest.ts).
  if (plan.changes.length > 0) lines.push(style.dim(`Plan digest: ${planDigest(plan)}`));
  yield piece(lines);
}

/**
 * A change with what the text shows of it escaped: all but the aspect values it writes (`before`, `after`), which the
 * text never prints and which are most of a change (walking them took half a second at 65,000 changes).
 */
function escapedShownParts(change: Change): Change {
  const { before, after, ...shown } = change as Change & { before?: unknown; after?: unknown };
  const escaped = escapeControlDeep(shown);
  return escaped === shown ? change : ({ ...escaped, before, after } as Change);
}

/** A rename as one line: `rename A -> B (A deprecated)`. */
export function renameText(rename: Rename): string {
  const retire =
    rename.retire === 'delete'
      ? ' (old one deleted)'
      : rename.retire === 'deprecate'
        ? ' (old one deprecated)'
        : '';
  return `rename ${escapeControl(rename.from, true)} -> ${escapeControl(rename.to, true)}${retire}`;
}

/**
 * An alias moving between two models of a group, as one line (`champion: fraud-2026-10 -> fraud-2026-11 (group
 * fraud)`); the two versionProperties writes are listed with the other changes.
 */
export function aliasMoveText(move: AliasMove): string {
  return `${escapeControl(move.alias, true)}: ${modelName(move.from)} -> ${modelName(move.to)} (group ${modelName(move.group)})`;
}

/** A model's or group's name from its URN (the whole URN when it does not parse). */
function modelName(urn: string): string {
  const parsed = parseUrn(urn);
  const name = parsed.ok && 'name' in parsed.value ? parsed.value.name : urn;
  return escapeControl(typeof name === 'string' ? name : urn, true);
}

/** One policy warning: its message, the policy and where the policy is, and why the rule failed when it did. */
export function policyWarningText(warning: PlanPolicyViolation): string {
  const { file, line } = warning.policySource;
  return (
    `${warning.message} (policy ${warning.policy} at ${file}:${line}` +
    `${warning.reason === undefined ? '' : `; ${warning.reason}`})`
  );
}

/** Changes split into manifest changes and drift when the plan tells them apart (catalog reconcile --base). */
export function groupByOrigin(changes: readonly Change[]): [string | undefined, Change[]][] {
  if (!changes.some((change) => change.origin !== undefined)) return [[undefined, [...changes]]];
  const manifest = changes.filter((change) => change.origin !== 'drift');
  const drift = changes.filter((change) => change.origin === 'drift');
  return [
    ...(manifest.length > 0 ? [['Changes from the manifests:', manifest] as [string, Change[]]] : []),
    ...(drift.length > 0
      ? [['Drift (the live catalog moved away from the manifests):', drift] as [string, Change[]]]
      : []),
  ];
}

export function summaryLine(plan: Plan): string {
  const { create, update, delete: remove, termsAttached, termsDetached } = plan.summary;
  if (plan.changes.length === 0) return 'Plan: 0 to create, 0 to update, 0 to delete.';
  const origins =
    plan.summary.byOrigin === undefined
      ? ''
      : ` (${plan.summary.byOrigin.manifest} from the manifests, ${plan.summary.byOrigin.drift} drift)`;
  return (
    `Plan: ${create} to create, ${update} to update, ${remove} to delete` +
    `; ${plural(termsAttached, 'term attachment')} to add, ${termsDetached} to remove` +
    associationsPart(plan) +
    `${origins}.`
  );
}

function associationsPart(plan: Plan): string {
  const added = plan.summary.associationsAdded ?? 0;
  const removed = plan.summary.associationsRemoved ?? 0;
  const claimed = plan.summary.claimed ?? 0;
  return (
    (added + removed === 0 ? '' : `; ${added} owners/tags/links to add, ${removed} to remove`) +
    (claimed === 0 ? '' : `; ${claimed} added by others to take over`)
  );
}

/** The line of a claim: what the manifests now declare and someone else added; the plan writes the marker on it. */
export const CLAIM_NOTE =
  "added by someone else, declared in the manifests: the marker is written, it is the tool's from now on";

function renderChange(change: Change, style: Style): string[] {
  const symbol = changeSymbol(change);
  const color = symbol === '+' ? style.green : symbol === '-' ? style.red : style.yellow;
  const lines = [`  ${color(symbol)} ${style.bold(changeTitle(change))}${where(change.source)}`];
  switch (change.kind) {
    case 'createGlossaryTerm':
    case 'upsertAspect':
      for (const field of change.fields) lines.push(...renderField(field, style));
      break;
    case 'status':
      break;
    case 'termEdges':
      for (const edge of change.added) lines.push(`      ${style.green('+')} ${edgeLabel(edge)}`);
      for (const edge of change.removed) lines.push(`      ${style.red('-')} ${edgeLabel(edge)}`);
      for (const edge of change.claimed ?? [])
        lines.push(`      ${style.yellow('~')} ${edgeLabel(edge)} ${style.dim(`(${CLAIM_NOTE})`)}`);
      break;
    case 'associations':
      for (const item of change.added) lines.push(`      ${style.green('+')} ${item.label}`);
      for (const item of change.removed) lines.push(`      ${style.red('-')} ${item.label}`);
      for (const item of change.claimed ?? [])
        lines.push(`      ${style.yellow('~')} ${item.label} ${style.dim(`(${CLAIM_NOTE})`)}`);
      break;
    default:
      assertNever(change);
  }
  return lines;
}

export function edgeLabel(edge: TermEdge): string {
  return edge.fieldPath === undefined ? edge.termUrn : `${edge.fieldPath}: ${edge.termUrn}`;
}

/** One field: `~ name: "a" → "b"`, or a unified diff for lists and multi-line text. */
export function renderField(field: FieldChange, style: Style): string[] {
  const { before, after } = field;
  if (before === undefined && after !== undefined)
    return [`      ${style.green('+')} ${field.path}: ${inline(after)}`];
  if (after === undefined && before !== undefined)
    return [`      ${style.red('-')} ${field.path}: ${inline(before)}`];
  if (Array.isArray(before) && Array.isArray(after)) {
    const lines = [`      ${style.yellow('~')} ${field.path}:`];
    for (const part of diffArrays(before.map(inline), after.map(inline))) {
      for (const value of part.value) {
        if (part.added) lines.push(`          ${style.green(`+ ${value}`)}`);
        else if (part.removed) lines.push(`          ${style.red(`- ${value}`)}`);
        else lines.push(`            ${style.dim(value)}`);
      }
    }
    return lines;
  }
  if (
    typeof before === 'string' &&
    typeof after === 'string' &&
    (before.includes('\n') || after.includes('\n'))
  ) {
    const lines = [`      ${style.yellow('~')} ${field.path}:`];
    for (const part of diffLines(before, after)) {
      for (const line of part.value.replace(/\n$/, '').split('\n')) {
        if (part.added) lines.push(`          ${style.green(`+ ${line}`)}`);
        else if (part.removed) lines.push(`          ${style.red(`- ${line}`)}`);
        else lines.push(`            ${style.dim(line)}`);
      }
    }
    return lines;
  }
  return [`      ${style.yellow('~')} ${field.path}: ${inline(before)} → ${inline(after)}`];
}

function inline(value: JsonValue | undefined): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

export function where(source: SourceLocation | undefined): string {
  return source === undefined ? '' : `  (${source.file}:${source.line}:${source.column})`;
}

/** "Environment: prod (env PROD, protected)". */
function environmentLine(environment: NonNullable<Plan['environment']>): string {
  return `Environment: ${environment.name} (env ${environment.env}${environment.protect ? ', protected' : ''})`;
}
