/**
 * The search and relationship indexes of the embedded catalog, in the same SQLite file as the aspects, derived
 * from the latest aspects. Writers do not refresh them themselves: they mark the entities they wrote (IndexQueue),
 * and every read here first brings the marked entities up to date, so a reader never sees the indexes disagree
 * with the aspects.
 */
import { compareText } from '../../model/compare-text.js';
import type Database from 'better-sqlite3';
import type { JsonObject } from '../../model/json.js';
import { deriveEntity, type DerivedEntity } from '../search/derive-entity.js';
import { FacetMirror, parseIds } from '../search/facet-mirror.js';
import { parseScoredMatches, rankCandidates, sortRanked, type ScoredMatches } from '../search/rank-hits.js';
import type { SearchDocument } from '../search/search-document.js';
import { LruMap } from '../../model/lru-map.js';
import { ROW_FIELDS, rowFieldValues, type RowField, type SearchRowColumns } from './row-fields.js';

export type FilterCondition =
  | 'EQUAL'
  | 'IEQUAL'
  | 'IN'
  | 'CONTAIN'
  | 'START_WITH'
  | 'END_WITH'
  | 'EXISTS'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL_TO'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL_TO';

export interface FacetCriterion {
  readonly field: string;
  readonly values: readonly string[];
  readonly negated: boolean;
  readonly condition: FilterCondition;
}

export interface SearchRequest {
  readonly query: string;
  /** Registry entity names; empty means every type. */
  readonly entityTypes: readonly string[];
  /** Disjunction of conjunctions (DataHub's orFilters). */
  readonly filters: readonly (readonly FacetCriterion[])[];
  readonly includeRemoved: boolean;
  readonly start: number;
  readonly count: number;
  readonly facetFields: readonly string[];
  readonly maxFacetValues: number;
}

export interface SearchHit {
  readonly urn: string;
  readonly entityType: string;
  readonly name: string;
  readonly description: string;
}

export interface FacetCount {
  readonly field: string;
  readonly values: readonly { readonly value: string; readonly count: number }[];
}

export interface SearchResponse {
  readonly total: number;
  readonly hits: readonly SearchHit[];
  readonly facets: readonly FacetCount[];
}

export interface RelatedEntity {
  readonly type: string;
  readonly urn: string;
}

/** A full-text row to write: the entity's id, whether it had one, and its new text (none when it is gone). */
interface TextRow {
  readonly id: number;
  readonly replaces: boolean;
  readonly text?: SearchDocument['text'];
}

interface FacetRow {
  readonly facet: string;
  readonly value: string;
  readonly id: number;
}

interface RelationshipRow {
  readonly source: string;
  readonly name: string;
  readonly destination: string;
  readonly aspect: string;
}

/** See EntityIndex.beginLoad. */
export interface IndexLoad {
  /** Indexes these entities, none of which the index holds (nor an earlier `add` of this load). */
  add(entities: ReadonlyMap<string, DerivedEntity>): void;
  /** After the last `add`, in the same transaction. */
  finish(): void;
}

/** The rows a refresh writes after deriving every entity's. */
interface PendingRows {
  /** The index held no entity when the refresh began. */
  readonly fresh: boolean;
  readonly texts: TextRow[];
  readonly facets: FacetRow[];
  readonly relationships: RelationshipRow[];
}

/** Entities whose aspects a refresh reads in one query. */
const LOAD_CHUNK = 500;
/** Facet or relationship rows written by one statement (3 or 4 parameters each, far below SQLite's 32,766). */
const ROWS_PER_INSERT = 256;
/** The fewest entities a refresh indexes in bulk (see `isBulk`). */
const BULK_MIN_ENTITIES = 5000;
const NO_ASPECTS: ReadonlyMap<string, JsonObject> = new Map();

/** Weights of the full-text columns for bm25: name, description, fields, urn, other. */
const BM25_WEIGHTS = '10.0, 2.0, 1.5, 3.0, 1.0';
/**
 * The most entities re-derived since the facet mirror was last brought up to date that it reads again one by
 * one; beyond, it is dropped and read again whole on the next count (a bulk load re-derives everything).
 */
const MIRROR_UPDATE_LIMIT = 20_000;
/** Search answers kept for repeated requests (the app asks the same search again as it renders and pages). */
const CACHED_SEARCHES = 256;
/** Statements of run-time queries kept prepared (each differs by filters, types and list lengths only). */
const STATEMENT_CACHE_SIZE = 256;
/** The largest page whose hits are kept in the cache. */
const CACHED_HITS_MAX = 100;

/**
 * A field of the facet mirror that is not a facet: each entity's `removed` flag and type (`0\u0000dataset`), what
 * a full-text search without filters checks in memory rather than by joining every match to search_entity.
 */
const ENTITY_FIELD = '\u0000entity';

/** What a search counts over its whole match: the total and the facets. */
interface SearchSummary {
  readonly total: number;
  readonly facets: readonly FacetCount[];
}

