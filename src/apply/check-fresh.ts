import { addToRead, readEntities, type ReadRequest } from '../client/read-live-state.js';
import type { RestliClient } from '../client/restli-client.js';
import { CatalogError } from '../errors.js';
import { MISSING_VERSION, type LiveEntity } from '../model/live-state.js';
import { sameIgnoringStamps } from '../plan/normalize.js';
import type { Change } from '../plan/types.js';

export interface StaleAspect {
  readonly id: string;
  readonly seen: string;
  readonly now: string;
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
    if (change.versionSeen === '' || now === '') {
      // The server sends no versions: compare the value the plan saw with the value now.
      const before = 'before' in change ? change.before : null;
      if (!sameIgnoringStamps(before ?? undefined, aspect?.value))
        stale.push({ id: change.id, seen: 'value', now: 'changed' });
    } else if (now !== change.versionSeen) {
      stale.push({ id: change.id, seen: change.versionSeen, now });
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
    .map((item) =>
      item.seen === 'value' ? `${item.id} (changed)` : `${item.id} (version ${item.seen} → ${item.now})`,
    )
    .join('; ');
  throw new CatalogError(
    'STALE_PLAN',
    `the plan is stale: ${stale.length} aspect${stale.length === 1 ? '' : 's'} changed since it was made: ${listed}${
      stale.length > 20 ? '; …' : ''
    }. Nothing was written; make a new plan (catalog reconcile --dry-run) and review it again`,
  );
}
