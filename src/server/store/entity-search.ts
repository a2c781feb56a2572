/**
 * Searching the index: a page of hits, the total and the facets of a request, and autocompletion. Outside a
 * transaction the total and facets come from the matched ids counted in the facet mirror, a full-text page is
 * ranked in memory from every match's score (rank-hits.ts), and answers are kept for repeated requests.
 */
import type Database from 'better-sqlite3';
import { parseIds } from '../search/facet-mirror.js';
import { parseScoredMatches, rankCandidates, sortRanked, type ScoredMatches } from '../search/rank-hits.js';
import { countFacetsInSql } from './count-facets-in-sql.js';
import { fullTextQuery, matchedClause, queryTokens, type MatchedClause } from './filter-sql.js';
import { normalizeName } from './index-rows.js';
import { startsStructureWord, urnStructureWords } from './urn-structure-words.js';
import { ENTITY_FIELD, type SearchMemory } from './search-memory.js';
import type {
  AutocompleteRequest,
  SearchHit,
  SearchRequest,
  SearchResponse,
  SearchSummary,
} from './search-request.js';
import type { StatementCache } from './statement-cache.js';

/** Weights of the full-text columns for bm25: name, description, fields, urn, other. */
const BM25_WEIGHTS = '10.0, 2.0, 1.5, 3.0, 1.0';
/** The largest page whose hits are kept in the cache. */
const CACHED_HITS_MAX = 100;

/** The columns of search_entity a hit is made of. */
interface HitRow {
  readonly urn: string;
  readonly entity_type: string;
  readonly name: string;
  readonly description: string;
}

/** A candidate of a ranked page: its hit's columns, and its id and name key to rank it by. */
interface CandidateRow extends HitRow {
  readonly id: number;
  readonly name_key: string;
}

export class EntitySearch {
  private readonly statements;
  /** By entity type: the words of its URNs besides their ids (see structureWordsOf). */
  private readonly structureWords = new Map<string, readonly string[]>();

  constructor(
    private readonly db: Database.Database,
    private readonly memory: SearchMemory,
    private readonly statementCache: StatementCache,
  ) {
    this.statements = {
      scoreText: db
        .prepare<[string], string | null>(
          `SELECT group_concat(scored) FROM
             (SELECT rowid || ' ' || bm25(search_text, ${BM25_WEIGHTS}) AS scored FROM search_text
              WHERE search_text MATCH ? LIMIT -1)`,
        )
        .pluck(),
      idsNamed: db.prepare<[string], number>('SELECT id FROM search_entity WHERE name_key = ?').pluck(),
      // DISTINCT over the (entity_type, name_key) index: one step per type, not per row.
      entityTypes: db.prepare<[], string>('SELECT DISTINCT entity_type FROM search_entity').pluck(),
      urnOfType: db
        .prepare<[string], string>('SELECT urn FROM search_entity WHERE entity_type = ? LIMIT 1')
        .pluck(),
      rowsOf: db.prepare<[string], CandidateRow>(
        `SELECT id, name_key, urn, entity_type, name, description FROM search_entity
         WHERE id IN (SELECT value FROM json_each(?))`,
      ),
    };
  }

