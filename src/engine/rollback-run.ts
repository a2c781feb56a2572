import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunResult } from '../apply/apply-run.js';
import { runIdOf } from '../apply/check-fresh.js';
import { readRunRecords, readRunRows } from '../apply/read-runs.js';
import { runStatusProposal, RUN_RESULT_ASPECT, runRecordUrn, type RunRecord } from '../apply/run-record.js';
import { readServerRelease } from '../client/datahub-client.js';
import { addToRead, readEntities, type ReadRequest } from '../client/read-live-state.js';
import type { RestliClient } from '../client/restli-client.js';
import { behaves, BEHAVIOURS, describeServerRelease } from '../client/server-capabilities.js';
import { readGitProvenance } from '../git/git-info.js';
import { CatalogError } from '../errors.js';
import { DEFAULT_ACTOR } from '../model/desired-state.js';
import type { LiveAspect, LiveEntity } from '../model/live-state.js';
import { aspectNamesOf, isTimeseriesAspect, keyAspectOf } from '../model/registry.js';
import { orderChanges, withChanges } from '../plan/create-plan.js';
import { entityTypeOfUrn } from '../plan/entity-names.js';
import { entityLabel, liveNamesOf } from '../plan/line-names.js';
import { decideRollback, replacedVersion, stillTheRuns, type RunAspect } from '../plan/rollback-plan.js';
import { PLAN_FORMAT_VERSION, type Plan, type PlanNote } from '../plan/types.js';
import { applyChanges, type ApplyOptions } from './apply-changes.js';
import type { EngineContext, TargetOptions } from './context.js';
import { judgePlan, policiesOf } from './judge-plan.js';
import { loadCatalog, requireValid } from './load-catalog.js';
import { withEnvironment } from './make-plan.js';
import {
  checkProtection,
  openTarget,
  planTargetOf,
  settingsTargetOf,
  type Connection,
} from './open-target.js';
import { isRunId, newRunId } from './run-id.js';
import { VERSION } from './version.js';

export interface RollbackOptions extends EngineContext, TargetOptions {
  /** The run to undo. */
  readonly runId: string;
  /**
   * The catalog directory (relative to cwd; default `catalog`): when it exists, its Settings choose the target and
   * its policies judge the rollback's plan, as they judge any plan.
   */
  readonly dir?: string;
  readonly environment?: string;
  /** Refuse a rollback that soft-deletes more entities (those the run created) than this; default 0. */
  readonly maxDeletes?: number;
  /** The rollback is planned to be applied: a protected environment is refused unless confirmed. */
  readonly forApply?: boolean;
  readonly confirmEnvironment?: string;
}

/** A rollback planned, with its connection open: print it, apply it. */
export interface PlannedRollback {
  /** The undo as a plan (`rollbackOf` names the run); its notes list what it keeps. */
  readonly plan: Plan;
  readonly target: string;
  /** The id of the rollback's own run (`catalog-rollback-…`). */
  readonly runId: string;
  /** The record of the run undone, when the catalog has one. */
  readonly record?: RunRecord;
  /** Aspects already as they were before the run (an interrupted rollback finished them, or someone did). */
  readonly alreadyUndone: number;
  /** Applies the plan; once it applied whole, the undone run's record says ROLLED_BACK. */
  apply(options?: ApplyOptions): Promise<RunResult>;
  close(): Promise<void>;
}

/**
 * Plans the undo of one run (plan/rollback-plan.ts): finds what it wrote (GMS's runs resource, and its record),
 * reads what each aspect holds now and the version the run replaced, and decides. An unknown run, a run that wrote
 * nothing, and a run whose replaced versions the catalog no longer has are refused before anything is written.
 */
