import path from 'node:path';
import { MAX_BATCH_BYTES, chunkProposals } from '../../client/restli-client.js';
import { plural } from '../../render/plural.js';
import { parseMetadataRecords, type CheckedProposal } from '../../model/metadata-file.js';
import { describeTarget, resolveTarget, type Target } from '../../client/target.js';
import {
  badRecordsMessage,
  emptyFileMessage,
  readMetadataJson,
} from '../../server/bulk-load/read-metadata-file.js';
import type { Catalog, LoadOutcome } from '../../server/bulk-load/load-file.js';
import type * as LoadFileModule from '../../server/bulk-load/load-file.js';
import type * as CatalogServiceModule from '../../server/catalog-service.js';
import type * as AspectStoreModule from '../../server/store/aspect-store.js';
import { connect } from '../connect.js';
import type { CliIo } from '../io.js';
import { errorMessage } from '../../model/error-message.js';

export { MAX_METADATA_FILE_BYTES } from '../../server/bulk-load/read-metadata-file.js';

interface ParsedFile {
  readonly file: string;
  readonly records: number;
  readonly proposals: readonly CheckedProposal[];
}

/**
 * `catalog ingest <file...>`: loads DataHub metadata files (MCE snapshots and MCPs) into the target. A remote
 * DataHub is sent each file through ingestProposalBatch once it is checked whole: a file up to 15 MiB goes in one
 * request, which GMS writes in one transaction, so a bad file leaves nothing behind. The embedded catalog writes
 * each file in one transaction, whatever its size, while another thread reads and checks it (server/bulk-load).
 */
export async function runIngest(
  files: readonly string[],
  options: { server?: string },
  io: CliIo,
): Promise<number> {
  const inputs = options.server === undefined ? {} : { serverFlag: options.server };
  const target = await resolveTarget({ ...inputs, env: io.env, cwd: io.cwd });
  return target.kind === 'embedded' ? ingestEmbedded(files, target, io) : ingestRemote(files, inputs, io);
}

/** Each file in turn, in one transaction of the embedded catalog; the catalog is opened for the first good file. */
async function ingestEmbedded(
  files: readonly string[],
  target: Extract<Target, { kind: 'embedded' }>,
  io: CliIo,
): Promise<number> {
  const { readInWorker } = await import('../../server/bulk-load/read-in-worker.js');
  let writing: Promise<WritingModules> | undefined;
  let catalog: Catalog | undefined;
  let failed = 0;
  try {
    for (const file of files) {
      // The reading thread starts first: the writing side's modules load while it does.
      const reading = readInWorker(file, path.resolve(io.cwd, file));
      writing ??= loadWritingModules();
      const [{ AspectStore }, { CatalogService, SERVER_ACTOR }, { loadMetadataFile }] = await writing.catch(
        async (error: unknown) => {
          await reading.stop();
          throw error;
        },
      );
      const open = (): Catalog => {
        if (catalog === undefined) {
          const store = new AspectStore(target.dbPath);
          catalog = { store, service: new CatalogService(store) };
        }
        return catalog;
      };
      let outcome: LoadOutcome;
      try {
        outcome = await loadMetadataFile(reading, file, open, SERVER_ACTOR);
      } catch (error) {
        failed += 1;
        io.stderr.write(`error ${file}: ${errorMessage(error)}; nothing of it was written\n`);
        continue;
      }
      if (outcome.kind === 'empty' || outcome.kind === 'refused') {
        io.stderr.write(outcome.kind === 'empty' ? emptyFileMessage(file) : outcome.message);
        failed += 1;
        continue;
      }
      io.stdout.write(ingestedLine(file, outcome, describeTarget(target)));
    }
  } finally {
    catalog?.store.close();
  }
  return failed === 0 ? 0 : 1;
}

/** What is printed for a file ingested. */
function ingestedLine(
  file: string,
  counts: { readonly records: number; readonly aspects: number; readonly entities: number },
  target: string,
): string {
  return `${file}: ingested ${counts.records} records (${plural(counts.aspects, 'aspect')} of ${plural(counts.entities, 'entity', 'entities')}) into ${target}\n`;
}

type WritingModules = [typeof AspectStoreModule, typeof CatalogServiceModule, typeof LoadFileModule];

/** Not create-server.js: it loads GraphQL and the web UI, which writing the store does not need. */
function loadWritingModules(): Promise<WritingModules> {
  return Promise.all([
    import('../../server/store/aspect-store.js'),
    import('../../server/catalog-service.js'),
    import('../../server/bulk-load/load-file.js'),
  ]);
}

/** Every file is checked whole before anything is sent; then each is sent in the requests GMS takes. */
async function ingestRemote(
  files: readonly string[],
  inputs: { serverFlag?: string },
  io: CliIo,
): Promise<number> {
  const parsed: ParsedFile[] = [];
  let failed = 0;
  for (const file of files) {
    const result = await parseFile(file, path.resolve(io.cwd, file));
    if (typeof result === 'string') {
      io.stderr.write(result);
      failed += 1;
    } else {
      parsed.push(result);
    }
  }
  if (parsed.length === 0) return 1;

  const connection = await connect(inputs, io);
  try {
    await connection.client.restli.config();
    for (const { file, records, proposals } of parsed) {
      let sent = 0;
      try {
        const requests = chunkProposals(proposals, {
          maxCount: Number.POSITIVE_INFINITY,
          maxBytes: MAX_BATCH_BYTES,
        });
        if (requests.length > 1) {
          io.stderr.write(
            `warning: ${file} is larger than 15 MiB and is sent in ${requests.length} requests, each applied on its own\n`,
          );
        }
        for (const request of requests) {
          await connection.client.restli.ingestBatch(request);
          sent += request.length;
        }
      } catch (error) {
        failed += 1;
        const message = errorMessage(error);
        io.stderr.write(
          `error ${file}: ${message}; ${sent === 0 ? 'nothing of it was written' : `${sent} of ${proposals.length} aspects were written before the failure`}\n`,
        );
        continue;
      }
      const entities = new Set(proposals.map((proposal) => proposal.entityUrn)).size;
      io.stdout.write(
        ingestedLine(file, { records, aspects: proposals.length, entities }, connection.description),
      );
    }
  } finally {
    await connection.close();
  }
  return failed === 0 ? 0 : 1;
}

async function parseFile(file: string, absolute: string): Promise<ParsedFile | string> {
  const json = await readMetadataJson(file, absolute);
  if (!json.ok) return json.message;
  const records = parseMetadataRecords(json.value);
  if (!records.ok) return badRecordsMessage(file, records.errors);
  if (records.proposals.length === 0) return emptyFileMessage(file);
  return { file, records: records.records, proposals: records.proposals };
}
