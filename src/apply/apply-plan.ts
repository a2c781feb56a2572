import { readServerRelease, type DataHubClient } from '../client/datahub-client.js';
import {
  batchRemoveTermsRequest,
  createGlossaryTermsRequest,
  createTermAlias,
  removeTermsAlias,
} from '../client/graphql-documents.js';
import { proposalChunks, RestliError } from '../client/restli-client.js';
import { adaptChanges, adaptationsFor, refusalsFor } from '../client/server-capabilities.js';
import { assertNever, CatalogError } from '../errors.js';
import { isJsonObject, stringOr, type JsonObject } from '../model/json.js';
import { MISSING_VERSION } from '../model/live-state.js';
import type { Proposal } from '../model/proposal.js';
import { phaseOf } from '../plan/create-plan.js';
import { sameIgnoringStamps } from '../plan/normalize.js';
import { markerSystemMetadata, withDeclaredFields, withProvenance } from '../plan/ownership.js';
import type { Change, CreateTermChange, Plan, TermEdgesChange } from '../plan/types.js';
import { checkFresh, readPlannedAspects } from './check-fresh.js';
import { stampAspect } from './stamp.js';
import { errorMessage } from '../model/error-message.js';
import { appendTo } from '../model/group.js';

export type StepStatus = 'applied' | 'failed' | 'skipped';

export interface StepResult {
  readonly change: Change;
  readonly status: StepStatus;
  readonly error?: string;
  /** Failed because someone else changed the aspect after the plan read it (it was not overwritten). */
  readonly conflict?: true;
}

export interface ApplyResult {
  readonly ok: boolean;
  readonly steps: readonly StepResult[];
  readonly applied: number;
  readonly failed: number;
  readonly skipped: number;
}

export interface ApplyOptions {
  /** Every write carries it in systemMetadata.runId, as DataHub's emitters stamp an ingestion run. */
  readonly runId: string;
  /** The digest of the plan (plan-digest.ts), recorded with every write (systemMetadata.properties.planDigest). */
  readonly planDigest?: string;
  /** Told once the plan is checked, just before the first write (the run's record starts then: run-record.ts). */
  readonly onStart?: () => Promise<void>;
  readonly now?: () => number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly onWarning?: (message: string) => void;
  /**
   * The plan was made moments ago in this run, from reads of the versions it writes: re-reading them all
   * again before writing would only repeat those reads (each aspect write still carries If-Version-Match).
   * Saved plans, reviewed and applied later, are always re-checked.
   */
  readonly planJustMade?: boolean;
}

/**
 * GraphQL mutations sent per request (as aliases of one mutation document). GMS runs a request's mutations one
 * after another, so a request must stay well inside the client's 30-second timeout: 100 createGlossaryTerm (each
 * a few aspect writes) do, and creating 10,000 terms took 1.0 s instead of 1.6 s at 50 (bench/floors.js).
 */
const MUTATIONS_PER_REQUEST = 100;

/**
 * Executes a plan, and nothing else. First (unless the plan was just made) every aspect it writes is re-read: a
 * plan made before someone else changed one of them is refused whole. Then the changes are written phase by phase in dependency order,
 * batched, each aspect write carrying If-Version-Match with the version the plan saw. A failure stops the run
 * after its phase: what was applied, what failed and what was skipped is reported, and running again
 * (re-planning) finishes the job.
 */
export async function applyPlan(
  plan: Plan,
  client: DataHubClient,
  options: ApplyOptions,
): Promise<ApplyResult> {
  // Before anything is written: what this DataHub release cannot take is refused whole, and what it takes in
  // another form is adapted (server-capabilities.ts, checked release by release in test/compat).
  const server = await readServerRelease(client.restli);
  const adapted = adaptChanges(server, plan.changes);
  const runnable = adapted.changes === plan.changes ? plan : { ...plan, changes: adapted.changes };
  const refusals = refusalsFor(server, runnable.changes);
  if (refusals.length > 0) {
    throw new CatalogError('UNSUPPORTED_SERVER', `${refusals.join('; ')}; nothing was written`);
  }
  const adaptations = adaptationsFor(server);
  for (const warning of [
    ...adaptations.warnings,
    ...(adapted.warning === undefined ? [] : [adapted.warning]),
  ])
    options.onWarning?.(warning);
  // Without conditional writes the server cannot catch a stale read, so the versions are re-read just before.
  if (options.planJustMade !== true || adaptations.withoutProposalHeaders) {
    await checkFresh(client.restli, runnable.changes);
  }
  await options.onStart?.();
  const executor = new Executor(runnable, client, options, !adaptations.withoutProposalHeaders);
  return executor.run();
}