export async function planRollback(options: RollbackOptions): Promise<PlannedRollback> {
  if (!isRunId(options.runId)) {
    throw new CatalogError(
      'USAGE',
      `${JSON.stringify(options.runId)} is not a run id (catalog runs lists them)`,
    );
  }
  const dir = options.dir ?? 'catalog';
  const manifests = existsSync(path.resolve(options.cwd, dir))
    ? await loadManifests(options, dir)
    : undefined;
  if (options.forApply === true) checkProtection(manifests?.environment, options.confirmEnvironment);
  const connection = await openTarget({
    cwd: options.cwd,
    env: options.env,
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    ...(options.server === undefined ? {} : { server: options.server }),
    ...(options.graphqlUrl === undefined ? {} : { graphqlUrl: options.graphqlUrl }),
    ...(options.parallelism === undefined ? {} : { parallelism: options.parallelism }),
    ...(manifests === undefined ? {} : { settings: settingsTargetOf(manifests.state.settings) }),
    ...(manifests?.environment === undefined ? {} : { environment: manifests.environment }),
  });
  try {
    const restli = connection.client.restli;
    const server = await readServerRelease(restli);
    if (!behaves(server.release, 'aspectVersions')) {
      const { what, since } = BEHAVIOURS.aspectVersions;
      throw new CatalogError(
        'UNSUPPORTED_SERVER',
        `${describeServerRelease(server)} lacks ${what} (added in ${since}): a rollback cannot tell which version a run replaced; nothing was written`,
      );
    }
    options.onEvent?.({ type: 'reading', target: connection.description });
    const { runId } = options;
    const found = await readRun(restli, runId);
    const { plan, alreadyUndone } = await planOf(found, connection, options, manifests, dir);
    const judged =
      manifests === undefined
        ? plan
        : await judgePlan(plan, manifests.policies, { entities: found.live }, manifests.files);
    return plannedRollback(judged, found, connection, alreadyUndone);
  } catch (error) {
    await connection.close();
    throw error;
  }
}

type Manifests = Awaited<ReturnType<typeof loadManifests>>;

async function loadManifests(options: RollbackOptions, dir: string) {
  const load = await loadCatalog({
    dir,
    cwd: options.cwd,
    ...(options.environment === undefined ? {} : { environment: options.environment }),
  });
  const state = requireValid(load);
  return { state, files: load.files, policies: await policiesOf(load), environment: load.environment };
}

/** What a run wrote and what the catalog holds of it now. */
interface FoundRun {
  readonly runId: string;
  readonly record?: RunRecord;
  readonly aspects: RunAspect[];
  readonly live: Map<string, LiveEntity>;
  readonly created: Set<string>;
  readonly unsafe: Map<string, string>;
}

async function readRun(restli: RestliClient, runId: string): Promise<FoundRun> {
  const [rows, records] = await Promise.all([readRunRows(restli, runId), readRunRecords(restli, [runId])]);
  const record = records.get(runId);
  if (rows.length === 0 && record === undefined) {
    throw new CatalogError(
      'NOT_FOUND',
      `run ${runId} is not in this catalog: no aspect carries it and it has no record; catalog runs lists the runs it holds. Nothing was written`,
    );
  }
  // What the run wrote: its record's list (with the versions it left), and the latest aspects that carry its id.
  const written = new Map<string, { urn: string; aspect: string; written: string }>();
  for (const write of record?.writes ?? [])
    written.set(`${write.aspect} ${write.urn}`, {
      urn: write.urn,
      aspect: write.aspect,
      written: write.after,
    });
  for (const row of rows)
    if (!written.has(`${row.aspect} ${row.urn}`))
      written.set(`${row.aspect} ${row.urn}`, { urn: row.urn, aspect: row.aspect, written: '' });
  if (written.size === 0) {
    throw new CatalogError('RUN_EMPTY', `run ${runId} wrote nothing: there is nothing to roll back`);
  }
  const request: ReadRequest = new Map();
  for (const { urn, aspect } of written.values()) addToRead(request, urn, [aspect]);
  const live = await readEntities(restli, request);
  const nameOf = liveNamesOf(live);
  const aspects: RunAspect[] = [...written.values()].map(({ urn, aspect, written: version }) => {
    const found = live.get(urn)?.aspects.get(aspect);
    const runOf = runIdOf(found?.systemMetadata);
    const lastObserved = found?.systemMetadata?.['lastObserved'];
    return {
      urn,
      entityType: entityTypeOfUrn(urn),
      name: nameOf(urn),
      aspect,
      written: version,
      ...(found === undefined || found.version === undefined
        ? {}
        : {
            latest: {
              value: found.value,
              version: found.version,
              ...(runOf === undefined ? {} : { runId: runOf }),
              ...(typeof lastObserved === 'number' ? { lastObserved } : {}),
            },
          }),
    };
  });
  const created = createdEntities(aspects, runId);
  const unsafe = await unsafeEntities(restli, runId, created, aspects);
  const withPrevious = await Promise.all(
    aspects.map((item) =>
      created.has(item.urn) ? Promise.resolve(item) : withPreviousValue(restli, item, runId),
    ),
  );
  return {
    runId,
    ...(record === undefined ? {} : { record }),
    aspects: withPrevious,
    live,
    created,
    unsafe,
  };
}

