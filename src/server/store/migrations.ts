import type Database from 'better-sqlite3';

/**
 * Ordered schema migrations; `PRAGMA user_version` records how many have run. Append, never edit: a database
 * written by an older build is brought forward on open.
 */
const MIGRATIONS: readonly string[] = [
  // 1: DataHub's versioned aspect table. Version 0 is the latest value; older values are kept as 1..N
  // (1 = oldest). `systemmetadata.version` counts changes and is what If-Version-Match compares.
  `CREATE TABLE metadata_aspect_v2 (
     urn            TEXT    NOT NULL,
     aspect         TEXT    NOT NULL,
     version        INTEGER NOT NULL,
     metadata       TEXT    NOT NULL,
     systemmetadata TEXT    NOT NULL,
     createdon      INTEGER NOT NULL,
     createdby      TEXT    NOT NULL,
     PRIMARY KEY (urn, aspect, version)
   ) WITHOUT ROWID;
   CREATE INDEX metadata_aspect_v2_latest ON metadata_aspect_v2 (aspect, version, urn);`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the database was written by a newer catalog (schema ${current}; this build knows ${MIGRATIONS.length})`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] as string);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