/**
 * The header that has GMS update its search, graph and system-metadata indexes before it answers a write
 * (Constants.SYNC_INDEX_UPDATE_HEADER_NAME, honoured from v1.0.0; older releases ignore an unknown header): the
 * apply's writes are then in DataHub's search, lineage and runs (`/runs?action=describe`) when it returns.
 */
export const SYNC_INDEX_HEADER = 'X-DataHub-Sync-Index-Update';

/** The systemMetadata of one write of a run: the marker, the run id, and the plan's digest (and rollback). */
export function runSystemMetadata(plan: Plan, options: ApplyOptions, now: number): JsonObject {
  const marker = markerSystemMetadata(plan.actor, options.runId, now);
  const properties = isJsonObject(marker['properties']) ? marker['properties'] : {};
  // A rollback restores values others may have written: its writes claim nothing (no ownership marker), so that
  // nothing restored becomes the tool's to prune; they name the run they undo.
  const base =
    plan.rollbackOf === undefined
      ? properties
      : { clientId: properties['clientId'] ?? 'catalog', rollbackOf: plan.rollbackOf };
  return {
    ...marker,
    properties: {
      ...base,
      ...(options.planDigest === undefined ? {} : { planDigest: options.planDigest }),
    },
  };
}

class Executor {
  private readonly results = new Map<string, StepResult>();
  private done = 0;
  private readonly now: () => number;

  constructor(
    private readonly plan: Plan,
    private readonly client: DataHubClient,
    private readonly options: ApplyOptions,
    /** False on a release known to lack MCP headers, or once a server has refused them. */
    private headersSupported: boolean,
  ) {
    this.now = options.now ?? Date.now;
  }

  async run(): Promise<ApplyResult> {
    const phases = new Map<number, Change[]>();
    for (const change of this.plan.changes) appendTo(phases, phaseOf(change), change);
    let failed = false;
    for (const phase of [...phases.keys()].sort((a, b) => a - b)) {
      const changes = phases.get(phase) ?? [];
      if (failed) {
        for (const change of changes) this.record(change, 'skipped', 'an earlier step failed');
        continue;
      }
      await this.runPhase(changes);
      failed = changes.some((change) => this.results.get(change.id)?.status === 'failed');
    }
    const steps = this.plan.changes.map(
      (change) => this.results.get(change.id) ?? { change, status: 'skipped' as const },
    );
    const count = (status: StepStatus): number => steps.filter((step) => step.status === status).length;
    return {
      ok: !failed,
      steps,
      applied: count('applied'),
      failed: count('failed'),
      skipped: count('skipped'),
    };
  }

  private async runPhase(changes: readonly Change[]): Promise<void> {
    const creates: CreateTermChange[] = [];
    const writes: Change[] = [];
    const removals: TermEdgesChange[] = [];
    for (const change of changes) {
      switch (change.kind) {
        case 'createGlossaryTerm':
          creates.push(change);
          break;
        case 'termEdges':
          if (isGraphQLRemoval(change)) removals.push(change);
          else writes.push(change);
          break;
        case 'upsertAspect':
        case 'status':
        case 'associations':
          writes.push(change);
          break;
        default:
          assertNever(change);
      }
    }
    await this.createTerms(creates);
    const statusMarks = creates.filter((change) => this.results.get(change.id)?.status === 'applied');
    await this.writeAspects(writes, statusMarks);
    await this.removeTerms(removals);
  }

  /** createGlossaryTerm, many per request as aliased mutations. */
  private async createTerms(changes: readonly CreateTermChange[]): Promise<void> {
    const chunks: CreateTermChange[][] = [];
    for (let start = 0; start < changes.length; start += MUTATIONS_PER_REQUEST) {
      chunks.push(changes.slice(start, start + MUTATIONS_PER_REQUEST));
    }
    // The requests go out together; the HTTP client keeps `parallelism` of them in flight.
    await Promise.all(chunks.map((chunk) => this.createTermChunk(chunk)));
  }

  private async createTermChunk(chunk: readonly CreateTermChange[]): Promise<void> {
    const request = createGlossaryTermsRequest(
      chunk.map((change) => ({
        id: change.termId,
        name: change.name,
        description: change.description,
        ...(change.parentNode === undefined ? {} : { parentNode: change.parentNode }),
      })),
    );
    const outcome = await this.client.graphql
      .executeRaw(request.query, request.variables, request.what)
      .catch((error: unknown) => lostAnswer(error));
    const unresolved: { change: CreateTermChange; error: string }[] = [];
    chunk.forEach((change, index) => {
      const alias = createTermAlias(index);
      if (typeof outcome.data?.[alias] === 'string') this.record(change, 'applied');
      else {
        const error = outcome.errors.find((item) => item.path === alias || item.path === undefined);
        unresolved.push({ change, error: error?.message ?? 'no answer' });
      }
    });
    // "already exists" after a lost answer is our own earlier attempt: check what is there now.
    await this.resolveByReading(unresolved);
  }

