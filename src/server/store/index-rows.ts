/**
 * The rows of the search and relationship indexes (pure): what a refresh collects for every entity before
 * writing, the search row of an entity, and the orders rows are written in.
 */
import { compareText } from '../../model/compare-text.js';
import type { SearchDocument } from '../search/search-document.js';

/** A full-text row to write: the entity's id, whether it had one, and its new text (none when it is gone). */
export interface TextRow {
  readonly id: number;
  readonly replaces: boolean;
  readonly text?: SearchDocument['text'];
}

export interface FacetRow {
  readonly facet: string;
  readonly value: string;
  readonly id: number;
}

export interface RelationshipRow {
  readonly source: string;
  readonly name: string;
  readonly destination: string;
  readonly aspect: string;
}

/** The rows a refresh writes after deriving every entity's. */
export interface PendingRows {
  /** The index held no entity when the refresh began. */
  readonly fresh: boolean;
  readonly texts: TextRow[];
  readonly facets: FacetRow[];
  readonly relationships: RelationshipRow[];
}

/** The columns of a search_entity row, in order: urn, entity_type, name, name_key, description, removed. */
export type EntityRow = [string, string, string, string, string, number];

/** Facet or relationship rows written by one statement (3 or 4 parameters each, far below SQLite's 32,766). */
export const ROWS_PER_INSERT = 256;

/** Lower-cased and trimmed: how names are compared for exact-match ranking (search_entity.name_key). */
export function normalizeName(name: string): string {
  return name.trim().toLowerCase();
}

/** The search_entity row of an entity (urn, entity_type, name, name_key, description, removed). */
export function entityRow(urn: string, doc: SearchDocument): EntityRow {
  return [urn, doc.entityType, doc.name, normalizeName(doc.name), doc.description, doc.removed ? 1 : 0];
}

/** `(?, ?, ?), (?, ?, ?), …`: the VALUES of a statement inserting `rows` rows of `columns` columns. */
export function valuesList(columns: number, rows: number): string {
  const row = `(${new Array<string>(columns).fill('?').join(', ')})`;
  return new Array<string>(rows).fill(row).join(', ');
}

/**
 * SQLite's order of the primary key (facet, value, id): BINARY collation compares UTF-8 bytes, which code-unit
 * order matches but for characters beyond the BMP against U+E000-U+FFFF; only the speed of the inserts depends
 * on it, not what they write.
 */
export function compareFacetRows(a: FacetRow, b: FacetRow): number {
  return compareText(a.facet, b.facet) || compareText(a.value, b.value) || a.id - b.id;
}

export function compareRelationshipRows(a: RelationshipRow, b: RelationshipRow): number {
  return (
    compareText(a.source, b.source) ||
    compareText(a.name, b.name) ||
    compareText(a.destination, b.destination) ||
    compareText(a.aspect, b.aspect)
  );
}