export class EntityIndex {
  private readonly statements;
  /** The facet values of every entity in memory, for counting (see FacetMirror). */
  private mirror: FacetMirror;
  /** Entities re-derived since the mirror was last brought up to date (their rows are read again before a count). */
  private readonly stale = new Set<number>();
  /**
   * Counts this connection's index writes (a refresh of at least one entity): a search answer is reused only
   * while it has not moved, nor `PRAGMA data_version` (which moves when another connection commits).
   */
  private generation = 0;
  private cacheGeneration = -1;
  private dataVersion: number | undefined;
  /** Answers of recent searches: summaries (total and facets) and pages of hits, least recently used first. */
  private readonly cache = new LruMap<string, SearchSummary | readonly SearchHit[]>(CACHED_SEARCHES);
  /** Statements of queries built at run time, by text (see prepared). */
  private readonly preparedStatements = new LruMap<string, Database.Statement>(STATEMENT_CACHE_SIZE);

  constructor(
    private readonly db: Database.Database,
    private readonly loadAspects: (urn: string) => ReadonlyMap<string, JsonObject>,
    /** Run before every read: brings entities written since their last indexing up to date. */
    private readonly beforeRead: () => void = () => undefined,
    /**
     * The latest aspects of many entities in one query (an entity without any is left out): what a large refresh
     * reads instead of one query per entity.
     */
    private readonly loadManyAspects?: (
      urns: readonly string[],
    ) => ReadonlyMap<string, ReadonlyMap<string, JsonObject>>,
  ) {
    this.statements = {
      idOf: db.prepare<[string], { id: number }>('SELECT id FROM search_entity WHERE urn = ?'),
      upsert: db.prepare<[string, string, string, string, string, number], { id: number }>(
        `INSERT INTO search_entity (urn, entity_type, name, name_key, description, removed) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (urn) DO UPDATE SET entity_type = excluded.entity_type, name = excluded.name,
           name_key = excluded.name_key, description = excluded.description, removed = excluded.removed
         RETURNING id`,
      ),
      deleteEntity: db.prepare('DELETE FROM search_entity WHERE id = ?'),
      deleteText: db.prepare('DELETE FROM search_text WHERE rowid = ?'),
      insertText: db.prepare(
        'INSERT INTO search_text (rowid, name, description, fields, urn, other) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      deleteFacets: db.prepare('DELETE FROM search_facet WHERE id = ?'),
      insertFacet: db.prepare('INSERT OR IGNORE INTO search_facet (facet, value, id) VALUES (?, ?, ?)'),
      insertFacets: db.prepare(
        `INSERT OR IGNORE INTO search_facet (facet, value, id) VALUES ${valuesList(3, ROWS_PER_INSERT)}`,
      ),
      insertEntity: db.prepare<[string, string, string, string, string, number]>(
        `INSERT INTO search_entity (urn, entity_type, name, name_key, description, removed)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      deleteRelationships: db.prepare('DELETE FROM relationship WHERE source = ?'),
      insertRelationship: db.prepare(
        'INSERT OR IGNORE INTO relationship (source, name, destination, aspect) VALUES (?, ?, ?, ?)',
      ),
      insertRelationships: db.prepare(
        `INSERT OR IGNORE INTO relationship (source, name, destination, aspect) VALUES ${valuesList(4, ROWS_PER_INSERT)}`,
      ),
      allUrns: db.prepare<[], { urn: string }>(
        "SELECT DISTINCT urn FROM metadata_aspect_v2 WHERE version = 0 AND aspect LIKE '%Key'",
      ),
      countEntities: db.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM search_entity'),
      secondaryIndexes: db.prepare<[], { name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL
           AND tbl_name IN ('search_entity', 'search_facet', 'relationship') ORDER BY name`,
      ),
      clear: db.prepare('DELETE FROM search_entity'),
      clearText: db.prepare('DELETE FROM search_text'),
      clearFacets: db.prepare('DELETE FROM search_facet'),
      clearRelationships: db.prepare('DELETE FROM relationship'),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      facetField: db.prepare<[string], { value: string; ids: string }>(
        'SELECT value, group_concat(id) AS ids FROM search_facet WHERE facet = ? GROUP BY value',
      ),
      facetsOf: db.prepare<[number], { facet: string; value: string }>(
        'SELECT facet, value FROM search_facet WHERE id = ?',
      ),
      entityField: db.prepare<[], { value: string; ids: string }>(
        `SELECT removed || char(0) || entity_type AS value, group_concat(id) AS ids FROM search_entity
         GROUP BY removed, entity_type`,
      ),
      searchRowOf: db.prepare<[number], SearchRowColumns>(
        'SELECT urn, entity_type, removed FROM search_entity WHERE id = ?',
      ),
      scoreText: db
        .prepare<[string], string | null>(
          `SELECT group_concat(scored) FROM
             (SELECT rowid || ' ' || bm25(search_text, ${BM25_WEIGHTS}) AS scored FROM search_text
              WHERE search_text MATCH ? LIMIT -1)`,
        )
        .pluck(),
      idsNamed: db.prepare<[string], number>('SELECT id FROM search_entity WHERE name_key = ?').pluck(),
      rowsOf: db.prepare<
        [string],
        {
          id: number;
          name_key: string;
          urn: string;
          entity_type: string;
          name: string;
          description: string;
        }
      >(
        `SELECT id, name_key, urn, entity_type, name, description FROM search_entity
         WHERE id IN (SELECT value FROM json_each(?))`,
      ),
    };
    this.mirror = this.newMirror();
  }

  private newMirror(): FacetMirror {
    return new FacetMirror(
      (field) => this.fieldValues(field).map((row) => ({ value: row.value, ids: parseIds(row.ids) })),
      (id) => {
        const row = this.statements.searchRowOf.get(id);
        return [
          ...this.statements.facetsOf.all(id).map((facet) => ({ field: facet.facet, value: facet.value })),
          ...(row === undefined
            ? []
            : [
                { field: ENTITY_FIELD, value: `${row.removed}\u0000${row.entity_type}` },
                ...rowFieldValues(row),
              ]),
        ];
      },
    );
  }

  /**
   * The statement for a query built at run time (search filters, relationship reads), prepared once per text:
   * preparing cost more than running for the small reads an impact walk makes by the thousand (a quarter of the
   * catalog's time on a 3,200-dataset walk). The least recently used are dropped past STATEMENT_CACHE_SIZE.
   */
  private prepared<P extends unknown[], R>(sql: string): Database.Statement<P, R> {
    let statement = this.preparedStatements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.preparedStatements.set(sql, statement);
    }
    return statement as Database.Statement<P, R>;
  }

