/**
 * Write-behind indexing, as DataHub does it: GMS commits aspects to its database and its search and graph
 * indexes follow asynchronously (the MCL consumer). Here a write transaction only records which entities it
 * touched, in `index_pending` (same transaction, so a crash cannot lose the note); their search and relationship
 * rows are re-derived when the catalog has been quiet for a moment, and always before anything reads the indexes.
 * Readers therefore never see an index that disagrees with the aspects, and writers do not wait for indexing.
 */
import type Database from 'better-sqlite3';
import type { EntityIndex } from './entity-index.js';

/**
 * How long the catalog must be quiet (no write committed) before pending entities are indexed: longer than the
 * pauses of a client between batches, so that a large apply is not slowed by indexing half way.
 */
const QUIET_MS = 200;
/** Entities indexed per transaction in the background, so that a request never waits long behind indexing. */
const BACKGROUND_CHUNK = 500;
/** How long background indexing waits after a failure before it tries again. */
const RETRY_MS = 1000;

export class IndexQueue {
  private readonly statements;
  /** Whether `index_pending` may hold rows (a cheap check before every index read). */
  private pending = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly index: EntityIndex,
  ) {
    this.statements = {
      // Set-based, one statement per transaction rather than one per entity.
      mark: db.prepare('INSERT OR IGNORE INTO index_pending (urn) SELECT value FROM json_each(?)'),
      next: db.prepare<[number], { urn: string }>('SELECT urn FROM index_pending LIMIT ?'),
      done: db.prepare('DELETE FROM index_pending WHERE urn IN (SELECT value FROM json_each(?))'),
    };
  }

  /** Notes entities whose aspects the open transaction wrote; call inside it. */
  mark(urns: Iterable<string>): void {
    const list = [...urns];
    if (list.length === 0) return;
    this.statements.mark.run(JSON.stringify(list));
    this.pending = true;
  }

  /** After a commit that marked entities: index them once writes have paused. */
  schedule(): void {
    if (this.timer !== undefined) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => this.background(), QUIET_MS);
    // Indexing left undone at exit is finished when the file is next opened.
    this.timer.unref();
  }

  /** Indexes every pending entity now (before an index read, on open and on close). */
  flushAll(): void {
    while (this.pending) this.flush(Number.MAX_SAFE_INTEGER);
  }

  /**
   * No background indexing until `resume`: a transaction held open across awaits (a bulk load) would otherwise
   * take it in.
   */
  pause(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Background indexing again, for what is pending. */
  resume(): void {
    if (this.pending) this.schedule();
  }

  close(): void {
    this.pause();
    this.flushAll();
  }

  /** A chunk at a time, yielding to requests in between. */
  private background(): void {
    this.timer = undefined;
    if (!this.pending) return;
    let delay = 0;
    try {
      this.flush(BACKGROUND_CHUNK);
    } catch {
      // Another connection holds the file longer than the busy timeout, say. The notes stay in the table: try
      // again later (a read in the meantime indexes them first, and reports the error if it persists).
      delay = RETRY_MS;
    }
    if (this.pending) {
      this.timer = setTimeout(() => this.background(), delay);
      this.timer.unref();
    }
  }

  /** Indexes up to `limit` pending entities in one transaction. */
  private flush(limit: number): void {
    // IMMEDIATE: take the write lock before reading the notes, so another connection's commit in between cannot
    // make the upgrade fail at once (SQLITE_BUSY_SNAPSHOT) instead of waiting for the busy timeout.
    this.db
      .transaction(() => {
        const urns = this.statements.next.all(limit).map((row) => row.urn);
        this.index.refresh(urns);
        if (urns.length > 0) this.statements.done.run(JSON.stringify(urns));
        if (urns.length < limit) this.pending = false;
      })
      .immediate();
  }
}
