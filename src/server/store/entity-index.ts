/**
 * The search and relationship indexes of the embedded catalog, in the same SQLite file as the aspects, derived
 * from the latest aspects. Writers do not refresh them themselves: they mark the entities they wrote (IndexQueue),
 * and every read here first brings the marked entities up to date, so a reader never sees the indexes disagree
 * with the aspects.
 *
 * The parts: IndexWriter writes the rows (index-writer.ts, index-rows.ts), EntitySearch reads searches
 * (entity-search.ts, with the request's SQL from filter-sql.ts), readRelationships reads the relationship rows,
 * SearchMemory keeps the facet mirror and recent answers, and StatementCache the statements built at run time.
 */
import type Database from 'better-sqlite3';
import type { JsonObject } from '../../model/json.js';
import { EntitySearch } from './entity-search.js';
import { IndexWriter, type IndexLoad, type LoadManyAspects } from './index-writer.js';
import { readRelationships } from './read-relationships.js';
import { SearchMemory } from './search-memory.js';
import type {
  AutocompleteRequest,
  RelatedEntity,
  RelationshipsRequest,
  SearchHit,
  SearchRequest,
  SearchResponse,
} from './search-request.js';
import { StatementCache } from './statement-cache.js';

export type { IndexLoad } from './index-writer.js';
export type {
  FacetCount,
  FacetCriterion,
  FilterCondition,
  RelatedEntity,
  SearchHit,
  SearchRequest,
  SearchResponse,
} from './search-request.js';
export { queryTokens } from './filter-sql.js';
export { normalizeName } from './index-rows.js';

export class EntityIndex {
  private readonly writer: IndexWriter;
  private readonly searcher: EntitySearch;
  /** Statements of queries built at run time, shared by every read (see StatementCache). */
  private readonly statements: StatementCache;

  constructor(
    db: Database.Database,
    loadAspects: (urn: string) => ReadonlyMap<string, JsonObject>,
    /** Run before every read: brings entities written since their last indexing up to date. */
    private readonly beforeRead: () => void = () => undefined,
    /**
     * The latest aspects of many entities in one query (an entity without any is left out): what a large refresh
     * reads instead of one query per entity.
     */
    loadManyAspects?: LoadManyAspects,
  ) {
    this.statements = new StatementCache(db);
    const memory = new SearchMemory(db, this.statements);
    this.writer = new IndexWriter(db, memory, loadAspects, loadManyAspects);
    this.searcher = new EntitySearch(db, memory, this.statements);
  }

  /** Re-derives the index rows of these entities from their latest aspects. Run inside a transaction. */
  refresh(urns: Iterable<string>): void {
    this.writer.refresh(urns);
  }

  /**
   * Indexing for a bulk load of entities the index does not hold (server/bulk-load), in one transaction, a batch
   * at a time (see IndexWriter.beginLoad).
   */
  beginLoad(): IndexLoad {
    return this.writer.beginLoad();
  }

  /** Rebuilds every index row from the aspects (on migration, and to repair). */
  rebuildAll(): void {
    this.writer.rebuildAll();
  }

  search(request: SearchRequest): SearchResponse {
    this.beforeRead();
    return this.searcher.search(request);
  }

  /** Names starting with (or containing a word starting with) the query, best first. */
  autocomplete(request: AutocompleteRequest): SearchHit[] {
    this.beforeRead();
    return this.searcher.autocomplete(request);
  }

  /** Related entities through the named relationships, in one direction, a page at a time. */
  relationships(input: RelationshipsRequest): { total: number; items: RelatedEntity[] } {
    this.beforeRead();
    return readRelationships(this.statements, input);
  }
}