  /** Every value of a field with the ids of the entities having it (ids as one string), for the mirror. */
  private fieldValues(field: string): { value: string; ids: string }[] {
    if (field === ENTITY_FIELD) return this.statements.entityField.all();
    const rowField = ROW_FIELDS.get(field);
    if (rowField === undefined) return this.statements.facetField.all(field);
    return this.prepared<[], { value: string; ids: string }>(
      `SELECT ${rowField.valueSql} AS value, group_concat(e.id) AS ids FROM search_entity e GROUP BY value`,
    ).all();
  }

  /**
   * Re-derives the index rows of these entities from their latest aspects. Run inside a transaction.
   *
   * The full-text rows are written last, one after another: FTS5 flushes its pending terms to disk whenever
   * another statement opens a savepoint, so interleaving them with the other tables' writes made every entity a
   * segment of its own (ten times slower, measured on 10,000 entities).
   */
  refresh(urns: Iterable<string>): void {
    // Each entity once: an entity listed twice would be inserted twice into an empty index.
    const list = [...new Set(urns)];
    if (list.length === 0) return;
    this.generation += 1;
    const indexed = this.statements.countEntities.get()?.total ?? 0;
    const rebuild = this.isBulk(list.length, indexed) ? this.dropSecondaryIndexes() : [];
    // An empty index has no rows of these entities (the queue lists each once): nothing to look up or delete.
    const rows: PendingRows = { fresh: indexed === 0, texts: [], facets: [], relationships: [] };
    for (let start = 0; start < list.length; start += LOAD_CHUNK) {
      const chunk = list.slice(start, start + LOAD_CHUNK);
      const loaded = this.loadManyAspects?.(chunk);
      for (const urn of chunk) {
        const aspects = loaded === undefined ? this.loadAspects(urn) : (loaded.get(urn) ?? NO_ASPECTS);
        this.refreshRows(urn, deriveEntity(urn, aspects), rows);
      }
    }
    // Facet and relationship rows are written together, in their primary keys' order (appends to the B-trees
    // rather than scattered inserts), a few hundred per statement; then the full text (see above).
    this.insertFacets(rows.facets);
    this.insertRelationships(rows.relationships);
    this.insertTexts(rows.texts);
    for (const sql of rebuild) this.db.exec(sql);
    if (this.stale.size > MIRROR_UPDATE_LIMIT) this.dropMirror();
  }

  /** Forgets the mirror (read again whole on the next count) and what it had to read again. */
  private dropMirror(): void {
    this.mirror = this.newMirror();
    this.stale.clear();
  }

  /**
   * Whether a refresh is large enough, against what the index holds, that building the secondary indexes again
   * from sorted rows is cheaper than adding its rows to them one by one (a bulk load into a new or small catalog).
   */
  private isBulk(entities: number, indexed: number): boolean {
    return entities >= BULK_MIN_ENTITIES && entities >= indexed;
  }

  /** Writes full-text rows, one after another (see `refresh`). */
  private insertTexts(texts: readonly TextRow[]): void {
    for (const { id, replaces, text } of texts) {
      if (replaces) this.statements.deleteText.run(id);
      if (text !== undefined)
        this.statements.insertText.run(id, text.name, text.description, text.fields, text.urn, text.other);
    }
  }

  /** Writes facet rows (facet, value, id), sorted here. */
  private insertFacets(facets: FacetRow[]): void {
    facets.sort(compareFacetRows);
    insertRows(facets, this.statements.insertFacets, this.statements.insertFacet, (row, params) =>
      params.push(row.facet, row.value, row.id),
    );
  }

