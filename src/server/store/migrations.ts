import type Database from 'better-sqlite3';

interface Migration {
  readonly sql: string;
  /** Rebuild the search and relationship indexes from the stored aspects, in the migration's transaction. */
  readonly reindex?: boolean;
  /** Move timeseries aspects stored as versioned rows by an older build into their own table. */
  readonly moveTimeseries?: boolean;
}

export interface MigrationHooks {
  readonly rebuildIndexes: () => void;
  readonly moveTimeseries: () => void;
}

/**
 * Ordered schema migrations; `PRAGMA user_version` records how many have run. Append, never edit: a database
 * written by an older build is brought forward on open, each step in its own transaction.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    // 1: DataHub's versioned aspect table. Version 0 is the latest value; older values are kept as 1..N
    // (1 = oldest). `systemmetadata.version` counts changes and is what If-Version-Match compares.
    sql: `CREATE TABLE metadata_aspect_v2 (
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
  },
  {
    // 2: the search index (one row per entity, its full text in FTS5, its facet values) and the relationship
    // index, both derived from the latest aspects and kept in step with them in every write transaction.
    sql: `CREATE TABLE search_entity (
       id          INTEGER PRIMARY KEY,
       urn         TEXT    NOT NULL UNIQUE,
       entity_type TEXT    NOT NULL,
       name        TEXT    NOT NULL,
       name_key    TEXT    NOT NULL,
       description TEXT    NOT NULL,
       removed     INTEGER NOT NULL
     );
     CREATE INDEX search_entity_by_type ON search_entity (entity_type, name_key);
     CREATE INDEX search_entity_by_name ON search_entity (name_key);
     CREATE VIRTUAL TABLE search_text USING fts5(
       name, description, fields, urn, other,
       tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
     );
     CREATE TABLE search_facet (
       facet TEXT    NOT NULL,
       value TEXT    NOT NULL,
       id    INTEGER NOT NULL,
       PRIMARY KEY (facet, value, id)
     ) WITHOUT ROWID;
     CREATE INDEX search_facet_by_id ON search_facet (id);
     CREATE TABLE relationship (
       source      TEXT NOT NULL,
       name        TEXT NOT NULL,
       destination TEXT NOT NULL,
       aspect      TEXT NOT NULL,
       PRIMARY KEY (source, name, destination, aspect)
     ) WITHOUT ROWID;
     CREATE INDEX relationship_by_destination ON relationship (destination, name, source);`,
    reindex: true,
  },
  {
    // 3: timeseries aspects (profiles, usage statistics, run events). DataHub keeps these per event in its
    // timeseries index, not as versions: one row per (entity, aspect, timestampMillis, partition), where a
    // later event at the same key replaces the earlier one. Older builds stored them as versioned aspects;
    // their latest values are moved here.
    sql: `CREATE TABLE timeseries_aspect (
       urn            TEXT    NOT NULL,
       aspect         TEXT    NOT NULL,
       timestamp      INTEGER NOT NULL,
       partition_key  TEXT    NOT NULL,
       metadata       TEXT    NOT NULL,
       systemmetadata TEXT    NOT NULL,
       createdon      INTEGER NOT NULL,
       createdby      TEXT    NOT NULL,
       PRIMARY KEY (urn, aspect, timestamp, partition_key)
     ) WITHOUT ROWID;`,
    moveTimeseries: true,
  },
  {
    // 4: entities whose index rows are not yet derived from their latest aspects (written in the transaction
    // that writes the aspects; see IndexQueue).
    sql: 'CREATE TABLE index_pending (urn TEXT PRIMARY KEY) WITHOUT ROWID;',
  },
  {
    // 5: new filter fields in the search index: every entity's urn (DataHub's web app filters its glossary and
    // domain trees by urn), a domain's name (DataHub's DomainRegistry looks a domain up by name), and users'
    // `active` and users' and groups' `displayName` (the app's owner picker filters on them). No table changes;
    // the index rows are derived again from the stored aspects.
    sql: '',
    reindex: true,
  },
  {
    // 6: the full-text index keeps no copy of the text (contentless; rows are still deleted by rowid): nothing
    // reads the text back, and the copy was a third of what a bulk load wrote into search_text.
    sql: `DROP TABLE search_text;
     CREATE VIRTUAL TABLE search_text USING fts5(
       name, description, fields, urn, other,
       content = '', contentless_delete = 1,
       tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
     );`,
    reindex: true,
  },
  {
    // 7: no prefix indexes in the full-text index. They stored every word up to four times (whole, and its
    // first one, two and three letters): 161 of the full-text index's 210 MB at 250,000 entities, and most of
    // what a bulk load wrote into it. A search's words are prefixes, and FTS5 answers a prefix without its
    // index by merging the doclists of the words it starts; at 250,000 entities that made no difference to
    // scored searches of three letters or more (the matches' bm25 is the cost), and one-letter ones are a little
    // slower. The matches and their scores are the same.
    // The index rows are derived again, and with them the facet rows lose `_entityType`, `urn` and `removed`,
    // which are now read from search_entity's columns (row-fields.ts).
    sql: `DROP TABLE search_text;
     CREATE VIRTUAL TABLE search_text USING fts5(
       name, description, fields, urn, other,
       content = '', contentless_delete = 1,
       tokenize = 'unicode61 remove_diacritics 2'
     );`,
    reindex: true,
  },
  {
    // 8: the runs (GMS's system-metadata index, ElasticSearchSystemMetadataService at v1.7.0): which run wrote
    // each latest aspect, for /runs?action=list, describe and rollback, found by run id without reading every row.
    // Only the latest rows are indexed (a run's rows are its latest writes, as GMS's index holds them).
    sql: `CREATE INDEX IF NOT EXISTS metadata_aspect_v2_run ON metadata_aspect_v2 (json_extract(systemmetadata, '$.runId'))
       WHERE version = 0;`,
  },
  {
    // 9: new filter fields in the search index: an entity's structured property values
    // (`structuredProperties.<qualified name>`), and a structured property's entity types, value type, qualified
    // name and display settings (DataHub's web app finds the properties to show on an entity's page with them).
    // No table changes; the index rows are derived again from the stored aspects.
    sql: '',
    reindex: true,
  },
  {
    // 10: a structured property's display name as a filter field (the web app's property pickers filter on it).
    sql: '',
    reindex: true,
  },
  {
    // 11: new in the search index: applications (EntityType APPLICATION, named by applicationProperties.name), the
    // `applications` filter field of their assets (Applications.pdl), which an application's Assets tab filters
    // by, and `versionSet` of versioned entities (VersionProperties.pdl), which a version set's versions are
    // searched by. No table changes; the index rows are derived again from the stored aspects.
    sql: '',
    reindex: true,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: Database.Database, hooks: MigrationHooks): void {
  const current: unknown = db.pragma('user_version', { simple: true });
  if (typeof current !== 'number') throw new Error(`PRAGMA user_version answered ${String(current)}`);
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the database was written by a newer catalog (schema ${current}; this build knows ${MIGRATIONS.length})`,
    );
  }
  for (const [offset, migration] of MIGRATIONS.slice(current).entries()) {
    const version = current + offset;
    db.transaction(() => {
      db.exec(migration.sql);
      if (migration.moveTimeseries === true) hooks.moveTimeseries();
      if (migration.reindex === true) hooks.rebuildIndexes();
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