/** Entities the run created: it wrote their status mark, or their key aspect, first (version 1). */
function createdEntities(aspects: readonly RunAspect[], runId: string): Set<string> {
  const created = new Set<string>();
  for (const item of aspects) {
    const first = item.aspect === 'status' || item.aspect === keyAspectOf(item.entityType);
    const version =
      item.written !== '' ? item.written : stillTheRuns(item, runId) ? item.latest?.version : undefined;
    if (first && version === '1') created.add(item.urn);
  }
  return created;
}

/** Of the created entities, those someone else wrote to since the run, with who did. */
async function unsafeEntities(
  restli: RestliClient,
  runId: string,
  created: ReadonlySet<string>,
  aspects: readonly RunAspect[],
): Promise<Map<string, string>> {
  const unsafe = new Map<string, string>();
  if (created.size === 0) return unsafe;
  const request: ReadRequest = new Map();
  for (const urn of created) {
    const names = aspectNamesOf(entityTypeOfUrn(urn)).filter((name) => !isTimeseriesAspect(name));
    addToRead(request, urn, names);
  }
  const whole = await readEntities(restli, request);
  const runs = new Map(aspects.map((item) => [`${item.aspect} ${item.urn}`, item]));
  for (const urn of created) {
    const keyAspect = keyAspectOf(entityTypeOfUrn(urn));
    for (const [name, aspect] of whole.get(urn)?.aspects ?? []) {
      if (name === 'status' || name === keyAspect) continue;
      const ours = runs.get(`${name} ${urn}`);
      if (ours !== undefined && stillTheRuns({ ...ours, latest: latestOf(aspect) }, runId)) continue;
      if (ours === undefined && runIdOf(aspect.systemMetadata) === runId) continue;
      const by = runIdOf(aspect.systemMetadata);
      unsafe.set(urn, `(${name}, by ${by === undefined ? 'a write without a run id' : `run ${by}`})`);
      break;
    }
  }
  return unsafe;
}

function latestOf(aspect: LiveAspect): NonNullable<RunAspect['latest']> {
  const runOf = runIdOf(aspect.systemMetadata);
  return {
    value: aspect.value,
    version: aspect.version ?? '',
    ...(runOf === undefined ? {} : { runId: runOf }),
  };
}

/** The value the run replaced (GET /aspects?version=N, the version before the one it wrote). */
async function withPreviousValue(restli: RestliClient, item: RunAspect, runId: string): Promise<RunAspect> {
  if (item.latest === undefined) return item;
  const theRuns = stillTheRuns(item, runId);
  // A write someone replaced since is compared with what the run replaced only when the record says which that is.
  if (!theRuns && item.written === '') return item;
  const version = replacedVersion(item);
  if (version === undefined) return { ...item, previous: null };
  const previous = await restli.getAspect(item.urn, item.aspect, version);
  return { ...item, previous: previous ?? 'missing' };
}