  /** Writes relationship rows (source, name, destination, aspect), sorted here. */
  private insertRelationships(relationships: RelationshipRow[]): void {
    relationships.sort(compareRelationshipRows);
    insertRows(
      relationships,
      this.statements.insertRelationships,
      this.statements.insertRelationship,
      (row, params) => params.push(row.source, row.name, row.destination, row.aspect),
    );
  }

  /**
   * Indexing for a bulk load of entities the index does not hold (server/bulk-load), in one transaction, a batch
   * at a time, each batch as a refresh writes its rows. Once the load has added twice as many entities as the
   * index held (and at least as many as a refresh indexes in bulk, `isBulk`), the secondary indexes are dropped,
   * and built again at the end. Twice, not once as for a refresh: a load does not know its size up front, and
   * dropping them near its end rebuilds the whole index for little (50,000 entities into a catalog of 50,000:
   * 9.9 to 11.0 s dropping them at the last batch, 8.8 to 9.4 s keeping them; measured). Holding every facet and
   * relationship row for one sorted write at the end was measured slower on 50,000 entities: the rows held grew
   * the garbage collector's work more than the sorted write saved.
   */
  beginLoad(): IndexLoad {
    const indexed = this.statements.countEntities.get()?.total ?? 0;
    let added = 0;
    let rebuild: string[] | undefined;
    return {
      add: (entities) => {
        this.generation += 1;
        const rows: PendingRows = { fresh: true, texts: [], facets: [], relationships: [] };
        for (const [urn, entity] of entities) this.insertEntity(urn, entity, rows);
        this.insertFacets(rows.facets);
        this.insertRelationships(rows.relationships);
        this.insertTexts(rows.texts);
        added += entities.size;
        if (rebuild === undefined && this.isBulk(added, 2 * indexed)) rebuild = this.dropSecondaryIndexes();
      },
      finish: () => {
        for (const sql of rebuild ?? []) this.db.exec(sql);
        if (this.stale.size > MIRROR_UPDATE_LIMIT) this.dropMirror();
      },
    };
  }

  /** Drops the secondary indexes of the index tables (in the open transaction); answers the SQL that makes them. */
  private dropSecondaryIndexes(): string[] {
    const indexes = this.statements.secondaryIndexes.all();
    for (const { name } of indexes) this.db.exec(`DROP INDEX "${name}"`);
    return indexes.map((index) => index.sql);
  }

  /** Rebuilds every index row from the aspects (on migration, and to repair). */
  rebuildAll(): void {
    this.generation += 1;
    this.dropMirror();
    this.statements.clear.run();
    this.statements.clearText.run();
    this.statements.clearFacets.run();
    this.statements.clearRelationships.run();
    this.refresh(this.statements.allUrns.all().map((row) => row.urn));
  }

  /**
   * Refreshes an entity's search row and deletes its older rows; adds to `rows` what `refresh` writes after every
   * entity: its full text (its id, whether an older text row goes, and the new one, none when the entity is gone),
   * facet and relationship rows. `entity` is what its latest aspects give, none when it has no key aspect.
   */
  private refreshRows(urn: string, entity: DerivedEntity | undefined, rows: PendingRows): void {
    const existing = rows.fresh ? undefined : this.statements.idOf.get(urn)?.id;
    if (existing !== undefined) this.stale.add(existing);
    // An entity not in the index has no facet or relationship rows (both are written only with its search row):
    // a bulk load of new entities skips the two deletes.
    if (existing !== undefined) {
      this.statements.deleteFacets.run(existing);
      this.statements.deleteRelationships.run(urn);
    }
    if (entity === undefined) {
      if (existing === undefined) return;
      this.statements.deleteEntity.run(existing);
      rows.texts.push({ id: existing, replaces: true });
      return;
    }
    if (existing === undefined) {
      this.insertEntity(urn, entity, rows);
      return;
    }
    const doc = entity.document;
    const id = this.statements.upsert.get(...entityRow(urn, doc))?.id as number;
    this.addRows(id, urn, entity, rows, true);
  }

  /** Adds an entity the index does not hold: its search row now (its id is the new rowid), the rest to `rows`. */
  private insertEntity(urn: string, entity: DerivedEntity, rows: PendingRows): void {
    const id = Number(this.statements.insertEntity.run(...entityRow(urn, entity.document)).lastInsertRowid);
    this.addRows(id, urn, entity, rows, false);
  }

  /** Adds to `rows` an entity's facet, relationship and full-text rows (`replaces`: an older text row goes). */
  private addRows(
    id: number,
    urn: string,
    entity: DerivedEntity,
    rows: PendingRows,
    replaces: boolean,
  ): void {
    const doc = entity.document;
    this.stale.add(id);
    for (const [facet, value] of doc.facets) rows.facets.push({ facet, value, id });
    for (const relationship of entity.relationships) {
      rows.relationships.push({
        source: urn,
        name: relationship.name,
        destination: relationship.destination,
        aspect: relationship.aspect,
      });
    }
    rows.texts.push({ id, replaces, text: doc.text });
  }

