import { mkdirSync } from 'node:fs';
import { compareText } from '../../model/compare-text.js';
import path from 'node:path';
import Database from 'better-sqlite3';
import { jsonEqual, type JsonObject } from '../../model/json.js';
import { isTimeseriesAspect } from '../../model/registry.js';
import { extractRelationships } from '../search/extract-relationships.js';
import { EntityIndex, type IndexLoad } from './entity-index.js';
import { IndexQueue } from './index-queue.js';
import { migrate } from './migrations.js';
import { parseStoredObject } from './stored-json.js';
import { TimeseriesStore } from './timeseries-store.js';

export interface StoredAspect {
  readonly urn: string;
  readonly aspect: string;
  /** Row version: 0 is the latest. */
  readonly version: number;
  readonly value: JsonObject;
  readonly systemMetadata: JsonObject;
  readonly createdOn: number;
  readonly createdBy: string;
}

/** A transaction `openTransaction` began: the caller ends it one way or the other, once. */
export interface OpenTransaction {
  commit(): void;
  rollback(): void;
}

export interface WriteResult {
  /** False when the value equals the stored one (DataHub keeps the version and only refreshes lastObserved). */
  readonly changed: boolean;
  /** The aspect's version after the write (systemMetadata.version). */
  readonly version: string;
}

/** A row of metadata_aspect_v2 as stored: `metadata` and `systemmetadata` are JSON text. */
export interface StoredRow {
  readonly urn: string;
  readonly aspect: string;
  readonly version: number;
  readonly metadata: string;
  readonly systemmetadata: string;
  readonly createdon: number;
  readonly createdby: string;
}

/**
 * Durable storage of versioned aspects in SQLite (WAL). Every method is synchronous; callers wrap a request's
 * writes in `transaction` so that a batch is all or nothing.
 */
