import { escapeControlDeep, escapeJsonControls } from '../../model/escape-control.js';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { readLiveState } from '../../client/read-live-state.js';
import { readRenameReferrers } from '../../client/read-incoming-edges.js';
import { readServerRelease } from '../../client/datahub-client.js';
import { adaptChanges, refusalsFor } from '../../client/server-capabilities.js';
import { CatalogError, DiagnosticsError, sortDiagnostics, type Diagnostic } from '../../errors.js';
import { readChangedFiles, readFilesAtRef, readGitProvenance } from '../../git/git-info.js';
import {
  buildCatalog,
  loadCatalog,
  type CatalogLoad,
  type ParseCacheOptions,
} from '../../manifest/load-catalog.js';
import type { DesiredState } from '../../model/desired-state.js';
import type { LiveState } from '../../model/live-state.js';
import { aspectsAfter } from '../../plan/aspects-after.js';
import { computeImpact, DEFAULT_IMPACT_LIMIT, impactSeeds } from '../../plan/impact.js';
import { DEFAULT_PICTURE_NODES, renderPlanMermaid } from '../../plan/render-mermaid.js';
import { DEFAULT_DEPENDENCY_WALK, readDependencyGraph } from '../../client/read-dependency-graph.js';
import type { DependencyGraph } from '../../plan/impact.js';
import { errorMessage } from '../../model/error-message.js';
import type { Policy, PolicySubject } from '../../policy/types.js';
import { classifyOrigins } from '../../plan/classify-origin.js';
import { createPlan, withChanges } from '../../plan/create-plan.js';
import type { RetireStrategy } from '../../plan/types.js';
import { serializePlan, serializePlanChunks } from '../../plan/plan-json.js';
import { checkPlannedAspects, preflight } from '../../plan/preflight.js';
import { restrictToFiles } from '../../plan/scope.js';
import type { Plan } from '../../plan/types.js';
import type { Environment } from '../../manifest/select-environment.js';
import {
  checkProtection,
  connectWithFlags,
  environmentNameOf,
  settingsTargetOf,
  type Connection,
} from '../connect.js';
import type { CliIo, OutputStream } from '../io.js';
import { parseCacheOptions } from '../parse-cache-options.js';
import { renderPlanMarkdown } from '../../render/render-plan-markdown.js';
import { renderPlanText, renderPlanTextPieces } from '../../render/render-plan-text.js';
import { createStyle, useColor } from '../../render/style.js';
import { VERSION } from '../version.js';
import { applyAndReport } from './apply.js';
import { plural } from '../../render/plural.js';

export type OutputFormat = 'text' | 'json' | 'markdown';

export interface ReconcileOptions {
  readonly dryRun: boolean;
  readonly output: OutputFormat;
  readonly out?: string;
  readonly detailedExitcode: boolean;
  readonly prune: boolean;
  readonly maxDeletes: string;
  /** How renames (kind Moved) retire the old entity: delete, deprecate (default) or ignore. */
  readonly pruneStrategy?: RetireStrategy;
  readonly server?: string;
  readonly graphqlUrl?: string;
  readonly parallelism?: string;
  /** Tell manifest changes from drift against the manifests at this git revision. */
  readonly base?: string;
  /** Plan only what the manifests changed since this git revision declare. */
  readonly changedSince?: string;
  /** false with --no-cache. */
  readonly cache?: boolean;
  /** false with --no-impact: no relationships are read for the impact and the picture. */
  readonly impact?: boolean;
  /** --environment: the Settings environment to plan for (else CATALOG_ENVIRONMENT). */
  readonly environment?: string;
  /** --yes: confirms applying to a protected environment. */
  readonly yes?: boolean;
}

/**
 * `catalog reconcile [dir]`: plans (and, without --dry-run, applies) what makes the catalog match the manifests.
 * Exit codes: 0 no changes (or applied), 1 error, 2 changes present with --detailed-exitcode.
 */