  search(request: SearchRequest): SearchResponse {
    this.beforeRead();
    const matched = this.matchedClause(request);
    // Inside a transaction the rows may yet be rolled back: nothing read there is kept (cache, mirror), and
    // SQLite alone answers.
    if (this.db.inTransaction) {
      return {
        ...this.summarizeInSql(request, matched),
        hits: request.count === 0 ? [] : this.hits(request, matched),
      };
    }
    this.catchUp();
    const key = searchKey(request);
    const summaryKey = `summary ${key}`;
    const hitsKey = `hits ${request.start} ${request.count} ${key}`;
    let summary = this.cache.get(summaryKey) as SearchSummary | undefined;
    let hits = request.count === 0 ? [] : (this.cache.get(hitsKey) as readonly SearchHit[] | undefined);
    if (summary === undefined || hits === undefined) {
      if (matched.fullText) {
        // One pass over the match gives the ids (total, facets) and the scores (the page).
        const scored = request.filters.length === 0 ? this.scoreText(request) : this.scoreMatched(matched);
        summary ??= this.summarizeIds(request, scored.ids);
        hits ??= this.rankedPage(request, scored);
      } else {
        summary ??= this.summarize(request, matched);
        hits ??= this.hits(request, matched);
      }
      this.cache.set(summaryKey, summary);
      if (request.count > 0 && request.count <= CACHED_HITS_MAX) this.cache.set(hitsKey, hits);
    }
    return { total: summary.total, hits, facets: summary.facets };
  }

  /**
   * Brings the cache and the mirror up to date with the index: both are forgotten when another connection
   * committed, the cache when this one wrote the index, and the mirror reads again the entities re-derived.
   */
  private catchUp(): void {
    const dataVersion = this.statements.dataVersion.get();
    if (dataVersion !== this.dataVersion) {
      this.dataVersion = dataVersion;
      this.dropMirror();
      this.cache.clear();
    }
    if (this.cacheGeneration !== this.generation) {
      this.cacheGeneration = this.generation;
      this.cache.clear();
    }
    if (this.stale.size > 0) {
      this.mirror.update(this.stale);
      this.stale.clear();
    }
  }

  /**
   * The id and bm25 score of every match, as one string (better-sqlite3 spends more on 80,000 rows than SQLite
   * on the match; bm25 cannot be an aggregate's argument, hence the subquery, kept apart by its LIMIT).
   */
  private scoreMatched(matched: { from: string; params: unknown[] }): ScoredMatches {
    const joined = this.prepared<unknown[], string | null>(
      `SELECT group_concat(scored) FROM
           (SELECT e.id || ' ' || bm25(search_text, ${BM25_WEIGHTS}) AS scored ${matched.from} LIMIT -1)`,
    )
      .pluck()
      .get(...matched.params);
    return parseScoredMatches(joined);
  }

  /**
   * What `scoreMatched` answers for a search without filters, from the full-text index alone: its matches are
   * kept or not by their type and `removed` flag in the mirror (joining 80,000 matches to search_entity was a
   * third of the time).
   */
  private scoreText(request: SearchRequest): ScoredMatches {
    const all = parseScoredMatches(this.statements.scoreText.get(fullTextQuery(request.query) ?? ''));
    const types = new Set(request.entityTypes);
    const positions = this.mirror.positionsWhere(ENTITY_FIELD, all.ids, (value) => {
      const [removed, type = ''] = value.split('\u0000');
      return (request.includeRemoved || removed === '0') && (types.size === 0 || types.has(type));
    });
    return {
      ids: positions.map((position) => all.ids[position] as number),
      scores: Float64Array.from(positions, (position) => all.scores[position] as number),
    };
  }

  /** A page of a full-text search, ranked in memory (see rank-hits.ts) from every match's score. */
  private rankedPage(request: SearchRequest, scored: ScoredMatches): SearchHit[] {
    const nameKey = normalizeName(request.query);
    const exact = new Set(this.statements.idsNamed.all(nameKey));
    const positions = rankCandidates(scored, exact, request.start + request.count);
    if (positions.length === 0) return [];
    const candidates = positions.map((position) => scored.ids[position] as number);
    const scoreOf = new Map(
      positions.map((position) => [scored.ids[position] as number, scored.scores[position] as number]),
    );
    const rows = this.statements.rowsOf.all(JSON.stringify(candidates)).map((row) => ({
      id: row.id,
      nameKey: row.name_key,
      urn: row.urn,
      entityType: row.entity_type,
      name: row.name,
      description: row.description,
    }));
    return sortRanked(rows, scoreOf, nameKey)
      .slice(request.start, request.start + request.count)
      .map((row) => ({
        urn: row.urn,
        entityType: row.entityType,
        name: row.name,
        description: row.description,
      }));
  }

  /** The total and the facets: the matched ids read once (as one string), their facets counted in the mirror. */
  private summarize(request: SearchRequest, matched: { from: string; params: unknown[] }): SearchSummary {
    if (request.facetFields.length === 0) return { total: this.countMatched(matched), facets: [] };
    // One string of ids rather than a row per id: better-sqlite3 spends more on 80,000 rows than SQLite on the
    // match.
    const joined = this.prepared<unknown[], string | null>(`SELECT group_concat(e.id) ${matched.from}`)
      .pluck()
      .get(...matched.params);
    return this.summarizeIds(request, parseIds(joined));
  }