async function planOf(
  found: FoundRun,
  connection: Connection,
  options: RollbackOptions,
  manifests: Manifests | undefined,
  dir: string,
): Promise<{ plan: Plan; alreadyUndone: number }> {
  const decision = decideRollback(found.runId, found.aspects, found.created, found.unsafe);
  if (decision.missing.length > 0) {
    const named = decision.missing
      .slice(0, 5)
      .map((item) => `${item.aspect} of ${entityLabel(item.name, item.urn)}`)
      .join('; ');
    throw new CatalogError(
      'VERSIONS_GONE',
      `the catalog no longer has the version run ${found.runId} replaced of ${decision.missing.length} aspect${decision.missing.length === 1 ? '' : 's'} (${named}${decision.missing.length > 5 ? '; …' : ''}): it keeps older versions only under a retention policy that keeps more than one. Nothing was written`,
    );
  }
  const deletes = decision.changes.filter((change) => change.kind === 'status' && change.action === 'delete');
  const maxDeletes = options.maxDeletes ?? 0;
  if (deletes.length > maxDeletes) {
    throw new CatalogError(
      'TOO_MANY_DELETES',
      `the rollback would soft-delete ${deletes.length} entit${deletes.length === 1 ? 'y' : 'ies'} run ${found.runId} created (${deletes
        .slice(0, 5)
        .map((change) => entityLabel(change.name, change.urn))
        .join(
          '; ',
        )}${deletes.length > 5 ? '; …' : ''}), more than --max-deletes ${maxDeletes}; review them with --dry-run and raise --max-deletes to allow it`,
    );
  }
  const git =
    manifests === undefined
      ? { revision: null, dirty: false, manifestDir: { local: dir, recorded: '.' } }
      : await readGitProvenance(options.cwd, dir);
  const empty: Plan = {
    formatVersion: PLAN_FORMAT_VERSION,
    tool: { name: 'catalog', version: VERSION },
    target: planTargetOf(connection.target),
    actor: found.record?.actor ?? manifests?.state.settings.actor ?? DEFAULT_ACTOR,
    git,
    options: { prune: false, maxDeletes },
    summary: {
      create: 0,
      update: 0,
      delete: 0,
      termsAttached: 0,
      termsDetached: 0,
      associationsAdded: 0,
      associationsRemoved: 0,
      claimed: 0,
      unchanged: 0,
    },
    changes: [],
    notes: sortNotes(decision.kept),
    rollbackOf: found.runId,
  };
  const plan = withChanges(empty, orderChanges(decision.changes));
  return {
    plan: manifests === undefined ? plan : withEnvironment(plan, manifests.environment, manifests.state),
    alreadyUndone: decision.alreadyUndone,
  };
}

function sortNotes(notes: readonly PlanNote[]): PlanNote[] {
  return [...notes].sort((a, b) => a.urn.localeCompare(b.urn) || a.message.localeCompare(b.message));
}

function plannedRollback(
  plan: Plan,
  found: FoundRun,
  connection: Connection,
  alreadyUndone: number,
): PlannedRollback {
  const runId = newRunId('catalog-rollback');
  return {
    plan,
    target: connection.description,
    runId,
    ...(found.record === undefined ? {} : { record: found.record }),
    alreadyUndone,
    apply: async (applyOptions = {}) => {
      const result = await applyChanges(plan, connection, {
        ...applyOptions,
        planJustMade: true,
        runId,
        task: 'catalog rollback',
      });
      if (result.ok) await markRolledBack(connection.client.restli, found.runId, applyOptions);
      return result;
    },
    close: () => connection.close(),
  };
}

/** As GMS's rollback does (RollbackService.updateExecutionRequestStatus): the undone run's record says so. */
async function markRolledBack(restli: RestliClient, runId: string, options: ApplyOptions): Promise<void> {
  try {
    const read = await restli.batchGet([runRecordUrn(runId)], [RUN_RESULT_ASPECT]);
    const result = read.get(runRecordUrn(runId))?.get(RUN_RESULT_ASPECT)?.value;
    if (result === undefined) return;
    await restli.ingestBatch([runStatusProposal(runId, result, 'ROLLED_BACK', Date.now())]);
  } catch (error) {
    options.onEvent?.({
      type: 'apply-warning',
      message: `the record of run ${runId} could not be marked ROLLED_BACK (${error instanceof Error ? error.message : String(error)})`,
    });
  }
}