export async function runReconcile(dir: string, options: ReconcileOptions, io: CliIo): Promise<number> {
  const maxDeletes = parseMaxDeletes(options.maxDeletes);
  const bounded = boundHeapGrowth(io.env);
  const { plan: judged, connection, impactRead } = await planFromManifests(dir, options, io, maxDeletes);
  try {
    const withItsImpact = (): Promise<Plan> =>
      impactRead === undefined
        ? Promise.resolve(judged)
        : withImpact(judged, io, showsPicture(options), impactRead);
    if (options.dryRun || judged.changes.length === 0) {
      const plan = await withItsImpact();
      await emitPlan(plan, options, io);
      return options.detailedExitcode && plan.changes.length > 0 ? 2 : 0;
    }
    // The impact's reads end before the first write: what they find is the catalog as the plan saw it.
    await impactRead;
    // A plan saved (--out) or printed with the apply's result (JSON) is whole, impact included, before the first
    // write. One printed as text or markdown gets its impact worked out while the first writes are under way (a
    // tenth of a second at 50,000 entities); the apply needs only the changes.
    const whole = options.out !== undefined || options.output === 'json' ? await withItsImpact() : undefined;
    if (whole !== undefined) await savePlan(whole, options, io);
    // The peak is behind (the states are released, the plan is made): the apply's short-lived request bodies
    // are collected at V8's own pace, which took a 50,000-entity converge's CPU time down by about a sixth.
    if (bounded) setFlagsFromString('--heap-growing-percent=0');
    // The plan is judged (and saved) before the first write; printing it is output only. So its writes go out
    // while it is printed (a large plan's text takes seconds to render, and the writes mostly wait on the catalog),
    // and what the apply prints is held until the plan is out: the output is the same as one after the other.
    // The printing starts a turn of the event loop later, once the apply's first requests are out.
    // Applied right after planning, from the same reads: no second read of every version (see planJustMade).
    const printing = setImmediate().then(async () =>
      printPlan(whole ?? (await withItsImpact()), options, io),
    );
    const applying = applyAndReport(whole ?? judged, connection, heldUntil(io, printing), options.output, {
      planJustMade: true,
    });
    const [printed, applied] = await Promise.allSettled([printing, applying]);
    if (applied.status === 'rejected') throw applied.reason;
    if (printed.status === 'rejected') throw printed.reason;
    if (!applied.value) return 1;
    return options.detailedExitcode ? 2 : 0;
  } finally {
    await connection.close();
  }
}

/**
 * Loads the manifests, connects, reads the live catalog, plans and judges the plan. The desired and live states
 * stay in this function and are released when it returns: the impact, the rendering and the apply need only the
 * plan (at 250,000 entities the two states are most of the heap).
 */
