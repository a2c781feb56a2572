// The floor of bench/embedded-250k.js's ingest, run in its own process (`embedded-250k.js --floor <file> <db>`).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * The floor: reads and parses the file, turns each record into the row the catalog stores (value as JSON text,
 * system metadata, and a key aspect row per entity), and inserts the rows with one prepared statement in one
 * transaction, journaled as the embedded ingest writes a file, into metadata_aspect_v2 with its index and no
 * search or relationship index. Prints the time of its parts.
 */
export async function floorInsert(file, dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const { keyAspectFromUrn } = await import('../dist/model/registry.js');
  const { parseRawUrn } = await import('../dist/model/urn.js');
  const t0 = performance.now();
  const records = JSON.parse(readFileSync(file, 'utf8'));
  const t1 = performance.now();
  const proposals = records.map((record) => ({
    entityType: record.entityType,
    entityUrn: record.entityUrn,
    changeType: 'UPSERT',
    aspectName: record.aspectName,
    aspect: record.aspect.json,
  }));
  const db = new Database(dbFile);
  // Journaled as the catalog writes a bulk load when it has the file to itself (AspectStore.openTransaction): a
  // rollback journal, synchronous FULL, so that the ratio compares like with like (docs/embedded-catalog.md).
  db.pragma('journal_mode = DELETE');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE metadata_aspect_v2 (
       urn TEXT NOT NULL, aspect TEXT NOT NULL, version INTEGER NOT NULL, metadata TEXT NOT NULL,
       systemmetadata TEXT NOT NULL, createdon INTEGER NOT NULL, createdby TEXT NOT NULL,
       PRIMARY KEY (urn, aspect, version)) WITHOUT ROWID;
     CREATE INDEX metadata_aspect_v2_latest ON metadata_aspect_v2 (aspect, version, urn);`);
  const insert = db.prepare('INSERT INTO metadata_aspect_v2 VALUES (?, ?, 0, ?, ?, ?, ?)');
  const now = Date.now();
  const systemMetadata = JSON.stringify({ lastObserved: now, version: '1' });
  const actor = 'urn:li:corpuser:datahub';
  const t2 = performance.now();
  let rows = 0;
  const keyed = new Set();
  db.transaction(() => {
    for (const proposal of proposals) {
      insert.run(
        proposal.entityUrn,
        proposal.aspectName,
        JSON.stringify(proposal.aspect),
        systemMetadata,
        now,
        actor,
      );
      rows += 1;
      if (!keyed.has(proposal.entityUrn)) {
        keyed.add(proposal.entityUrn);
        const raw = parseRawUrn(proposal.entityUrn);
        const key = keyAspectFromUrn(raw.value.entityType, raw.value.parts);
        insert.run(proposal.entityUrn, key.aspectName, JSON.stringify(key.value), systemMetadata, now, actor);
        rows += 1;
      }
    }
  })();
  db.close();
  const t3 = performance.now();
  console.log(JSON.stringify({ readParseMs: t1 - t0, insertMs: t3 - t2, rows, transactions: 1 }));
}