export class AspectStore {
  private readonly db: Database.Database;
  private readonly statements;
  /** Search and relationship indexes, brought up to date with the aspects before every read. */
  readonly index: EntityIndex;
  /** Entities written but not yet indexed (see `indexAfterCommit`). */
  private readonly indexQueue: IndexQueue;
  /** Timeseries aspects, one row per event (not versioned). */
  readonly timeseries: TimeseriesStore;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // SQLite's default page cache is 2 MiB: a large catalog's indexes are written and read at random places, and
    // with so small a cache most of those pages are read again from the file (64 MiB: measured, see docs).
    // These settings also suit a bulk load (catalog ingest of 50,000 entities, issue 21, measured): a 256 MiB cache,
    // temp_store = MEMORY or no automatic checkpoints until close gained nothing beyond run-to-run noise (the last
    // only moves the copying into the close, and lets the WAL grow to the whole load); synchronous stays NORMAL,
    // which in WAL mode loses no committed transaction when the process crashes.
    this.db.pragma('cache_size = -65536');
    // A database written by an older build gets its indexes built from its aspects while migrating.
    migrate(this.db, {
      rebuildIndexes: () => new EntityIndex(this.db, (urn) => latestAspectMap(this.db, urn)).rebuildAll(),
      moveTimeseries: () => moveTimeseriesRows(this.db),
    });
    this.statements = {
      get: this.db.prepare<[string, string, number], StoredRow>(
        'SELECT * FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ? AND version = ?',
      ),
      latestOfMany: this.db.prepare<[string, string], StoredRow>(
        `SELECT * FROM metadata_aspect_v2
         WHERE version = 0 AND urn IN (SELECT value FROM json_each(?)) AND aspect IN (SELECT value FROM json_each(?))`,
      ),
      latestOfUrn: this.db.prepare<[string], StoredRow>(
        'SELECT * FROM metadata_aspect_v2 WHERE urn = ? AND version = 0 ORDER BY aspect',
      ),
      maxVersion: this.db.prepare<[string, string], { max: number | null }>(
        'SELECT MAX(version) AS max FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ?',
      ),
      // Positional parameters: binding named ones costs a property lookup each, on every row of a bulk load.
      insert: this.db.prepare<[string, string, number, string, string, number, string]>(
        `INSERT INTO metadata_aspect_v2 (urn, aspect, version, metadata, systemmetadata, createdon, createdby)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateLatest: this.db.prepare<[string, string, number, string, string, string]>(
        `UPDATE metadata_aspect_v2 SET metadata = ?, systemmetadata = ?, createdon = ?, createdby = ?
         WHERE urn = ? AND aspect = ? AND version = 0`,
      ),
      latestOfUrns: this.db.prepare<[string], StoredRow>(
        'SELECT * FROM metadata_aspect_v2 WHERE version = 0 AND urn IN (SELECT value FROM json_each(?))',
      ),
      dataVersion: this.db.prepare<[], number>('PRAGMA data_version').pluck(),
      touch: this.db.prepare(
        'UPDATE metadata_aspect_v2 SET systemmetadata = ? WHERE urn = ? AND aspect = ? AND version = 0',
      ),
      listUrns: this.db.prepare<[string, number, number], { urn: string }>(
        'SELECT urn FROM metadata_aspect_v2 WHERE aspect = ? AND version = 0 ORDER BY urn LIMIT ? OFFSET ?',
      ),
      countUrns: this.db.prepare<[string], { total: number }>(
        'SELECT COUNT(*) AS total FROM metadata_aspect_v2 WHERE aspect = ? AND version = 0',
      ),
      history: this.db.prepare<[string], StoredRow>(
        'SELECT * FROM metadata_aspect_v2 WHERE urn = ? ORDER BY aspect, createdon DESC, version',
      ),
      historyOfAspect: this.db.prepare<[string, string], StoredRow>(
        'SELECT * FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ? ORDER BY createdon DESC, version',
      ),
      deleteUrn: this.db.prepare<[string]>('DELETE FROM metadata_aspect_v2 WHERE urn = ?'),
      deleteAspect: this.db.prepare<[string, string]>(
        'DELETE FROM metadata_aspect_v2 WHERE urn = ? AND aspect = ?',
      ),
      deleteTimeseries: this.db.prepare<[string, string, number, number]>(
        `DELETE FROM timeseries_aspect WHERE urn = ? AND aspect IN (SELECT value FROM json_each(?))
           AND timestamp BETWEEN ? AND ?`,
      ),
      deleteIncoming: this.db.prepare<[string]>('DELETE FROM relationship WHERE destination = ?'),
      // Indexed sources only: a source noted for indexing may have rows older than its aspects.
      incoming: this.db.prepare<[string], { source: string; name: string }>(
        `SELECT DISTINCT source, name FROM relationship
         WHERE destination = ? AND source NOT IN (SELECT urn FROM index_pending)`,
      ),
      pending: this.db.prepare<[], { urn: string }>('SELECT urn FROM index_pending'),
      storedUrns: this.db
        .prepare<[string], string>(
          'SELECT DISTINCT urn FROM metadata_aspect_v2 WHERE urn IN (SELECT value FROM json_each(?))',
        )
        .pluck(),
      holdsAspects: this.db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM metadata_aspect_v2)').pluck(),
      begin: this.db.prepare('BEGIN IMMEDIATE'),
      commit: this.db.prepare('COMMIT'),
      rollback: this.db.prepare('ROLLBACK'),
    };
    this.index = new EntityIndex(
      this.db,
      (urn) => latestAspectMap(this.db, urn),
      () => this.indexQueue.flushAll(),
      (urns) => this.aspectMapsToIndex(urns),
    );
    this.indexQueue = new IndexQueue(this.db, this.index);
    // Entities a crash left unindexed are indexed before anything is served.
    this.indexQueue.flushAll();
    this.timeseries = new TimeseriesStore(this.db);
  }

  /** Entities the open transaction wrote, noted for indexing when it commits (see `indexAfterCommit`). */
  private written: Set<string> | undefined;

  /**
   * The latest aspects of entities the open transaction preloaded (`preload`), kept equal to what it has written
   * since: `get` answers from here without a query. Dropped when a savepoint rolls back (it may hold undone writes).
   */
  private loaded: Map<string, Map<string, StoredAspect>> | undefined;

  /**
   * The latest aspect values of entities committed by this connection and not yet indexed, as they were when their
   * last writing transaction committed: indexing them reads these instead of reading the rows back and parsing
   * their JSON again. Valid while no other connection commits (`cachedAt`, SQLite's data_version); an entity
   * written without a preload is dropped from it.
   */
  private readonly toIndex = new Map<string, ReadonlyMap<string, JsonObject>>();
  private cachedAt: number | undefined;

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
   * connection has the catalog open, the load is written with a rollback journal (see `leaveWriteAheadLog`).
   */
  openTransaction(): OpenTransaction {
    if (this.db.inTransaction) throw new Error('a transaction is already open');
    this.indexQueue.pause();
    const journaled = this.leaveWriteAheadLog();
    const ended = (): void => {
      if (journaled) this.returnToWriteAheadLog();
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

  /**
   * For one bulk load: switches the catalog from its write-ahead log to a rollback journal, when no other connection
   * has it open; answers whether it did. Through the log a load writes every page twice, into the log and again
   * when the log is copied into the file (the checkpoint). With a rollback journal a page the file did not
   * hold is written once, and the journal keeps the original content of the pages the load changes: the load is
   * still one transaction, all of it lands or none (a crash leaves the journal, and the next open rolls it back).
   * synchronous is FULL in that mode, as NORMAL with a rollback journal may corrupt the file on a power loss.
   * Measured on 50,000 entities into a new catalog (docs/embedded-catalog.md): 6.0 s instead of 7.4 s.
   * Another connection (a `catalog serve` of the same file) refuses the switch at once, without the busy wait:
   * the load then goes through the log as any write does.
   */
  private leaveWriteAheadLog(): boolean {
    // An in-memory catalog has no log ('memory').
    if (this.db.pragma('journal_mode', { simple: true }) !== 'wal' || !this.setJournalMode('delete'))
      return false;
    this.db.pragma('synchronous = FULL');
    return true;
  }

  /**
   * Back to the write-ahead log once the load has ended. A connection opened meanwhile (and waiting for the load)
   * can keep the switch from happening: the catalog is whole either way, and every store switches it to the log
   * when it opens it.
   */
  private returnToWriteAheadLog(): void {
    // synchronous stays FULL for as long as this connection writes with a rollback journal.
    if (this.setJournalMode('wal')) this.db.pragma('synchronous = NORMAL');
  }

  /**
   * Sets the file's journal mode at once or not at all: another connection in the way refuses it without the busy
   * wait. Answers whether the file is in that mode now.
   */
  private setJournalMode(mode: 'delete' | 'wal'): boolean {
    this.db.pragma('busy_timeout = 0');
    try {
      return this.db.pragma(`journal_mode = ${mode}`, { simple: true }) === mode;
    } catch (error) {
      if (isBusy(error)) return false;
      throw error;
    } finally {
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
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
          if (loaded !== undefined) dataVersion = this.statements.dataVersion.get() as number;
          end();
          this.statements.commit.run();
        } catch (error) {
          end();
          if (this.db.inTransaction) this.statements.rollback.run();
          throw error;
        }
        if (written.size > 0) {
          this.keepToIndex(written, loaded, dataVersion);
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

  /** After a commit: the values of the preloaded entities it wrote are kept for indexing (see `toIndex`). */
  private keepToIndex(
    written: ReadonlySet<string>,
    loaded: ReadonlyMap<string, ReadonlyMap<string, StoredAspect>> | undefined,
    dataVersion: number,
  ): void {
    if (this.cachedAt !== dataVersion) {
      this.toIndex.clear();
      this.cachedAt = dataVersion;
    }
    for (const urn of written) {
      const aspects = loaded?.get(urn);
      if (aspects === undefined || this.toIndex.size >= MAX_KEPT_TO_INDEX) {
        this.toIndex.delete(urn);
        continue;
      }
      const values = new Map<string, JsonObject>();
      for (const [name, stored] of aspects) values.set(name, stored.value);
      this.toIndex.set(urn, values);
    }
  }

  /** What the index is derived from: the latest aspects of these entities, kept from their commit or read. */
  private aspectMapsToIndex(urns: readonly string[]): Map<string, ReadonlyMap<string, JsonObject>> {
    if (this.toIndex.size > 0 && this.statements.dataVersion.get() !== this.cachedAt) this.toIndex.clear();
    const missing = urns.filter((urn) => !this.toIndex.has(urn));
    const result = new Map<string, ReadonlyMap<string, JsonObject>>(
      missing.length === 0 ? [] : latestAspectMaps(this.db, missing),
    );
    for (const urn of urns) {
      const kept = this.toIndex.get(urn);
      if (kept === undefined) continue;
      this.toIndex.delete(urn);
      // As latestAspectMaps: an entity without aspects is left out.
      if (kept.size > 0) result.set(urn, kept);
    }
    return result;
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
    this.toIndex.delete(urn);
    if (current !== undefined && jsonEqual(current.value, value)) {
      const refreshed = { ...current.systemMetadata, ...withoutVersion(systemMetadata), lastObserved: now };
      this.statements.touch.run(JSON.stringify(refreshed), urn, aspect);
      preloaded?.set(aspect, { ...current, systemMetadata: refreshed });
      return { changed: false, version: versionOf(current) };
    }
    const nextVersion = current === undefined ? '1' : String(Number(versionOf(current)) + 1);
    const metadata = text ?? JSON.stringify(value);
    const stamped = stampedMetadata(systemMetadata, now, nextVersion);
    const systemmetadata = JSON.stringify(stamped);
    if (current === undefined) {
      this.statements.insert.run(urn, aspect, 0, metadata, systemmetadata, now, actor);
    } else {
      const history = (this.statements.maxVersion.get(urn, aspect)?.max ?? 0) + 1;
      this.statements.insert.run(
        urn,
        aspect,
        history,
        JSON.stringify(current.value),
        JSON.stringify(current.systemMetadata),
        current.createdOn,
        current.createdBy,
      );
      this.statements.updateLatest.run(metadata, systemmetadata, now, actor, urn, aspect);
    }
    preloaded?.set(aspect, {
      urn,
      aspect,
      version: 0,
      value,
      systemMetadata: stamped,
      createdOn: now,
      createdBy: actor,
    });
    return { changed: true, version: nextVersion };
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
    this.toIndex.delete(urn);
    this.statements.deleteIncoming.run(urn);
    this.indexAfterCommit([urn]);
    return rows;
  }

  /** Removes every version of one aspect of an entity; answers how many rows went. Run inside a transaction. */
  deleteAspect(urn: string, aspect: string): number {
    const rows = this.statements.deleteAspect.run(urn, aspect).changes;
    this.loaded?.get(urn)?.delete(aspect);
    this.toIndex.delete(urn);
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
   * index answers for a node's incoming edges. Entities still waiting to be indexed are read from their aspects,
   * so that the answer is right inside a transaction that wrote them.
   */
  referencesTo(urn: string): { readonly source: string; readonly name: string }[] {
    // Rows of an entity noted for indexing (by an earlier commit, or by the open transaction) may be older than
    // its aspects: such entities are read from their aspects instead.
    const unindexed = new Set(this.statements.pending.all().map((row) => row.urn));
    for (const source of this.written ?? []) unindexed.add(source);
    const found = new Map<string, { source: string; name: string }>();
    for (const row of this.statements.incoming.all(urn)) {
      if (!unindexed.has(row.source)) found.set(`${row.source}\u0000${row.name}`, row);
    }
    for (const source of unindexed) {
      for (const relationship of extractRelationships(latestAspectMap(this.db, source))) {
        if (relationship.destination !== urn) continue;
        found.set(`${source}\u0000${relationship.name}`, { source, name: relationship.name });
      }
    }
    return [...found.values()].sort((a, b) => compareText(a.source, b.source) || compareText(a.name, b.name));
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

/** How long a write waits for another connection's write lock before failing with "database is locked". */
const BUSY_TIMEOUT_MS = 5000;

/** SQLite's "database is locked" (SQLITE_BUSY and its extended codes), as better-sqlite3 throws it. */
function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

/**
 * The most entities whose values are kept for indexing (`toIndex`): a bulk load of 50,000 entities is indexed
 * from memory; a writer that never pauses long enough for indexing does not grow the cache without end.
 */
const MAX_KEPT_TO_INDEX = 100_000;

/** The version If-Version-Match compares: systemMetadata.version, else the row version floored at 1. */
export function versionOf(stored: StoredAspect): string {
  const version = stored.systemMetadata['version'];
  return typeof version === 'string' ? version : String(Math.max(1, stored.version));
}

/** The system metadata a new version is stored with: the proposal's, observed now, with the version GMS gives. */
function stampedMetadata(systemMetadata: JsonObject, now: number, version: string): JsonObject {
  return { lastObserved: now, ...withoutVersion(systemMetadata), version };
}

function withoutVersion(systemMetadata: JsonObject): JsonObject {
  const { version, ...rest } = systemMetadata;
  return rest;
}

/** Migration 3: timeseries aspects that an older build stored as versioned rows become events. */
function moveTimeseriesRows(db: Database.Database): void {
  const aspects = db
    .prepare<[], { aspect: string }>('SELECT DISTINCT aspect FROM metadata_aspect_v2')
    .all()
    .map((row) => row.aspect)
    .filter(isTimeseriesAspect);
  const timeseries = new TimeseriesStore(db);
  const rows = db.prepare<[string], StoredRow>(
    'SELECT * FROM metadata_aspect_v2 WHERE aspect = ? ORDER BY urn, version',
  );
  const remove = db.prepare('DELETE FROM metadata_aspect_v2 WHERE aspect = ?');
  for (const aspect of aspects) {
    for (const row of rows.all(aspect)) {
      const stored = toStored(row);
      const timestampMillis = stored.value['timestampMillis'];
      if (typeof timestampMillis !== 'number') continue;
      timeseries.write(
        {
          urn: stored.urn,
          aspect,
          timestampMillis,
          value: stored.value,
          systemMetadata: stored.systemMetadata,
        },
        stored.createdBy,
        stored.createdOn,
      );
    }
    remove.run(aspect);
  }
}

const latestStatements = new WeakMap<
  Database.Database,
  Database.Statement<[string], { aspect: string; metadata: string }>
>();

/**
 * The latest value of every aspect of an entity, by aspect name (what the indexes are derived from). Only the
 * values are read and parsed: this runs for every entity every write touches.
 */
export function latestAspectMap(db: Database.Database, urn: string): Map<string, JsonObject> {
  let statement = latestStatements.get(db);
  if (statement === undefined) {
    statement = db.prepare('SELECT aspect, metadata FROM metadata_aspect_v2 WHERE urn = ? AND version = 0');
    latestStatements.set(db, statement);
  }
  const aspects = new Map<string, JsonObject>();
  for (const row of statement.all(urn)) aspects.set(row.aspect, parseStoredObject(row.metadata));
  return aspects;
}

const latestOfManyStatements = new WeakMap<
  Database.Database,
  Database.Statement<[string], { urn: string; aspect: string; metadata: string }>
>();

/** `latestAspectMap` of many entities in one query, by URN (an entity without aspects is left out). */
export function latestAspectMaps(
  db: Database.Database,
  urns: readonly string[],
): Map<string, Map<string, JsonObject>> {
  let statement = latestOfManyStatements.get(db);
  if (statement === undefined) {
    statement = db.prepare(
      `SELECT urn, aspect, metadata FROM metadata_aspect_v2
       WHERE version = 0 AND urn IN (SELECT value FROM json_each(?))`,
    );
    latestOfManyStatements.set(db, statement);
  }
  const result = new Map<string, Map<string, JsonObject>>();
  for (const row of statement.all(JSON.stringify(urns))) {
    let aspects = result.get(row.urn);
    if (aspects === undefined) {
      aspects = new Map();
      result.set(row.urn, aspects);
    }
    aspects.set(row.aspect, parseStoredObject(row.metadata));
  }
  return result;
}

function toStored(row: StoredRow): StoredAspect {
  return {
    urn: row.urn,
    aspect: row.aspect,
    version: row.version,
    value: parseStoredObject(row.metadata),
    systemMetadata: parseStoredObject(row.systemmetadata),
    createdOn: row.createdon,
    createdBy: row.createdby,
  };
}
