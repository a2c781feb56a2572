/**
 * Read-back verification: after an apply, every aspect it wrote is read again (in batches, as the plan's reads) and
 * compared with what the plan meant to write, ignoring audit stamps. "200 OK" says the server took a write; only
 * reading it back says the catalog now holds it (a proxy, a rule or a bug may drop one silently). Each aspect that
 * does not read back as planned is a failure naming the entity, the aspect and the first field that differs.
 *
 * The reads go to GMS's primary store, which every write of the apply has reached before it was answered (the
 * writes are sent with async "false"). Releases from v1.0.0 also bring their indexes up to date before answering
 * (apply-plan.ts SYNC_INDEX_HEADER); against an older one, or any server whose answer may come before its write is
 * visible, an aspect that does not read back yet is read again, a few times, for at most `settleMs`.
 */
import { readPlannedAspects } from './check-fresh.js';
import { isGraphQLRemoval, reached, type StepResult } from './apply-plan.js';
import type { RestliClient } from '../client/restli-client.js';
import { diffJson } from '../model/json-diff.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { stripStamps } from '../plan/normalize.js';
import type { Change } from '../plan/types.js';

/** One aspect an apply wrote, and what it should read back as. */
interface Written {
  readonly change: Change;
  readonly aspect: string;
  /** The status mark a create writes beside its aspect ({removed: false}); absent: the change's own aspect. */
  readonly mark?: true;
}

/** An aspect that did not read back as planned. */
export interface VerifyFailure {
  readonly change: Change;
  readonly aspect: string;
  /** The first field that differs (`description`, `terms[1].urn`), or `(aspect)` when the aspect is missing. */
  readonly field: string;
  readonly expected?: JsonValue;
  readonly found?: JsonValue;
}

export interface Verification {
  /** Aspects read back. */
  readonly checked: number;
  /** Of those, the ones that read back as planned. */
  readonly verified: number;
  readonly failures: readonly VerifyFailure[];
  /** The version each aspect read back at, by `<aspect> <urn>` (what the run left it at; run-record.ts). */
  readonly versions: ReadonlyMap<string, string>;
}

export interface VerifyOptions {
  /** How long at most to wait for writes to become visible (0: read once). */
  readonly settleMs: number;
  /** Waits this long; passed in so that a test decides time (default: a timer). */
  readonly wait?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

/** The first delay between reads of aspects that did not read back yet; each next one is twice as long. */
const FIRST_DELAY_MS = 200;

/** Reads back the aspects of the applied steps and compares each with what the plan wrote. */
export async function verifyWrites(
  restli: RestliClient,
  steps: readonly StepResult[],
  options: VerifyOptions,
): Promise<Verification> {
  const written = writtenAspects(steps);
  const now = options.now ?? Date.now;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + options.settleMs;
  const versions = new Map<string, string>();
  let pending = written;
  let failures: VerifyFailure[] = [];
  for (let delay = FIRST_DELAY_MS; ; delay *= 2) {
    const live = await readPlannedAspects(
      restli,
      pending.map(({ change, aspect }) => ({ ...change, aspect })),
    );
    failures = [];
    const again: Written[] = [];
    for (const item of pending) {
      const aspect = live.get(item.change.urn)?.aspects.get(item.aspect);
      if (aspect?.version !== undefined) versions.set(`${item.aspect} ${item.change.urn}`, aspect.version);
      const failure = compare(item, live.get(item.change.urn));
      if (failure === undefined) continue;
      failures.push(failure);
      again.push(item);
    }
    pending = again;
    if (pending.length === 0 || now() + delay > deadline) break;
    await wait(delay);
  }
  return { checked: written.length, verified: written.length - failures.length, failures, versions };
}

/** The aspects the applied steps wrote: each change's own, and the status mark of each create. */
function writtenAspects(steps: readonly StepResult[]): Written[] {
  const written: Written[] = [];
  for (const { change, status } of steps) {
    if (status !== 'applied') continue;
    written.push({ change, aspect: change.aspect });
    const marks =
      change.kind === 'createGlossaryTerm' || (change.kind === 'upsertAspect' && change.markStatus);
    if (marks) written.push({ change, aspect: 'status', mark: true });
  }
  return written;
}

const STATUS_MARK: JsonObject = { removed: false };

function compare(item: Written, entity: LiveEntity | undefined): VerifyFailure | undefined {
  const live = entity?.aspects.get(item.aspect)?.value;
  const { change, aspect } = item;
  if (item.mark === true) {
    return live?.['removed'] === false ? undefined : mismatch(item, STATUS_MARK, live);
  }
  if (reached(change, live)) return undefined;
  if (isGraphQLRemoval(change)) {
    // The terms it removed are still there: name the first one.
    const terms = JSON.stringify(live?.['terms'] ?? []);
    const left = change.removed.find((edge) => terms.includes(JSON.stringify(edge.termUrn)));
    return {
      change,
      aspect,
      field: 'terms',
      expected: `without ${left?.termUrn ?? 'the removed terms'}`,
      ...(live?.['terms'] === undefined ? {} : { found: live['terms'] }),
    };
  }
  return mismatch(item, change.after, live);
}

function mismatch(item: Written, expected: JsonObject, live: JsonObject | undefined): VerifyFailure {
  const { change, aspect } = item;
  if (live === undefined) return { change, aspect, field: '(aspect)', expected };
  const first = diffJson(stripStamps(expected), stripStamps(live))[0];
  return {
    change,
    aspect,
    field: first?.path ?? '(value)',
    ...(first?.before === undefined ? {} : { expected: first.before }),
    ...(first?.after === undefined ? {} : { found: first.after }),
  };
}
