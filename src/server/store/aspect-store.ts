/**
 * The embedded catalog's store: versioned aspects in metadata_aspect_v2, timeseries events, and the search and
 * relationship indexes derived from them (EntityIndex), all in one SQLite file.
 */
import type Database from 'better-sqlite3';
import type { JsonObject } from '../../model/json.js';
import { prepareAspectStatements, type AspectStatements } from './aspect-statements.js';
import { leaveWriteAheadLog, openCatalogFile, returnToWriteAheadLog } from './catalog-file.js';
import { EntityIndex, type IndexLoad } from './entity-index.js';
import { IndexQueue } from './index-queue.js';
import { latestAspectMap } from './latest-aspect-maps.js';
import { migrate } from './migrations.js';
import { moveTimeseriesRows } from './move-timeseries-rows.js';
import { readReferencesTo } from './read-references.js';
import { RunIndex } from './run-index.js';
import { stampedMetadata, toStored, type StoredAspect, type StoredRow } from './stored-aspect.js';
import { TimeseriesStore } from './timeseries-store.js';
import { ValuesToIndex } from './values-to-index.js';
import { writeAspect, type WriteResult } from './write-aspect.js';

export { latestAspectMap, latestAspectMaps } from './latest-aspect-maps.js';
export { versionOf, type StoredAspect, type StoredRow } from './stored-aspect.js';
export type { WriteResult } from './write-aspect.js';

/** A transaction `openTransaction` began: the caller ends it one way or the other, once. */
export interface OpenTransaction {
  commit(): void;
  rollback(): void;
}

/**
 * Durable storage of versioned aspects in SQLite (WAL). Every method is synchronous; callers wrap a request's
 * writes in `transaction` so that a batch is all or nothing.
 */
export class AspectStore {
  private readonly db: Database.Database;
  private readonly statements: AspectStatements;
  /** Values of entities committed and not yet indexed, to index them from (see ValuesToIndex). */
  private readonly toIndex: ValuesToIndex;
  /** Search and relationship indexes, brought up to date with the aspects before every read. */
  readonly index: EntityIndex;
  /** Entities written but not yet indexed (see `indexAfterCommit`). */
  private readonly indexQueue: IndexQueue;
  /** Timeseries aspects, one row per event (not versioned). */
  readonly timeseries: TimeseriesStore;
  /** Which run wrote each latest aspect (GMS's system-metadata index). */
  readonly runs: RunIndex;

  constructor(file: string) {
    this.db = openCatalogFile(file);
    // A database written by an older build gets its indexes built from its aspects while migrating.
    migrate(this.db, {
      rebuildIndexes: () => new EntityIndex(this.db, (urn) => latestAspectMap(this.db, urn)).rebuildAll(),
      moveTimeseries: () => moveTimeseriesRows(this.db),
    });
    this.statements = prepareAspectStatements(this.db);
    this.toIndex = new ValuesToIndex(this.db, () => this.statements.dataVersion.get());
    this.index = new EntityIndex(
      this.db,
      (urn) => latestAspectMap(this.db, urn),
      () => this.indexQueue.flushAll(),
      (urns) => this.toIndex.take(urns),
    );
    this.indexQueue = new IndexQueue(this.db, this.index);
    // Entities a crash left unindexed are indexed before anything is served.
    this.indexQueue.flushAll();
    this.timeseries = new TimeseriesStore(this.db);
    this.runs = new RunIndex(this.db);
  }

  /** Entities the open transaction wrote, noted for indexing when it commits (see `indexAfterCommit`). */
  private written: Set<string> | undefined;

  /**
   * The latest aspects of entities the open transaction preloaded (`preload`), kept equal to what it has written
   * since: `get` answers from here without a query. Dropped when a savepoint rolls back (it may hold undone writes).
   */
  private loaded: Map<string, Map<string, StoredAspect>> | undefined;

  /**
   * Runs `work` in one transaction: everything it writes lands, or nothing does. A nested call is a savepoint.
   * The outermost transaction notes the entities its work wrote, once each however many savepoints wrote them,
   * in the same transaction; they are indexed once writes pause, or before the next index read.
   */
  transaction<T>(work: () => T): T {
    if (this.db.inTransaction) {
      try {
        return this.db.transaction(work)();
      } catch (error) {
        // The savepoint is rolled back: what was preloaded may hold its writes. Later reads go to the rows.
        this.loaded = undefined;
        throw error;
      }
    }
    const open = this.begin();
    let result: T;
    try {
      result = work();
    } catch (error) {
      open.rollback();
      throw error;
    }
    open.commit();
    return result;
  }

  /**
   * Opens a transaction that stays open across awaits, for a bulk load whose rows arrive from another thread:
   * `transaction`'s bookkeeping, ended by the caller. Nothing else may use the store until it ends. When no other
   * connection has the catalog open, the load is written with a rollback journal (see leaveWriteAheadLog).
   */
  openTransaction(): OpenTransaction {
    if (this.db.inTransaction) throw new Error('a transaction is already open');
    this.indexQueue.pause();
    const journaled = leaveWriteAheadLog(this.db);
    const ended = (): void => {
      if (journaled) returnToWriteAheadLog(this.db);
      this.indexQueue.resume();
    };
    let open: OpenTransaction;
    try {
      open = this.begin();
    } catch (error) {
      ended();
      throw error;
    }
    const end = (finish: () => void): void => {
      try {
        finish();
      } finally {
        ended();
      }
    };
    return {
      commit: () => end(() => open.commit()),
      rollback: () => end(() => open.rollback()),
    };
  }