  search(request: SearchRequest): SearchResponse {
    const matched = matchedClause(request);
    // Inside a transaction the rows may yet be rolled back: nothing read there is kept (cache, mirror), and
    // SQLite alone answers.
    if (this.db.inTransaction) {
      return {
        ...this.summarizeInSql(request, matched),
        hits: request.count === 0 ? [] : this.hits(request, matched),
      };
    }
    this.memory.catchUp();
    const key = searchKey(request);
    const summaryKey = `summary ${key}`;
    const hitsKey = `hits ${request.start} ${request.count} ${key}`;
    let summary = this.memory.cachedSummary(summaryKey);
    let hits = request.count === 0 ? [] : this.memory.cachedHits(hitsKey);
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
      this.memory.keep(summaryKey, summary);
      if (request.count > 0 && request.count <= CACHED_HITS_MAX) this.memory.keep(hitsKey, hits);
    }
    return { total: summary.total, hits, facets: summary.facets };
  }

  /**
   * Entities whose name or URN has a word starting with any word of the query, best first: the name itself, then
   * names starting with it, then the names matching more of its words. DataHub's AutocompleteRequestHandler
   * (v1.7.0) asks the same of Elasticsearch: a BOOL_PREFIX multi-match, whose words are OR-ed, over the delimited
   * and n-gram fields of the entity's autocomplete fields and always of its `urn` (`_defaultAutocompleteFields`),
   * whose analyzers split words at delimiters (`:`, `_`, `.`, …) but not at case changes (V2LegacySettingsBuilder:
   * split_on_case_change false). So `GlossaryTerm_x1` suggests every glossary term (each URN has the word
   * `glossaryterm`), ranked below the term itself, as DataHub's term picker shows it.
   */
  autocomplete(request: AutocompleteRequest): SearchHit[] {
    const tokens = [...new Set(queryTokens(request.query))];
    if (tokens.length === 0) return [];
    const wordsQuery = `{name urn} : (${tokens.map((token) => `"${token}"*`).join(' OR ')})`;
    const matched = matchedClause({ ...request, start: 0, facetFields: [], maxFacetValues: 0 }, wordsQuery);
    const prefix = normalizeName(request.query);
    const hits = this.statementCache
      .prepared<unknown[], HitRow>(
        `SELECT e.urn, e.entity_type, e.name, e.description ${matched.from}
         ORDER BY (e.name_key = ?) DESC, (substr(e.name_key, 1, length(?)) = ?) DESC,
                  bm25(search_text, ${BM25_WEIGHTS}), length(e.name), e.name_key, e.urn
         LIMIT ?`,
      )
      .all(...matched.params, prefix, prefix, prefix, request.count)
      .map(toHit);
    if (hits.length >= request.count) return hits;
    return [...hits, ...this.matchedByUrnStructure(request, tokens, hits)];
  }

  /**
   * The entities, not already suggested, matched only by a word of their URN's structure (`urn`, `li`, their
   * type): every entity of the types whose structure a query word starts, by name (see urn-structure-words.ts).
   */
  private matchedByUrnStructure(
    request: AutocompleteRequest,
    tokens: readonly string[],
    suggested: readonly SearchHit[],
  ): SearchHit[] {
    const types = request.entityTypes.length > 0 ? request.entityTypes : this.statements.entityTypes.all();
    const matchingTypes = [...new Set(types)].filter((type) => {
      const words = this.structureWordsOf(type);
      return words !== undefined && startsStructureWord(tokens, words);
    });
    if (matchingTypes.length === 0) return [];
    // The query `*` lists every entity of the types, with the request's filters.
    const listed = {
      ...request,
      query: '*',
      entityTypes: matchingTypes,
      start: 0,
      facetFields: [],
      maxFacetValues: 0,
    };
    const matched = matchedClause(listed);
    const already = new Set(suggested.map((hit) => hit.urn));
    return this.statementCache
      .prepared<unknown[], HitRow>(
        `SELECT e.urn, e.entity_type, e.name, e.description ${matched.from} ORDER BY e.name_key, e.urn LIMIT ?`,
      )
      .all(...matched.params, request.count)
      .map(toHit)
      .filter((hit) => !already.has(hit.urn))
      .slice(0, request.count - suggested.length);
  }

  /**
   * The structure words of a type's URNs, from one URN of it, kept once found: they are the same for every entity
   * of the type, and autocomplete asks for them on every keystroke (a type with no entity yet is asked again).
   */
  private structureWordsOf(entityType: string): readonly string[] | undefined {
    const known = this.structureWords.get(entityType);
    if (known !== undefined) return known;
    const sample = this.statements.urnOfType.get(entityType);
    if (sample === undefined) return undefined;
    const words = urnStructureWords(sample);
    this.structureWords.set(entityType, words);
    return words;
  }

  /**
   * The id and bm25 score of every match, as one string (better-sqlite3 spends more on 80,000 rows than SQLite
   * on the match; bm25 cannot be an aggregate's argument, hence the subquery, kept apart by its LIMIT).
   */
  private scoreMatched(matched: MatchedClause): ScoredMatches {
    const joined = this.statementCache
      .prepared<unknown[], string | null>(
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
    const positions = this.memory.facets.positionsWhere(ENTITY_FIELD, all.ids, (value) => {
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
  private summarize(request: SearchRequest, matched: MatchedClause): SearchSummary {
    if (request.facetFields.length === 0) return { total: this.countMatched(matched), facets: [] };
    // One string of ids rather than a row per id: better-sqlite3 spends more on 80,000 rows than SQLite on the
    // match.
    const joined = this.statementCache
      .prepared<unknown[], string | null>(`SELECT group_concat(e.id) ${matched.from}`)
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
        values: this.memory.facets.count(field, ids, request.maxFacetValues),
      })),
    };
  }

  /** The total and the facets counted by SQLite (inside a transaction, where the mirror is not used). */
  private summarizeInSql(request: SearchRequest, matched: MatchedClause): SearchSummary {
    return {
      total: this.countMatched(matched),
      facets: countFacetsInSql(this.statementCache, request, matched),
    };
  }

  private countMatched(matched: MatchedClause): number {
    return (
      this.statementCache
        .prepared<unknown[], { total: number }>(`SELECT COUNT(*) AS total ${matched.from}`)
        .get(...matched.params)?.total ?? 0
    );
  }

  /** A page of hits: an exact name match first, then by bm25, name and urn (none of which ties). */
  private hits(request: SearchRequest, matched: MatchedClause): SearchHit[] {
    const order = matched.fullText
      ? `ORDER BY (e.name_key = ?) DESC, bm25(search_text, ${BM25_WEIGHTS}), e.name_key, e.urn`
      : 'ORDER BY e.name_key, e.urn';
    const orderParams = matched.fullText ? [normalizeName(request.query)] : [];
    return this.statementCache
      .prepared<unknown[], HitRow>(
        `SELECT e.urn, e.entity_type, e.name, e.description ${matched.from} ${order} LIMIT ? OFFSET ?`,
      )
      .all(...matched.params, ...orderParams, request.count, request.start)
      .map(toHit);
  }
}

function toHit(row: HitRow): SearchHit {
  return { urn: row.urn, entityType: row.entity_type, name: row.name, description: row.description };
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
