/**
 * Writing the search and relationship indexes: re-deriving entities from their latest aspects (refresh), a bulk
 * load's entities as they come (beginLoad), and everything again (rebuildAll).
 */
import type Database from 'better-sqlite3';
import type { JsonObject } from '../../model/json.js';
import { deriveEntity, type DerivedEntity } from '../search/derive-entity.js';
import {
  compareFacetRows,
  compareRelationshipRows,
  entityRow,
  type FacetRow,
  type PendingRows,
  type RelationshipRow,
  type TextRow,
} from './index-rows.js';
import { insertRows, prepareIndexWrites, type IndexWriteStatements } from './index-write-statements.js';
import type { SearchMemory } from './search-memory.js';

/** See EntityIndex.beginLoad. */
export interface IndexLoad {
  /** Indexes these entities, none of which the index holds (nor an earlier `add` of this load). */
  add(entities: ReadonlyMap<string, DerivedEntity>): void;
  /** After the last `add`, in the same transaction. */
  finish(): void;
}

/** The latest aspects of one entity, by name. */
export type LoadAspects = (urn: string) => ReadonlyMap<string, JsonObject>;

/** The latest aspects of many entities in one query (an entity without any is left out). */
export type LoadManyAspects = (
  urns: readonly string[],
) => ReadonlyMap<string, ReadonlyMap<string, JsonObject>>;

/** Entities whose aspects a refresh reads in one query. */
const LOAD_CHUNK = 500;
/** The fewest entities a refresh indexes in bulk (see `isBulk`). */
const BULK_MIN_ENTITIES = 5000;
const NO_ASPECTS: ReadonlyMap<string, JsonObject> = new Map();

export class IndexWriter {
  private readonly statements: IndexWriteStatements;

  constructor(
    private readonly db: Database.Database,
    private readonly memory: SearchMemory,
    private readonly loadAspects: LoadAspects,
    private readonly loadManyAspects: LoadManyAspects | undefined,
  ) {
    this.statements = prepareIndexWrites(db);
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
    this.memory.noteWrite();
    const indexed = this.statements.countEntities.get()?.total ?? 0;
    const rebuild = isBulk(list.length, indexed) ? this.dropSecondaryIndexes() : [];
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
    this.memory.afterWrite();
  }

  /**
   * Indexing for a bulk load of entities the index does not hold (server/bulk-load), in one transaction, a batch
   * at a time, each batch as a refresh writes its rows. Once the load has added twice as many entities as the
   * index held (and at least as many as a refresh indexes in bulk, `isBulk`), the secondary indexes are dropped,
   * and built again at the end. Twice, not once as for a refresh: a load does not know its size up front, and
   * dropping them near its end rebuilds the whole index for little (measured slower on 50,000 entities loaded into
   * a catalog of 50,000). Holding every facet and relationship row for one sorted write at the end was measured
   * slower too: the rows held grew the garbage collector's work more than the sorted write saved.
   */
  beginLoad(): IndexLoad {
    const indexed = this.statements.countEntities.get()?.total ?? 0;
    let added = 0;
    let rebuild: string[] | undefined;
    return {
      add: (entities) => {
        this.memory.noteWrite();
        const rows: PendingRows = { fresh: true, texts: [], facets: [], relationships: [] };
        for (const [urn, entity] of entities) this.insertEntity(urn, entity, rows);
        this.insertFacets(rows.facets);
        this.insertRelationships(rows.relationships);
        this.insertTexts(rows.texts);
        added += entities.size;
        if (rebuild === undefined && isBulk(added, 2 * indexed)) rebuild = this.dropSecondaryIndexes();
      },
      finish: () => {
        for (const sql of rebuild ?? []) this.db.exec(sql);
        this.memory.afterWrite();
      },
    };
  }

  /** Rebuilds every index row from the aspects (on migration, and to repair). */
  rebuildAll(): void {
    this.memory.noteWrite();
    this.memory.dropMirror();
    this.statements.clear.run();
    this.statements.clearText.run();
    this.statements.clearFacets.run();
    this.statements.clearRelationships.run();
    this.refresh(this.statements.allUrns.all().map((row) => row.urn));
  }

  /** Drops the secondary indexes of the index tables (in the open transaction); answers the SQL that makes them. */
  private dropSecondaryIndexes(): string[] {
    const indexes = this.statements.secondaryIndexes.all();
    for (const { name } of indexes) this.db.exec(`DROP INDEX "${name}"`);
    return indexes.map((index) => index.sql);
  }

  /**
   * Refreshes an entity's search row and deletes its older rows; adds to `rows` what `refresh` writes after every
   * entity: its full text (its id, whether an older text row goes, and the new one, none when the entity is gone),
   * facet and relationship rows. `entity` is what its latest aspects give, none when it has no key aspect.
   */
  private refreshRows(urn: string, entity: DerivedEntity | undefined, rows: PendingRows): void {
    const existing = rows.fresh ? undefined : this.statements.idOf.get(urn)?.id;
    if (existing !== undefined) this.memory.noteRederived(existing);
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
    const upserted = this.statements.upsert.get(...entityRow(urn, entity.document));
    // RETURNING answers the row it wrote, inserted or updated.
    if (upserted === undefined) throw new Error(`the search row of ${urn} was not written`);
    this.addRows(upserted.id, urn, entity, rows, true);
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
    this.memory.noteRederived(id);
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
}

/**
 * Whether a refresh is large enough, against what the index holds, that building the secondary indexes again
 * from sorted rows is cheaper than adding its rows to them one by one (a bulk load into a new or small catalog).
 */
function isBulk(entities: number, indexed: number): boolean {
  return entities >= BULK_MIN_ENTITIES && entities >= indexed;
}