  /** Begins the outermost transaction; `commit` notes the entities it wrote for indexing, in it. */
  private begin(): OpenTransaction {
    const written = new Set<string>();
    // IMMEDIATE: writes here read before they write (versions, current values); taking the write lock first
    // makes another connection's concurrent commit a wait (busy timeout), not an immediate SQLITE_BUSY.
    this.statements.begin.run();
    this.written = written;
    this.loaded = undefined;
    const end = (): void => {
      this.written = undefined;
      this.loaded = undefined;
    };
    return {
      commit: () => {
        let loaded: Map<string, Map<string, StoredAspect>> | undefined;
        let dataVersion = 0;
        try {
          this.indexQueue.mark(written);
          loaded = this.loaded;
          // Read under the write lock: no other connection can commit between this and our commit.
          if (loaded !== undefined) dataVersion = this.statements.dataVersion.get() ?? 0;
          end();
          this.statements.commit.run();
        } catch (error) {
          end();
          if (this.db.inTransaction) this.statements.rollback.run();
          throw error;
        }
        if (written.size > 0) {
          this.toIndex.keep(written, loaded, dataVersion);
          this.indexQueue.schedule();
        }
      },
      rollback: () => {
        end();
        // SQLite may have rolled it back already (some errors end the transaction themselves).
        if (this.db.inTransaction) this.statements.rollback.run();
      },
    };
  }

  /**
   * Reads the latest aspects of these entities in one query, for the open transaction to write them: `get` then
   * answers from memory (a bulk load of new entities would otherwise spend a query per aspect finding nothing), and
   * once it commits their values are indexed from memory too.
   */
  preload(urns: readonly string[]): void {
    if (this.written === undefined) throw new Error('preload outside a transaction');
    this.loaded ??= new Map();
    const missing = urns.filter((urn) => !this.loaded?.has(urn));
    for (const urn of missing) this.loaded.set(urn, new Map());
    if (missing.length === 0) return;
    for (const row of this.statements.latestOfUrns.all(JSON.stringify(missing))) {
      this.loaded.get(row.urn)?.set(row.aspect, toStored(row));
    }
  }

  /**
   * Notes entities whose aspects the open transaction writes: their search and relationship rows are re-derived
   * from their latest aspects after it commits, before anything reads the indexes.
   */
  indexAfterCommit(urns: Iterable<string>): void {
    if (this.written === undefined) throw new Error('indexAfterCommit outside a transaction');
    for (const urn of urns) this.written.add(urn);
  }

  get(urn: string, aspect: string, version = 0): StoredAspect | undefined {
    const preloaded = version === 0 ? this.loaded?.get(urn) : undefined;
    if (preloaded !== undefined) return preloaded.get(aspect);
    const row = this.statements.get.get(urn, aspect, version);
    return row === undefined ? undefined : toStored(row);
  }

  /**
   * Latest rows of the given aspects of many entities in one query (batch_get), by URN, in no particular order
   * within an entity; values and system metadata are left as the stored JSON text.
   */
  latestRowsOfMany(urns: readonly string[], aspects: readonly string[]): Map<string, StoredRow[]> {
    const result = new Map<string, StoredRow[]>();
    for (const row of this.statements.latestOfMany.all(JSON.stringify(urns), JSON.stringify(aspects))) {
      const list = result.get(row.urn) ?? [];
      list.push(row);
      result.set(row.urn, list);
    }
    return result;
  }

  /** Latest values of the given aspects (all aspects when `aspects` is undefined) of one entity. */
  latestAspects(urn: string, aspects?: readonly string[]): StoredAspect[] {
    if (aspects === undefined) return this.statements.latestOfUrn.all(urn).map(toStored);
    return aspects.flatMap((aspect) => this.get(urn, aspect) ?? []);
  }

  /** Whether any entity has an aspect stored (what `storedUrns` looks for). */
  holdsAspects(): boolean {
    return this.statements.holdsAspects.get() === 1;
  }

  /** Of these entities, those with any aspect stored. */
  storedUrns(urns: readonly string[]): Set<string> {
    return new Set(urns.length === 0 ? [] : this.statements.storedUrns.all(JSON.stringify(urns)));
  }

  /**
   * Writes the first version of an aspect of an entity the open transaction knows has none stored: the row `write`
   * makes then, without reading first. The entity is not noted for indexing: the caller indexes it in the same
   * transaction (`beginIndexLoad`), or notes it (`indexAfterCommit`).
   */
  insertFirstVersion(
    urn: string,
    aspect: string,
    text: string,
    systemMetadata: JsonObject,
    actor: string,
    now: number,
  ): void {
    if (this.written === undefined) throw new Error('insertFirstVersion outside a transaction');
    const stamped = JSON.stringify(stampedMetadata(systemMetadata, now, '1'));
    this.statements.insert.run(urn, aspect, 0, text, stamped, now, actor);
  }