  /** The total and the facets of the matched ids. */
  private summarizeIds(request: SearchRequest, ids: readonly number[]): SearchSummary {
    return {
      total: ids.length,
      facets: request.facetFields.map((field) => ({
        field,
        values: this.mirror.count(field, ids, request.maxFacetValues),
      })),
    };
  }

  /** The total and the facets counted by SQLite (inside a transaction, where the mirror is not used). */
  private summarizeInSql(
    request: SearchRequest,
    matched: { from: string; params: unknown[] },
  ): SearchSummary {
    return { total: this.countMatched(matched), facets: this.facetCounts(request, matched) };
  }

  private countMatched(matched: { from: string; params: unknown[] }): number {
    return (
      this.prepared<unknown[], { total: number }>(`SELECT COUNT(*) AS total ${matched.from}`).get(
        ...matched.params,
      )?.total ?? 0
    );
  }

  /** A page of hits: an exact name match first, then by bm25, name and urn (none of which ties). */
  private hits(
    request: SearchRequest,
    matched: { from: string; params: unknown[]; fullText: boolean },
  ): SearchHit[] {
    const order = matched.fullText
      ? `ORDER BY (e.name_key = ?) DESC, bm25(search_text, ${BM25_WEIGHTS}), e.name_key, e.urn`
      : 'ORDER BY e.name_key, e.urn';
    const orderParams = matched.fullText ? [normalizeName(request.query)] : [];
    return this.prepared<unknown[], { urn: string; entity_type: string; name: string; description: string }>(
      `SELECT e.urn, e.entity_type, e.name, e.description ${matched.from} ${order} LIMIT ? OFFSET ?`,
    )
      .all(...matched.params, ...orderParams, request.count, request.start)
      .map((row) => ({
        urn: row.urn,
        entityType: row.entity_type,
        name: row.name,
        description: row.description,
      }));
  }

  /** Names starting with (or containing a word starting with) the query, best first. */
  autocomplete(request: Omit<SearchRequest, 'facetFields' | 'maxFacetValues' | 'start'>): SearchHit[] {
    this.beforeRead();
    const tokens = queryTokens(request.query);
    if (tokens.length === 0) return [];
    const nameQuery = `name : (${tokens.map((token) => `"${token}"*`).join(' ')})`;
    const matched = this.matchedClause(
      { ...request, start: 0, facetFields: [], maxFacetValues: 0 },
      nameQuery,
    );
    const prefix = normalizeName(request.query);
    return this.prepared<unknown[], { urn: string; entity_type: string; name: string; description: string }>(
      `SELECT e.urn, e.entity_type, e.name, e.description ${matched.from}
         ORDER BY (e.name_key = ?) DESC, (substr(e.name_key, 1, length(?)) = ?) DESC, length(e.name), e.name_key, e.urn
         LIMIT ?`,
    )
      .all(...matched.params, prefix, prefix, prefix, request.count)
      .map((row) => ({
        urn: row.urn,
        entityType: row.entity_type,
        name: row.name,
        description: row.description,
      }));
  }

  /** Related entities through the named relationships, in one direction, a page at a time. */
  relationships(input: {
    readonly urn: string;
    readonly types: readonly string[];
    readonly direction: 'INCOMING' | 'OUTGOING';
    readonly start: number;
    readonly count: number;
    readonly includeRemoved: boolean;
  }): { total: number; items: RelatedEntity[] } {
    this.beforeRead();
    if (input.types.length === 0) return { total: 0, items: [] };
    const [self, other] =
      input.direction === 'OUTGOING' ? ['source', 'destination'] : ['destination', 'source'];
    const types = listOf([...new Set(input.types)]);
    const removedFilter = input.includeRemoved
      ? ''
      : `AND NOT EXISTS (SELECT 1 FROM search_entity s WHERE s.urn = r.${other} AND s.removed = 1)`;
    const from = `FROM (SELECT DISTINCT r.name, r.${other} AS related FROM relationship r
                  WHERE r.${self} = ? AND r.name IN ${types.sql} ${removedFilter})`;
    const params = [input.urn, ...types.params];
    const total = this.prepared<unknown[], { total: number }>(`SELECT COUNT(*) AS total ${from}`).get(
      ...params,
    );
    const items = this.prepared<unknown[], { name: string; related: string }>(
      `SELECT name, related ${from} ORDER BY name, related LIMIT ? OFFSET ?`,
    )
      .all(...params, input.count, input.start)
      .map((row) => ({ type: row.name, urn: row.related }));
    return { total: total?.total ?? 0, items };
  }

