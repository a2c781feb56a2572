/**
 * The embedded catalog's bulk load (`catalog ingest` without a remote DataHub): a metadata file is read, checked
 * and accepted in a worker thread (load-file-worker.ts, started by read-in-worker.ts) while this thread writes
 * what it sends into the catalog, in one transaction for the whole file. On two cores the reading overlaps the
 * writing, the longer half (for 50,000 entities the load took about 7.5 s instead of 10 s, measured). A file
 * with a bad record is refused whole: the transaction is rolled back and nothing of it is written.
 */
import type { CatalogService } from '../catalog-service.js';
import type { AspectStore } from '../store/aspect-store.js';
import { BulkWriter } from './bulk-writer.js';
import type { FileReading } from './read-in-worker.js';
import type { ReaderMessage } from './reader-messages.js';

export interface Catalog {
  readonly store: AspectStore;
  readonly service: CatalogService;
}

export type LoadOutcome =
  | { readonly kind: 'refused'; readonly message: string }
  /** The file holds no records. */
  | { readonly kind: 'empty' }
  | {
      readonly kind: 'loaded';
      readonly records: number;
      readonly aspects: number;
      readonly entities: number;
    };

/**
 * Loads one file from its reading thread (readInWorker), and stops that thread. `open` gives the catalog, opened
 * the first time a file is found worth writing. A file the catalog refuses, or a failure while writing it, throws
 * after the rollback: nothing of it was written.
 */
export async function loadMetadataFile(
  reading: FileReading,
  file: string,
  open: () => Catalog,
  actor: string,
): Promise<LoadOutcome> {
  try {
    const first = await reading.next();
    if (first.kind === 'refused') return first;
    if (first.kind === 'failed') throw new Error(first.message);
    if (first.kind === 'empty') return first;
    const { store, service } = open();
    const transaction = store.openTransaction();
    try {
      const writer = new BulkWriter(store, service, actor);
      for (let message: ReaderMessage = first; ; message = await reading.next()) {
        switch (message.kind) {
          case 'rows':
            writer.write(message.rows);
            break;
          case 'derived':
            writer.index(message.entities);
            break;
          case 'done':
            writer.finish();
            transaction.commit();
            return {
              kind: 'loaded',
              records: message.records,
              aspects: message.aspects,
              entities: message.entities,
            };
          case 'refused':
            transaction.rollback();
            return message;
          case 'failed':
            throw new Error(message.message);
          case 'empty':
            throw new Error(`${file}: the reading thread found no records after sending some`);
        }
      }
    } catch (error) {
      transaction.rollback();
      throw error;
    }
  } finally {
    await reading.stop();
  }
}