  /**
   * Indexing for a bulk load of entities the catalog did not hold, from what their aspects derive to (worked out
   * by the caller), in the open transaction: see EntityIndex.beginLoad. Entities indexed here are not noted for
   * indexing.
   */
  beginIndexLoad(): IndexLoad {
    if (this.written === undefined) throw new Error('beginIndexLoad outside a transaction');
    return this.index.beginLoad();
  }

  /** Writes the latest value of an aspect, keeping the previous one as a history row. */
  write(
    urn: string,
    aspect: string,
    value: JsonObject,
    systemMetadata: JsonObject,
    actor: string,
    now: number,
    /** The latest stored version, when the caller has just read it (saves reading it again). */
    known?: StoredAspect | null,
    /** The JSON text of `value`, when the caller has it already (serialized once). */
    text?: string,
  ): WriteResult {
    const current = known === undefined ? this.get(urn, aspect) : (known ?? undefined);
    const preloaded = this.loaded?.get(urn);
    this.toIndex.forget(urn);
    const write = { urn, aspect, value, systemMetadata, actor, now, text };
    return writeAspect(this.statements, write, current, preloaded);
  }

  /**
   * Every stored version of an entity's aspects (or of one aspect), newest first: the latest (row version 0) and
   * the kept history rows.
   */
  history(urn: string, aspect?: string): StoredAspect[] {
    const rows =
      aspect === undefined
        ? this.statements.history.all(urn)
        : this.statements.historyOfAspect.all(urn, aspect);
    return rows.map(toStored);
  }

  /**
   * Removes every stored version of every aspect of an entity (DataHub's EbeanAspectDao.deleteUrn) and answers
   * how many rows went. Its search and relationship rows go when the transaction commits, before any index read
   * (the entity has no key aspect left, so indexing it removes it); the relationship rows of other entities that
   * point at it go now, as GMS's graph index drops a deleted node's edges both ways (GraphService.removeNode).
   * Run inside a transaction.
   */
  deleteUrn(urn: string): number {
    const rows = this.statements.deleteUrn.run(urn).changes;
    this.loaded?.get(urn)?.clear();
    this.toIndex.forget(urn);
    this.statements.deleteIncoming.run(urn);
    this.indexAfterCommit([urn]);
    return rows;
  }

  /**
   * Rolls an aspect back, as GMS's rollback does (EntityServiceImpl.deleteAspectWithoutMCL at v1.7.0): the older
   * versions in `undone` are deleted, and `surviving` (an older version) becomes the latest again, its row going.
   * Run inside a transaction.
   */
  restoreVersion(urn: string, aspect: string, undone: readonly number[], surviving: StoredRow): void {
    for (const version of undone) this.statements.deleteVersion.run(urn, aspect, version);
    this.statements.updateLatest.run(
      surviving.metadata,
      surviving.systemmetadata,
      surviving.createdon,
      surviving.createdby,
      urn,
      aspect,
    );
    this.statements.deleteVersion.run(urn, aspect, surviving.version);
    this.loaded?.get(urn)?.delete(aspect);
    this.toIndex.forget(urn);
    this.indexAfterCommit([urn]);
  }

  /** Removes every version of one aspect of an entity; answers how many rows went. Run inside a transaction. */
  deleteAspect(urn: string, aspect: string): number {
    const rows = this.statements.deleteAspect.run(urn, aspect).changes;
    this.loaded?.get(urn)?.delete(aspect);
    this.toIndex.forget(urn);
    this.indexAfterCommit([urn]);
    return rows;
  }

  /** Removes an entity's events of these timeseries aspects in a time window (inclusive); answers how many. */
  deleteTimeseries(
    urn: string,
    aspects: readonly string[],
    window: { readonly startTimeMillis?: number; readonly endTimeMillis?: number } = {},
  ): number {
    return this.statements.deleteTimeseries.run(
      urn,
      JSON.stringify(aspects),
      window.startTimeMillis ?? Number.MIN_SAFE_INTEGER,
      window.endTimeMillis ?? Number.MAX_SAFE_INTEGER,
    ).changes;
  }

  /**
   * The entities whose latest aspects point at `urn`, with the relationship's name, sorted: what GMS's graph
   * index answers for a node's incoming edges (see readReferencesTo).
   */
  referencesTo(urn: string): { readonly source: string; readonly name: string }[] {
    return readReferencesTo(this.db, this.statements, urn, this.written ?? []);
  }

  /** URNs whose latest key aspect is stored, sorted, one page at a time. */
  listUrns(keyAspect: string, start: number, count: number): { urns: string[]; total: number } {
    const urns = this.statements.listUrns.all(keyAspect, count, start).map((row) => row.urn);
    const total = this.statements.countUrns.get(keyAspect)?.total ?? 0;
    return { urns, total };
  }

  close(): void {
    this.indexQueue.close();
    this.db.close();
  }
}
