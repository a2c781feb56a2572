import { addToRead, readEntities, type ReadRequest } from '../client/read-live-state.js';
import type { RestliClient } from '../client/restli-client.js';
import { CatalogError } from '../errors.js';
import { MISSING_VERSION, type LiveEntity } from '../model/live-state.js';
import { isJsonObject, type JsonObject } from '../model/json.js';
import { lineLabel } from '../plan/line-names.js';
import { sameIgnoringStamps } from '../plan/normalize.js';
import type { Change } from '../plan/types.js';

export interface StaleAspect {
  readonly id: string;
  /** The aspect and its entity as people read them: `mlModelProperties of fraud-detector (urn:li:mlModel:…)`. */
  readonly what: string;
  readonly seen: string;
  readonly now: string;
  /** The run id the aspect's latest write carries, when it names one: who moved it. */
  readonly runId?: string;
}

/** Reads, in batches, the current state of every aspect the plan writes. */
export async function readPlannedAspects(
  restli: RestliClient,
  changes: readonly Change[],
): Promise<Map<string, LiveEntity>> {
  const request: ReadRequest = new Map();
  for (const change of changes) addToRead(request, change.urn, [change.aspect]);
  return readEntities(restli, request);
}

/** The aspects whose version (or, on servers without versions, value) moved since the plan read them. */
export function findStale(changes: readonly Change[], live: ReadonlyMap<string, LiveEntity>): StaleAspect[] {
  const stale: StaleAspect[] = [];
  for (const change of changes) {
    const aspect = live.get(change.urn)?.aspects.get(change.aspect);
    const now = aspect === undefined ? MISSING_VERSION : (aspect.version ?? '');
    const runId = runIdOf(aspect?.systemMetadata);
    const found = {
      id: change.id,
      what: `${change.aspect} of ${lineLabel(change)}`,
      ...(runId === undefined ? {} : { runId }),
    };
    if (change.versionSeen === '' || now === '') {
      // The server sends no versions: compare the value the plan saw with the value now.
      const before = 'before' in change ? change.before : null;
      if (!sameIgnoringStamps(before ?? undefined, aspect?.value))
        stale.push({ ...found, seen: 'value', now: 'changed' });
    } else if (now !== change.versionSeen) {
      stale.push({ ...found, seen: change.versionSeen, now });
    }
  }
  return stale;
}

/** Refuses a plan made before someone else changed an aspect it writes: apply never overwrites unseen changes. */
export async function checkFresh(restli: RestliClient, changes: readonly Change[]): Promise<void> {
  const stale = findStale(changes, await readPlannedAspects(restli, changes));
  if (stale.length === 0) return;
  const listed = stale
    .slice(0, 20)
    .map(
      (item) =>
        `${item.what} (${item.seen === 'value' ? 'changed' : `version ${item.seen} → ${item.now}`}` +
        `${item.runId === undefined ? '' : `, now written by run ${item.runId}`})`,
    )
    .join('; ');
  throw new CatalogError(
    'STALE_PLAN',
    `the plan is stale: ${stale.length} aspect${stale.length === 1 ? '' : 's'} changed since it was made: ${listed}${
      stale.length > 20 ? '; …' : ''
    }. Nothing was written; make a new plan (catalog reconcile --dry-run) and review it again`,
  );
}

/** DataHub's stand-in for a write that named no run (SystemMetadata.pdl's default runId). */
export const NO_RUN_ID = 'no-run-id-provided';

/** The run a write's system metadata names, if it names one. */
export function runIdOf(systemMetadata: JsonObject | undefined): string | undefined {
  const runId = isJsonObject(systemMetadata) ? systemMetadata['runId'] : undefined;
  return typeof runId === 'string' && runId !== '' && runId !== NO_RUN_ID ? runId : undefined;
}