  /** Aspect writes through ingestProposalBatch (at most 200 proposals and 15 MiB per request). */
  private async writeAspects(
    changes: readonly Change[],
    statusMarks: readonly CreateTermChange[],
  ): Promise<void> {
    const changeOf = new Map<Proposal, Change>();
    // The batches of a phase are independent (dependency order is between phases), and each one's failure is
    // resolved on its own. They are made as places free up, not all before the first is sent: a phase of 75,000
    // proposals took a second to make and measure, with nothing in flight. `parallelism` senders each make the
    // next batch and send it.
    const batches = proposalChunks(this.proposalsOf(changes, statusMarks, changeOf));
    const send = async (): Promise<void> => {
      for (let next = batches.next(); next.done !== true; next = batches.next()) {
        const chunk = next.value;
        const chunkChanges = [...new Set(chunk.map((proposal) => changeOf.get(proposal) as Change))];
        for (const proposal of chunk) changeOf.delete(proposal);
        try {
          await this.ingest(chunk);
          for (const change of chunkChanges) if (!this.results.has(change.id)) this.record(change, 'applied');
        } catch (error) {
          await this.resolveByReading(chunkChanges.map((change) => ({ change, error: errorMessage(error) })));
        }
      }
    };
    await Promise.all(Array.from({ length: this.client.parallelism }, send));
  }

  /**
   * The proposals of a phase's aspect writes, made one at a time as they are batched: each change's aspect, stamped,
   * with the status mark of an entity it creates, then the marks of the terms created. Each proposal's change is
   * kept in `changeOf`.
   */
  private *proposalsOf(
    changes: readonly Change[],
    statusMarks: readonly CreateTermChange[],
    changeOf: Map<Proposal, Change>,
  ): Generator<Proposal> {
    const now = this.now();
    const systemMetadata = runSystemMetadata(this.plan, this.options, now);
    const remember = (change: Change, proposal: Proposal): Proposal => {
      changeOf.set(proposal, change);
      return proposal;
    };
    for (const change of changes) {
      const stamped = stampAspect(change.after, this.plan.actor, now);
      yield remember(change, this.proposalFor(change, change.aspect, stamped, systemMetadata));
      if (change.kind === 'upsertAspect' && change.markStatus)
        yield remember(change, this.statusMark(change, systemMetadata));
    }
    for (const change of statusMarks) yield remember(change, this.statusMark(change, systemMetadata));
  }

  /** Sends a batch; on a server that refuses the MCP `headers` field, warns once and sends without it. */
  private async ingest(chunk: readonly Proposal[]): Promise<void> {
    try {
      await this.client.restli.ingestBatch(this.headersSupported ? chunk : chunk.map(withoutHeaders));
    } catch (error) {
      const refusesHeaders =
        error instanceof RestliError &&
        (error.status === 400 || error.status === 422 || error.status === 500) &&
        /unrecognized field found but not allowed/i.test(error.serverMessage) &&
        /headers/i.test(error.serverMessage);
      if (!this.headersSupported || !refusesHeaders) throw error;
      this.headersSupported = false;
      this.options.onWarning?.(
        'this DataHub does not accept conditional-write headers (an older release); relying on the version check made before writing',
      );
      await this.client.restli.ingestBatch(chunk.map(withoutHeaders));
    }
  }

  /** Dataset-level edge removals, grouped by the set of terms removed, in one GraphQL request. */
  private async removeTerms(changes: readonly TermEdgesChange[]): Promise<void> {
    if (changes.length === 0) return;
    const groups = new Map<string, TermEdgesChange[]>();
    for (const change of changes) {
      const key = JSON.stringify(change.removed.map((edge) => edge.termUrn).sort());
      appendTo(groups, key, change);
    }
    const entries = [...groups.entries()];
    const request = batchRemoveTermsRequest(
      entries.map(([key, group]) => ({
        termUrns: JSON.parse(key) as string[],
        resourceUrns: group.map((change) => change.urn),
      })),
    );
    const outcome = await this.client.graphql
      .executeRaw(request.query, request.variables, request.what)
      .catch((error: unknown) => lostAnswer(error));
    const unresolved: { change: Change; error: string }[] = [];
    entries.forEach(([, group], index) => {
      const alias = removeTermsAlias(index);
      const error = outcome.errors.find((item) => item.path === alias || item.path === undefined);
      for (const change of group) {
        if (outcome.data?.[alias] === true) this.record(change, 'applied');
        else unresolved.push({ change, error: error?.message ?? 'no answer' });
      }
    });
    await this.resolveByReading(unresolved);
  }

