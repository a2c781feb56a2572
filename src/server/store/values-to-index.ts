import type Database from 'better-sqlite3';
import type { JsonObject } from '../../model/json.js';
import { latestAspectMaps } from './latest-aspect-maps.js';
import type { StoredAspect } from './stored-aspect.js';

/**
 * The most entities whose values are kept for indexing: a bulk load of 50,000 entities is indexed from memory;
 * a writer that never pauses long enough for indexing does not grow the cache without end.
 */
const MAX_KEPT_TO_INDEX = 100_000;

/**
 * The latest aspect values of entities committed by this connection and not yet indexed, as they were when their
 * last writing transaction committed: indexing them reads these instead of reading the rows back and parsing
 * their JSON again. Valid while no other connection commits (`cachedAt`, SQLite's data_version); an entity
 * written without a preload is dropped from it.
 */
export class ValuesToIndex {
  private readonly values = new Map<string, ReadonlyMap<string, JsonObject>>();
  private cachedAt: number | undefined;

  constructor(
    private readonly db: Database.Database,
    /** SQLite's data_version of this connection now. */
    private readonly dataVersion: () => number | undefined,
  ) {}

  /** The entity was written again (or deleted): its kept values, if any, are no longer its latest. */
  forget(urn: string): void {
    this.values.delete(urn);
  }

  /**
   * After a commit: the values of the preloaded entities it wrote are kept for indexing; `dataVersion` is the
   * connection's as it committed.
   */
  keep(
    written: ReadonlySet<string>,
    loaded: ReadonlyMap<string, ReadonlyMap<string, StoredAspect>> | undefined,
    dataVersion: number,
  ): void {
    if (this.cachedAt !== dataVersion) {
      this.values.clear();
      this.cachedAt = dataVersion;
    }
    for (const urn of written) {
      const aspects = loaded?.get(urn);
      if (aspects === undefined || this.values.size >= MAX_KEPT_TO_INDEX) {
        this.values.delete(urn);
        continue;
      }
      const values = new Map<string, JsonObject>();
      for (const [name, stored] of aspects) values.set(name, stored.value);
      this.values.set(urn, values);
    }
  }

  /**
   * What the index is derived from: the latest aspects of these entities, kept from their commit (and forgotten
   * once taken) or read.
   */
  take(urns: readonly string[]): Map<string, ReadonlyMap<string, JsonObject>> {
    if (this.values.size > 0 && this.dataVersion() !== this.cachedAt) this.values.clear();
    const missing = urns.filter((urn) => !this.values.has(urn));
    const result = new Map<string, ReadonlyMap<string, JsonObject>>(
      missing.length === 0 ? [] : latestAspectMaps(this.db, missing),
    );
    for (const urn of urns) {
      const kept = this.values.get(urn);
      if (kept === undefined) continue;
      this.values.delete(urn);
      // As latestAspectMaps: an entity without aspects is left out.
      if (kept.size > 0) result.set(urn, kept);
    }
    return result;
  }
}
