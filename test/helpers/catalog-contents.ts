import Database from 'better-sqlite3';

/**
 * What an embedded catalog file holds, without the index's row ids (they depend on the order rows were written
 * in): for tests that compare two catalogs which should hold the same. `words`: the entities each word's prefix
 * finds in the full-text index (which keeps no text to compare).
 */
export function catalogContents(file: string, words: readonly string[] = []): Record<string, unknown> {
  const db = new Database(file, { readonly: true });
  try {
    const matches = db
      .prepare<[string], string>(
        `SELECT e.urn FROM search_text t JOIN search_entity e ON e.id = t.rowid
         WHERE search_text MATCH ? ORDER BY e.urn`,
      )
      .pluck();
    return {
      aspects: db.prepare('SELECT * FROM metadata_aspect_v2 ORDER BY urn, aspect, version').all(),
      timeseries: db.prepare('SELECT * FROM timeseries_aspect ORDER BY urn, aspect').all(),
      entities: db
        .prepare(
          'SELECT urn, entity_type, name, name_key, description, removed FROM search_entity ORDER BY urn',
        )
        .all(),
      facets: db
        .prepare(
          `SELECT e.urn, f.facet, f.value FROM search_facet f JOIN search_entity e ON e.id = f.id
           ORDER BY e.urn, f.facet, f.value`,
        )
        .all(),
      relationships: db
        .prepare('SELECT * FROM relationship ORDER BY source, name, destination, aspect')
        .all(),
      pending: db.prepare('SELECT urn FROM index_pending ORDER BY urn').pluck().all(),
      indexes: db
        .prepare("SELECT type, name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name")
        .all(),
      words: words.map((word) => matches.all(`"${word}"*`)),
    };
  } finally {
    db.close();
  }
}