  /**
   * After a failed or unanswered write: re-read the aspects. One that already holds the intended value was
   * written (the answer was lost, or a retry met the tool's own write); one still at the version the plan saw
   * is written again on its own; anything else was changed by someone else and is reported as failed.
   */
  private async resolveByReading(items: readonly { change: Change; error: string }[]): Promise<void> {
    if (items.length === 0) return;
    const live = await readPlannedAspects(
      this.client.restli,
      items.map((item) => item.change),
    );
    for (const { change, error } of items) {
      const aspect = live.get(change.urn)?.aspects.get(change.aspect);
      if (reached(change, aspect?.value)) {
        this.record(change, 'applied');
        continue;
      }
      const unchanged =
        (aspect?.version ?? (aspect === undefined ? MISSING_VERSION : '')) === change.versionSeen;
      if (unchanged && change.kind !== 'createGlossaryTerm' && !isGraphQLRemoval(change)) {
        try {
          const now = this.now();
          await this.ingest([
            this.proposalFor(
              change,
              change.aspect,
              stampAspect(change.after, this.plan.actor, now),
              runSystemMetadata(this.plan, this.options, now),
            ),
          ]);
          this.record(change, 'applied');
        } catch (retryError) {
          this.record(change, 'failed', errorMessage(retryError));
        }
        continue;
      }
      if (unchanged) this.record(change, 'failed', error);
      else
        this.record(
          change,
          'failed',
          `${error} (the aspect was changed by someone else since the plan was made)`,
          true,
        );
    }
  }

  private proposalFor(
    change: Change,
    aspectName: string,
    aspect: JsonObject,
    systemMetadata: JsonObject,
  ): Proposal {
    return {
      entityType: change.entityType,
      entityUrn: change.urn,
      changeType: 'UPSERT',
      aspectName,
      aspect,
      // The fields written because the manifest declared them: removing such a line later clears only those.
      systemMetadata: withDeclaredFields(
        withProvenance(systemMetadata, change.source, this.plan.git),
        change.kind === 'upsertAspect' || change.kind === 'associations' ? change.declared : undefined,
      ),
      headers: {
        [SYNC_INDEX_HEADER]: 'true',
        ...(change.versionSeen === '' ? {} : { 'If-Version-Match': change.versionSeen }),
      },
    };
  }

  /** status {removed: false} with the tool's marker: how a created entity is known later to be this tool's. */
  private statusMark(change: Change, systemMetadata: JsonObject): Proposal {
    return {
      entityType: change.entityType,
      entityUrn: change.urn,
      changeType: 'UPSERT',
      aspectName: 'status',
      aspect: { removed: false },
      systemMetadata: withProvenance(systemMetadata, change.source, this.plan.git),
      headers: { [SYNC_INDEX_HEADER]: 'true' },
    };
  }

  private record(change: Change, status: StepStatus, error?: string, conflict = false): void {
    this.results.set(change.id, {
      change,
      status,
      ...(error === undefined ? {} : { error }),
      ...(conflict ? { conflict: true as const } : {}),
    });
    if (status !== 'skipped') {
      this.done += 1;
      this.options.onProgress?.(this.done, this.plan.changes.length);
    }
  }
}

/**
 * Removing dataset-level edges only is what batchRemoveTerms does best; every other edge change is an aspect
 * write (column edits need no schema that way, and additions and claims carry the ownership marker).
 */
export function isGraphQLRemoval(change: Change): change is TermEdgesChange {
  return (
    change.kind === 'termEdges' &&
    change.aspect === 'glossaryTerms' &&
    change.added.length === 0 &&
    (change.claimed?.length ?? 0) === 0
  );
}

/** Whether the live value is what the change meant to write. */
export function reached(change: Change, live: JsonObject | undefined): boolean {
  if (live === undefined) return false;
  if (isGraphQLRemoval(change)) {
    const terms = Array.isArray(live['terms']) ? live['terms'] : [];
    const removed = new Set(change.removed.map((edge) => edge.termUrn));
    return !terms.some((term) => isJsonObject(term) && removed.has(stringOr(term['urn'])));
  }
  return sameIgnoringStamps(live, change.after);
}

/** A request that failed as a whole (after the client's retries): every item in it is checked by reading. */
function lostAnswer(error: unknown): { data: undefined; errors: { message: string; path?: string }[] } {
  return { data: undefined, errors: [{ message: errorMessage(error) }] };
}

function withoutHeaders(proposal: Proposal): Proposal {
  const { headers, ...rest } = proposal;
  return rest;
}
