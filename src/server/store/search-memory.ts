/**
 * What the entity index keeps in memory between reads: the facet mirror (every entity's facet values, for
 * counting; see FacetMirror) and the answers of recent searches, with what tells when either is out of date:
 * the entities re-derived since, this connection's index writes, and other connections' commits.
 */
import type Database from 'better-sqlite3';
import { LruMap } from '../../model/lru-map.js';
import { FacetMirror, parseIds } from '../search/facet-mirror.js';
import { ROW_FIELDS, rowFieldValues, type SearchRowColumns } from './row-fields.js';
import type { SearchHit, SearchSummary } from './search-request.js';
import type { StatementCache } from './statement-cache.js';

/**
 * The most entities re-derived since the facet mirror was last brought up to date that it reads again one by
 * one; beyond, it is dropped and read again whole on the next count (a bulk load re-derives everything).
 */
const MIRROR_UPDATE_LIMIT = 20_000;
/** Search answers kept for repeated requests (the app asks the same search again as it renders and pages). */
const CACHED_SEARCHES = 256;

/**
 * A field of the facet mirror that is not a facet: each entity's `removed` flag and type (`0\u0000dataset`), what
 * a full-text search without filters checks in memory rather than by joining every match to search_entity.
 */
export const ENTITY_FIELD = '\u0000entity';

/** Every value of a field with the ids of the entities having it (ids as one string, group_concat). */
interface FieldValuesRow {
  readonly value: string;
  readonly ids: string;
}

export class SearchMemory {
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

  constructor(
    db: Database.Database,
    private readonly statementCache: StatementCache,
  ) {
    this.statements = {
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      facetField: db.prepare<[string], FieldValuesRow>(
        'SELECT value, group_concat(id) AS ids FROM search_facet WHERE facet = ? GROUP BY value',
      ),
      facetsOf: db.prepare<[number], { facet: string; value: string }>(
        'SELECT facet, value FROM search_facet WHERE id = ?',
      ),
      entityField: db.prepare<[], FieldValuesRow>(
        `SELECT removed || char(0) || entity_type AS value, group_concat(id) AS ids FROM search_entity
         GROUP BY removed, entity_type`,
      ),
      searchRowOf: db.prepare<[number], SearchRowColumns>(
        'SELECT urn, entity_type, removed FROM search_entity WHERE id = ?',
      ),
    };
    this.mirror = this.newMirror();
  }

  /** The facet mirror, up to date after `catchUp`. */
  get facets(): FacetMirror {
    return this.mirror;
  }

  /** The index is being written (a refresh of at least one entity): no answer kept so far is reused. */
  noteWrite(): void {
    this.generation += 1;
  }

  /** An entity's rows were written again: the mirror reads them before its next count. */
  noteRederived(id: number): void {
    this.stale.add(id);
  }

  /** After a write: past MIRROR_UPDATE_LIMIT re-derived entities, the mirror is read again whole instead. */
  afterWrite(): void {
    if (this.stale.size > MIRROR_UPDATE_LIMIT) this.dropMirror();
  }

  /** Forgets the mirror (read again whole on the next count) and what it had to read again. */
  dropMirror(): void {
    this.mirror = this.newMirror();
    this.stale.clear();
  }

  /**
   * Brings the cache and the mirror up to date with the index: both are forgotten when another connection
   * committed, the cache when this one wrote the index, and the mirror reads again the entities re-derived.
   */
  catchUp(): void {
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

  /** The summary kept under `key`, if any. */
  cachedSummary(key: string): SearchSummary | undefined {
    const kept = this.cache.get(key);
    return kept !== undefined && 'total' in kept ? kept : undefined;
  }

  /** The page of hits kept under `key`, if any. */
  cachedHits(key: string): readonly SearchHit[] | undefined {
    const kept = this.cache.get(key);
    return kept === undefined || 'total' in kept ? undefined : kept;
  }

  keep(key: string, answer: SearchSummary | readonly SearchHit[]): void {
    this.cache.set(key, answer);
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

  /** Every value of a field with the ids of the entities having it (ids as one string), for the mirror. */
  private fieldValues(field: string): FieldValuesRow[] {
    if (field === ENTITY_FIELD) return this.statements.entityField.all();
    const rowField = ROW_FIELDS.get(field);
    if (rowField === undefined) return this.statements.facetField.all(field);
    return this.statementCache
      .prepared<[], FieldValuesRow>(
        `SELECT ${rowField.valueSql} AS value, group_concat(e.id) AS ids FROM search_entity e GROUP BY value`,
      )
      .all();
  }
}