  /** The FROM/WHERE part shared by hit listing, counting and facet counting. */
  private matchedClause(
    request: SearchRequest,
    ftsQuery: string | undefined = fullTextQuery(request.query),
  ): { from: string; params: unknown[]; fullText: boolean } {
    const where: string[] = [];
    const params: unknown[] = [];
    let from = 'FROM search_entity e';
    if (ftsQuery !== undefined) {
      from = 'FROM search_text JOIN search_entity e ON e.id = search_text.rowid';
      where.push('search_text MATCH ?');
      params.push(ftsQuery);
    }
    if (request.entityTypes.length > 0) {
      const types = listOf([...new Set(request.entityTypes)]);
      where.push(`e.entity_type IN ${types.sql}`);
      params.push(...types.params);
    }
    const mentionsRemoved = request.filters.some((group) => group.some((item) => item.field === 'removed'));
    if (!request.includeRemoved && !mentionsRemoved) where.push('e.removed = 0');
    const groups = request.filters
      .map((group) => group.flatMap((criterion) => criterionSql(criterion)))
      .filter((group) => group.length > 0);
    if (groups.length > 0) {
      where.push(
        `(${groups.map((group) => `(${group.map((item) => item.sql).join(' AND ')})`).join(' OR ')})`,
      );
      for (const group of groups) for (const item of group) params.push(...item.params);
    }
    return {
      from: `${from}${where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`}`,
      params,
      fullText: ftsQuery !== undefined,
    };
  }

  private facetCounts(request: SearchRequest, matched: { from: string; params: unknown[] }): FacetCount[] {
    if (request.facetFields.length === 0) return [];
    const facetRowFields = listOf([
      ...new Set(request.facetFields.filter((field) => !ROW_FIELDS.has(field))),
    ]);
    const rows =
      facetRowFields.params.length === 0
        ? []
        : this.prepared<unknown[], { facet: string; value: string; count: number }>(
            `SELECT f.facet, f.value, COUNT(*) AS count FROM search_facet f
               WHERE f.facet IN ${facetRowFields.sql} AND f.id IN (SELECT e.id ${matched.from})
               GROUP BY f.facet, f.value`,
          ).all(...facetRowFields.params, ...matched.params);
    for (const field of new Set(request.facetFields)) {
      const rowField = ROW_FIELDS.get(field);
      if (rowField === undefined) continue;
      const counted = this.prepared<unknown[], { value: string; count: number }>(
        `SELECT ${rowField.valueSql} AS value, COUNT(*) AS count ${matched.from} GROUP BY value`,
      ).all(...matched.params);
      for (const row of counted) rows.push({ facet: field, ...row });
    }
    return request.facetFields.map((field) => ({
      field,
      values: rows
        .filter((row) => row.facet === field)
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
        .slice(0, request.maxFacetValues)
        .map((row) => ({ value: row.value, count: row.count })),
    }));
  }
}

/** `(?, ?, ?), (?, ?, ?), …`: the VALUES of a statement inserting `rows` rows of `columns` columns. */
function valuesList(columns: number, rows: number): string {
  const row = `(${new Array<string>(columns).fill('?').join(', ')})`;
  return new Array<string>(rows).fill(row).join(', ');
}

/**
 * Writes rows ROWS_PER_INSERT at a time through `many` and the rest one by one through `one`; `bind` appends a
 * row's parameters (to one array reused for every statement: a bulk load writes hundreds of thousands of rows).
 */
function insertRows<T>(
  rows: readonly T[],
  many: Database.Statement,
  one: Database.Statement,
  bind: (row: T, params: (string | number)[]) => void,
): void {
  const params: (string | number)[] = [];
  let index = 0;
  for (; index + ROWS_PER_INSERT <= rows.length; index += ROWS_PER_INSERT) {
    params.length = 0;
    for (let row = index; row < index + ROWS_PER_INSERT; row += 1) bind(rows[row] as T, params);
    many.run(params);
  }
  for (; index < rows.length; index += 1) {
    params.length = 0;
    bind(rows[index] as T, params);
    one.run(params);
  }
}

/**
 * SQLite's order of the primary key (facet, value, id): BINARY collation compares UTF-8 bytes, which code-unit
 * order matches but for characters beyond the BMP against U+E000-U+FFFF; only the speed of the inserts depends
 * on it, not what they write.
 */
function compareFacetRows(a: FacetRow, b: FacetRow): number {
  return compareText(a.facet, b.facet) || compareText(a.value, b.value) || a.id - b.id;
}

function compareRelationshipRows(a: RelationshipRow, b: RelationshipRow): number {
  return (
    compareText(a.source, b.source) ||
    compareText(a.name, b.name) ||
    compareText(a.destination, b.destination) ||
    compareText(a.aspect, b.aspect)
  );
}

/** What makes two search requests the same search (the page apart). */
function searchKey(request: SearchRequest): string {
  return JSON.stringify([
    request.query,
    request.entityTypes,
    request.filters.map((group) =>
      group.map((criterion) => [criterion.field, criterion.values, criterion.negated, criterion.condition]),
    ),
    request.includeRemoved,
    request.facetFields,
    request.maxFacetValues,
  ]);
}

/** The search_entity row of an entity (urn, entity_type, name, name_key, description, removed). */
function entityRow(urn: string, doc: SearchDocument): [string, string, string, string, string, number] {
  return [urn, doc.entityType, doc.name, normalizeName(doc.name), doc.description, doc.removed ? 1 : 0];
}

/** Lower-cased and trimmed: how names are compared for exact-match ranking. */
export function normalizeName(name: string): string {
  return name.trim().toLowerCase();
}

/** Words of a query as FTS5 sees them: runs of letters and digits (the tokenizer splits on the rest). */
export function queryTokens(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}

/** `*` or an empty query lists everything; otherwise every word must match, as a prefix. */
function fullTextQuery(query: string): string | undefined {
  const tokens = queryTokens(query);
  return tokens.length === 0 ? undefined : tokens.map((token) => `"${token}"*`).join(' ');
}

function criterionSql(criterion: FacetCriterion): { sql: string; params: unknown[] }[] {
  if (criterion.condition !== 'EXISTS' && criterion.values.length === 0) return [];
  const rowField = ROW_FIELDS.get(criterion.field);
  if (rowField !== undefined) {
    const test = rowFieldTest(criterion, rowField);
    return [{ sql: criterion.negated ? `NOT ${test.sql}` : test.sql, params: test.params }];
  }
  const test = valueTest(criterion, 'f.value');
  // The ids having the value, listed once (SQLite probes the list through a bloom filter), rather than an EXISTS
  // probe of the facet rows for every matched entity: half the time when a common word matches 80,000 entities.
  const having = `e.id IN (SELECT f.id FROM search_facet f WHERE f.facet = ?${test === undefined ? '' : ` AND ${test.sql}`})`;
  return [
    {
      sql: criterion.negated ? `NOT ${having}` : having,
      params: [criterion.field, ...(test?.params ?? [])],
    },
  ];
}

/** A criterion on a field of the search row (see row-fields.ts): every entity has one value of it. */
function rowFieldTest(criterion: FacetCriterion, field: RowField): { sql: string; params: unknown[] } {
  if (criterion.condition === 'EQUAL' || criterion.condition === 'IN') {
    const stored = criterion.values.map(field.stored);
    if (stored.every((values) => values !== undefined)) {
      const values = stored.flat();
      if (values.length === 0) return { sql: '0', params: [] };
      const list = listOf(values);
      return { sql: `${field.column} IN ${list.sql}`, params: list.params };
    }
  }
  return valueTest(criterion, field.valueSql) ?? { sql: '1', params: [] };
}

/**
 * At most this many values of a filter are bound one by one; more are bound as one JSON parameter, so that a
 * filter of any length is one statement (SQLite takes at most 32,766 parameters, and DataHub's web app can list
 * thousands of URNs). A short list stays visible to the planner: one type's entities come in name order from
 * its index, where a JSON list of that one type made SQLite sort 125,000 rows (measured at 250,000 entities).
 */
const BOUND_ONE_BY_ONE = 100;

/** A parenthesized list of the values (`item` applied to each): `(item(?), …)`, or a SELECT over a JSON parameter. */
function listOf(
  values: readonly unknown[],
  item: (value: string) => string = (value) => value,
): { sql: string; params: unknown[] } {
  if (values.length <= BOUND_ONE_BY_ONE)
    return { sql: `(${values.map(() => item('?')).join(', ')})`, params: [...values] };
  return { sql: `(SELECT ${item('value')} FROM json_each(?))`, params: [JSON.stringify(values)] };
}

/** Whether `test` holds for any of the values: `(test(?) OR …)`, or EXISTS over a JSON parameter. */
function anyOf(
  values: readonly unknown[],
  test: (value: string) => string,
): { sql: string; params: unknown[] } {
  if (values.length <= BOUND_ONE_BY_ONE)
    return { sql: `(${values.map(() => test('?')).join(' OR ')})`, params: [...values] };
  return { sql: `EXISTS (SELECT 1 FROM json_each(?) AS listed WHERE ${test('listed.value')})`, params: [JSON.stringify(values)] }; // prettier-ignore
}

/** The SQL test of a criterion on the value `value` (SQL); none for EXISTS, which any value passes. */
function valueTest(criterion: FacetCriterion, value: string): { sql: string; params: unknown[] } | undefined {
  const values = criterion.values;
  switch (criterion.condition) {
    case 'EXISTS':
      return undefined;
    case 'IEQUAL': {
      const list = listOf(values, (item) => `lower(${item})`);
      return { sql: `lower(${value}) IN ${list.sql}`, params: list.params };
    }
    case 'CONTAIN':
    case 'START_WITH':
    case 'END_WITH': {
      const pattern = (text: string): string => {
        const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
        if (criterion.condition === 'CONTAIN') return `%${escaped}%`;
        return criterion.condition === 'START_WITH' ? `${escaped}%` : `%${escaped}`;
      };
      return anyOf(values.map(pattern), (item) => `${value} LIKE ${item} ESCAPE '\\'`);
    }
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL_TO':
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL_TO': {
      const operator = {
        GREATER_THAN: '>',
        GREATER_THAN_OR_EQUAL_TO: '>=',
        LESS_THAN: '<',
        LESS_THAN_OR_EQUAL_TO: '<=',
      }[criterion.condition];
      // Not a number compares with nothing (bound as NULL; in JSON, NaN becomes null).
      return anyOf(values.map(Number), (item) => `CAST(${value} AS REAL) ${operator} ${item}`);
    }
    case 'EQUAL':
    case 'IN': {
      const list = listOf(values);
      return { sql: `${value} IN ${list.sql}`, params: list.params };
    }
  }
}