async function planFromManifests(
  dir: string,
  options: ReconcileOptions,
  io: CliIo,
  maxDeletes: number,
): Promise<{ plan: Plan; connection: Connection; impactRead?: ImpactRead }> {
  const environmentName = environmentNameOf(options, io.env);
  // Only the desired state and the files (for messages) outlive loading: the parsed YAML of a large catalog
  // is most of the tool's memory, and would otherwise be held until the end of the run.
  const {
    state: fullState,
    files,
    policies,
    environment,
  } = await loadValidCatalog(
    dir,
    io.cwd,
    parseCacheOptions(io.cwd, options.cache !== false),
    environmentName,
  );
  if (!options.dryRun) checkProtection(environment, options);
  if (options.changedSince !== undefined && options.prune) {
    throw new CatalogError(
      'USAGE',
      '--prune needs the whole catalog; it cannot be combined with --changed-since',
    );
  }
  const state =
    options.changedSince === undefined
      ? fullState
      : restrictToFiles(fullState, await readChangedFiles(io.cwd, options.changedSince, dir));
  const base =
    options.base === undefined
      ? undefined
      : await readBaseState(dir, options.base, fullState, io, environmentName);
  const connection = await connectWithFlags(options, io, settingsTargetOf(state.settings), environment);
  try {
    // The impact's reads go out as soon as the plan's changes are known, while the plan is checked and judged.
    let impactRead: ImpactRead | undefined;
    const made = await makePlan(
      state,
      files,
      connection,
      { prune: options.prune, maxDeletes, pruneStrategy: options.pruneStrategy ?? 'deprecate' },
      io,
      dir,
      options.impact === false
        ? undefined
        : (plan) => {
            impactRead = startImpactRead(plan, connection);
          },
    );
    const planned = withEnvironment(made.plan, environment, state);
    const classified = base === undefined ? planned : classifyOrigins(planned, fullState, base);
    const judged = await checkPolicies(classified, policies, made.live, files);
    return { plan: judged, connection, ...(impactRead === undefined ? {} : { impactRead }) };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * How far V8 lets the heap grow past what was live after a full collection before it collects again, in percent.
 * Its own choice, up to four times on a machine with memory to spare, made most of a large plan's peak memory
 * garbage not yet collected (a 50,000-entity plan peaked at 570 MB with about 165 MB live); at 50% it peaked at
 * 406 MB for about 8% more CPU time, and at 30%, with the plan written as a stream, 389 to 397 MB instead of
 * 408 to 413 MB at 50%, for 4 to 7% more CPU time again.
 */
const HEAP_GROWING_PERCENT = 30;

/** Bounds the heap's growth, unless the user tunes V8's heap themselves (NODE_OPTIONS or node's own flags); true if it did. */
function boundHeapGrowth(env: CliIo['env']): boolean {
  const flags = `${env['NODE_OPTIONS'] ?? ''} ${process.execArgv.join(' ')}`;
  if (/heap-growing-percent|max-old-space-size|optimize-for-size|max-semi-space-size/.test(flags))
    return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

/** The relationships an impact is computed from, or why they could not be read (never rejects). */
type ImpactRead = Promise<DependencyGraph | { readonly error: unknown }>;

/**
 * Starts reading what depends on a plan's changes (one GraphQL request per hop and 100 URNs). It goes on while
 * the plan is checked and judged: judging annotates the changes (origin, policies) and never adds or drops one,
 * so the seeds stay the same.
 */
function startImpactRead(plan: Plan, connection: Connection): ImpactRead {
  return readDependencyGraph(connection.client.graphql, impactSeeds(plan), DEFAULT_DEPENDENCY_WALK).catch(
    (error: unknown) => ({ error }),
  );
}

/**
 * What depends on the changes, and the picture of them, from the relationships read for them. Never in the way of
 * a plan: a catalog that cannot answer gets a warning instead.
 */
async function withImpact(plan: Plan, io: CliIo, pictured: boolean, impactRead: ImpactRead): Promise<Plan> {
  if (plan.changes.length === 0) return plan;
  const graph = await impactRead;
  if ('error' in graph) {
    io.stderr.write(`warning: the impact of the plan could not be read: ${errorMessage(graph.error)}\n`);
    return plan;
  }
  for (const problem of graph.problems ?? []) io.stderr.write(`warning: impact: ${problem}\n`);
  const picture = pictured ? renderPlanMermaid(plan, graph, { maxNodes: DEFAULT_PICTURE_NODES }) : '';
  return {
    ...plan,
    impact: computeImpact(plan, graph, { limit: DEFAULT_IMPACT_LIMIT }),
    ...(picture === '' ? {} : { picture }),
  };
}

/** The catalog's policies with the declared entities they are evaluated on (none: the catalog has no policies). */
interface LoadedPolicies {
  readonly policies: readonly Policy[];
  readonly subjects: readonly PolicySubject[];
}

/** Loads and validates the manifests (every problem reported at once), keeping only what planning needs. */
async function loadValidCatalog(
  dir: string,
  cwd: string,
  cache: ParseCacheOptions | undefined,
  environmentName: string | undefined,
): Promise<{
  state: DesiredState;
  files: CatalogLoad['files'];
  policies: LoadedPolicies;
  environment: Environment | undefined;
}> {
  const load = await loadCatalog(dir, cwd, cache, environmentName);
  const state = requireValid(load);
  const { environment } = load;
  const compiled = load.policies ?? [];
  if (compiled.length === 0) {
    return { state, files: load.files, policies: { policies: [], subjects: [] }, environment };
  }
  const { policySubjects } = await import('../../policy/index.js');
  return {
    state,
    files: load.files,
    policies: { policies: compiled, subjects: policySubjects(load) },
    environment,
  };
}

/** The plan names the environment it was made for (header, markdown comment, JSON). */
export function withEnvironment(plan: Plan, environment: Environment | undefined, state: DesiredState): Plan {
  if (environment === undefined) return plan;
  return {
    ...plan,
    environment: { name: environment.name, env: state.settings.defaultEnv, protect: environment.protect },
  };
}

/**
 * Evaluates the policies with `after`, the aspects once the plan is applied: a violation of an error policy stops
 * the run before any write (located like a manifest error); warnings go into the plan.
 */
async function checkPolicies(
  plan: Plan,
  loaded: LoadedPolicies,
  live: LiveState,
  files: CatalogLoad['files'],
): Promise<Plan> {
  if (loaded.policies.length === 0) return plan;
  const { evaluatePolicies, violationToDiagnostic } = await import('../../policy/index.js');
  // With --changed-since, only the entities the plan looked at are judged.
  const planned = new Set(plan.changes.map((change) => change.urn));
  const subjects = loaded.subjects.filter(
    (subject) => planned.has(subject.urn) || live.entities.has(subject.urn),
  );
  const violations = evaluatePolicies(loaded.policies, subjects, { after: aspectsAfter(plan, live) });
  const errors = violations.filter((violation) => violation.severity === 'error');
  if (errors.length > 0) {
    throw new DiagnosticsError(
      'PREFLIGHT_FAILED',
      violations.map(violationToDiagnostic),
      `${plural(errors.length, 'violation')} of error policies; nothing was written (docs/policies.md)`,
      files,
    );
  }
  return { ...plan, policyWarnings: violations };
}

export async function makePlan(
  state: DesiredState,
  files: CatalogLoad['files'],
  connection: Connection,
  policy: { prune: boolean; maxDeletes: number; pruneStrategy?: RetireStrategy },
  io: CliIo,
  /** The manifest directory (relative to io.cwd): its repository gives the plan its revision. */
  dir: string,
  /** Told the plan as soon as its changes are final, before it is checked. */
  onPlanned?: (plan: Plan) => void,
): Promise<{ plan: Plan; live: LiveState }> {
  // The repository's revision (a few git commands) is read while the catalog is; nothing needs it before the plan.
  const provenance = readGitProvenance(io.cwd, dir);
  provenance.catch(() => undefined);
  // The release is read first (one /config, cached): a plan it cannot take fails here, in --dry-run too.
  const server = await readServerRelease(connection.client.restli);
  io.stderr.write(`reading ${connection.description}\n`);
  const read = await readLiveState(connection.client.restli, state, { prune: policy.prune });
  // What names a renamed entity that still exists, for the notes on edges others added to it (never an error).
  const named = await readRenameReferrers(connection.client, state, read);
  for (const warning of named.warnings) io.stderr.write(`warning: ${warning}\n`);
  const live: LiveState = named.referrers.size === 0 ? read : { ...read, referrers: named.referrers };
  const problems = sortDiagnostics(preflight(state, live));
  if (problems.length > 0) {
    throw new DiagnosticsError(
      'PREFLIGHT_FAILED',
      problems,
      `${plural(problems.length, 'problem')} found before writing; nothing was written`,
      files,
    );
  }
  const made = createPlan(state, live, {
    toolVersion: VERSION,
    target: connection.target.kind === 'embedded' ? 'embedded' : connection.target.gmsUrl,
    git: await provenance,
    prune: policy.prune,
    maxDeletes: policy.maxDeletes,
    ...(policy.pruneStrategy === undefined ? {} : { pruneStrategy: policy.pruneStrategy }),
  });
  // What this release lacks but does not need is left out of the plan (server-capabilities.ts adaptChanges).
  const adapted = adaptChanges(server, made.changes);
  if (adapted.warning !== undefined) io.stderr.write(`warning: ${adapted.warning}\n`);
  const plan = adapted.changes === made.changes ? made : withChanges(made, adapted.changes);
  onPlanned?.(plan);
  // The aspects the plan would write, validated as GMS validates them: a refusal fails the plan, not the apply.
  const refused = sortDiagnostics(checkPlannedAspects(plan));
  if (refused.length > 0) {
    throw new DiagnosticsError(
      'PREFLIGHT_FAILED',
      refused,
      `${plural(refused.length, 'problem')} found before writing; nothing was written`,
      files,
    );
  }
  const refusals = refusalsFor(server, plan.changes);
  if (refusals.length > 0) {
    throw new CatalogError('UNSUPPORTED_SERVER', `${refusals.join('; ')}; nothing was written`);
  }
  return { plan, live };
}

export function requireValid(load: CatalogLoad): DesiredState {
  const errors: Diagnostic[] = load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (load.state === undefined || errors.length > 0) {
    throw new DiagnosticsError(
      'INVALID_MANIFESTS',
      load.diagnostics,
      `${plural(errors.length, 'problem')} in the manifests; nothing was planned`,
      load.files,
    );
  }
  return load.state;
}

export async function emitPlan(
  plan: Plan,
  options: Pick<ReconcileOptions, 'output' | 'out' | 'dryRun'>,
  io: CliIo,
): Promise<void> {
  await savePlan(plan, options, io);
  await printPlan(plan, options, io);
}

/** With --out, the plan's JSON document to its file. */
async function savePlan(plan: Plan, options: Pick<ReconcileOptions, 'out'>, io: CliIo): Promise<void> {
  if (options.out === undefined) return;
  await writePlanFile(path.resolve(io.cwd, options.out), plan).catch((error: unknown) => {
    throw new CatalogError('FILE_ERROR', `cannot write the plan to ${options.out}: ${String(error)}`);
  });
  io.stderr.write(`plan saved to ${options.out}\n`);
}

/**
 * The plan on stdout. A large plan is written as it is rendered, and between pieces the event loop runs (and waits
 * for a slow reader to take what was written): an apply going on alongside keeps its requests moving.
 */
async function printPlan(
  plan: Plan,
  options: Pick<ReconcileOptions, 'output' | 'dryRun'>,
  io: CliIo,
): Promise<void> {
  // In apply mode with JSON output, the plan and the apply result are printed together once applied.
  if (options.output === 'json' && !options.dryRun && plan.changes.length > 0) return;
  if (options.output === 'markdown') {
    io.stdout.write(renderPlan(plan, 'markdown', io));
    return;
  }
  // Written as it is rendered (see serializePlanChunks), with the same escapes as renderPlan's.
  const json = options.output === 'json';
  const pieces = json
    ? serializePlanChunks(plan)
    : renderPlanTextPieces(plan, createStyle(useColor(io.stdout, io.env)));
  for (const piece of inPieces(pieces)) {
    io.stdout.write(json ? escapeJsonControls(piece) : piece);
    await (io.stdout.drained?.() ?? setImmediate());
  }
}

/**
 * The io of an apply that runs while the plan is printed: what it writes is held until the plan is out (printed
 * or failed), then written in order, so it comes after the plan as it would have.
 */
function heldUntil(io: CliIo, ready: Promise<unknown>): CliIo {
  let released = false;
  const held: (() => void)[] = [];
  const release = (): void => {
    released = true;
    for (const write of held.splice(0)) write();
  };
  ready.then(release, release);
  const hold = (stream: OutputStream): OutputStream => ({
    isTTY: stream.isTTY,
    write: (text) => {
      if (released) stream.write(text);
      else held.push(() => stream.write(text));
    },
  });
  return { ...io, stdout: hold(io.stdout), stderr: hold(io.stderr) };
}

/** The picture of the plan is shown by markdown and kept in JSON (printed or saved); the text leaves it out. */
function showsPicture(options: Pick<ReconcileOptions, 'output' | 'out'>): boolean {
  return options.output !== 'text' || options.out !== undefined;
}

/** About this many characters per write: one write per change would cost more in calls than it saves. */
const WRITE_PIECE = 1 << 16;

function* inPieces(chunks: Iterable<string>): Generator<string> {
  let pending: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    pending.push(chunk);
    length += chunk.length;
    if (length >= WRITE_PIECE) {
      yield pending.join('');
      pending = [];
      length = 0;
    }
  }
  if (pending.length > 0) yield pending.join('');
}

/** The plan's JSON document (serializePlan's text), written to a file piece by piece. */
async function writePlanFile(file: string, plan: Plan): Promise<void> {
  const handle = await open(file, 'w');
  try {
    for (const piece of inPieces(serializePlanChunks(plan))) await handle.write(piece);
  } finally {
    await handle.close();
  }
}

export function renderPlan(plan: Plan, format: OutputFormat, io: CliIo): string {
  switch (format) {
    // Names and values from manifests and from the catalog are shown with their control characters escaped.
    case 'json':
      return escapeJsonControls(serializePlan(plan));
    case 'markdown':
      return `${renderPlanMarkdown(escapeControlDeep(plan))}\n`;
    case 'text':
      return renderPlanText(plan, createStyle(useColor(io.stdout, io.env)));
  }
}

/**
 * The desired state of the manifests at a git revision. Manifests that did not validate there count as an
 * empty catalog: every change is then a manifest change, which errs on the side of showing it in review.
 */
export async function readBaseState(
  dir: string,
  ref: string,
  current: DesiredState,
  io: CliIo,
  /** The environment the current manifests are built for: the base is built for it too. */
  environmentName?: string,
): Promise<DesiredState> {
  const load = buildCatalog(await readFilesAtRef(io.cwd, ref, dir), undefined, environmentName);
  if (load.state !== undefined) return load.state;
  io.stderr.write(
    `warning: the manifests at ${ref} do not validate; every change is shown as a manifest change\n`,
  );
  return { settings: current.settings, entities: [], datasets: [], externalTerms: [] };
}

function parseMaxDeletes(value: string): number {
  if (!/^\d+$/.test(value))
    throw new CatalogError('USAGE', `--max-deletes must be a whole number, got ${value}`);
  return Number(value);
}
