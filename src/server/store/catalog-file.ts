/**
 * The catalog's SQLite file: how a store opens it (write-ahead log, page cache, busy timeout), and how a bulk
 * load leaves the write-ahead log for a rollback journal and comes back to it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** How long a write waits for another connection's write lock before failing with "database is locked". */
const BUSY_TIMEOUT_MS = 5000;

/** Opens the catalog's file (creating its folder), or an in-memory catalog for `:memory:`. */
export function openCatalogFile(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // SQLite's default page cache is 2 MiB: a large catalog's indexes are written and read at random places, and
  // with so small a cache most of those pages are read again from the file (64 MiB: measured, see docs).
  // A bulk load gains nothing from more (a larger cache, temp_store = MEMORY and checkpoints put off until close
  // measured within run-to-run noise); synchronous stays NORMAL, which in WAL mode loses no committed transaction
  // when the process crashes.
  db.pragma('cache_size = -65536');
  return db;
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
export function leaveWriteAheadLog(db: Database.Database): boolean {
  // An in-memory catalog has no log ('memory').
  if (db.pragma('journal_mode', { simple: true }) !== 'wal' || !setJournalMode(db, 'delete')) return false;
  db.pragma('synchronous = FULL');
  return true;
}

/**
 * Back to the write-ahead log once the load has ended. A connection opened meanwhile (and waiting for the load)
 * can keep the switch from happening: the catalog is whole either way, and every store switches it to the log
 * when it opens it.
 */
export function returnToWriteAheadLog(db: Database.Database): void {
  // synchronous stays FULL for as long as this connection writes with a rollback journal.
  if (setJournalMode(db, 'wal')) db.pragma('synchronous = NORMAL');
}

/**
 * Sets the file's journal mode at once or not at all: another connection in the way refuses it without the busy
 * wait. Answers whether the file is in that mode now.
 */
function setJournalMode(db: Database.Database, mode: 'delete' | 'wal'): boolean {
  db.pragma('busy_timeout = 0');
  try {
    return db.pragma(`journal_mode = ${mode}`, { simple: true }) === mode;
  } catch (error) {
    if (isBusy(error)) return false;
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/** SQLite's "database is locked" (SQLITE_BUSY and its extended codes), as better-sqlite3 throws it. */
function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
}
