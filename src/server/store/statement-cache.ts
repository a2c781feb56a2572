import type Database from 'better-sqlite3';
import { LruMap } from '../../model/lru-map.js';

/** Statements of run-time queries kept prepared (each differs by filters, types and list lengths only). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * The statements of queries built at run time (search filters, relationship reads), prepared once per text:
 * preparing cost more than running for the small reads an impact walk makes by the thousand (a quarter of the
 * catalog's time on a 3,200-dataset walk). The least recently used are dropped past STATEMENT_CACHE_SIZE.
 */
export class StatementCache {
  private readonly statements = new LruMap<string, Database.Statement<unknown[], unknown>>(
    STATEMENT_CACHE_SIZE,
  );

  constructor(private readonly db: Database.Database) {}

  /**
   * The statement of `sql`, whose parameters and rows the caller names: the text decides both, and the cache
   * holds statements of every shape, so the types are the caller's word for it.
   */
  prepared<P extends unknown[], R>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<P, R>;
  }
}
