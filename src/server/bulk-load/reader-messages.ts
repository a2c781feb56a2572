/** What the thread reading a metadata file tells the thread writing it (see load-file.ts), in this order. */
import type { DerivedEntity } from '../search/derive-entity.js';
import type { AcceptedRows } from './accepted-rows.js';

export type ReaderMessage =
  /** The next accepted proposals, in file order. */
  | { readonly kind: 'rows'; readonly rows: AcceptedRows }
  /** After each rows: what the entities they touch derive to so far, for the indexes (the latest one holds). */
  | { readonly kind: 'derived'; readonly entities: ReadonlyMap<string, DerivedEntity> }
  /** The end of a file read whole. */
  | { readonly kind: 'done'; readonly records: number; readonly aspects: number; readonly entities: number }
  /** The file cannot be ingested (unreadable, not JSON, bad records): the message to print. */
  | { readonly kind: 'refused'; readonly message: string }
  /** The catalog refuses a proposal (unknown aspect, bad URN key), or the reading failed. */
  | { readonly kind: 'failed'; readonly message: string }
  /** The file holds no records. */
  | { readonly kind: 'empty' };
