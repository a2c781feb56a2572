import path from 'node:path';
import { MAX_BATCH_BYTES, chunkProposals } from '../client/restli-client.js';
import { parseMetadataRecords, type CheckedProposal } from '../model/metadata-file.js';
import { describeTarget, resolveTarget, type Target } from '../client/target.js';
import {
  badRecordsMessage,
  emptyFileMessage,
  readMetadataJson,
} from '../server/bulk-load/read-metadata-file.js';
import type { Catalog, LoadOutcome } from '../server/bulk-load/load-file.js';
import type * as LoadFileModule from '../server/bulk-load/load-file.js';
import type * as CatalogServiceModule from '../server/catalog-service.js';
import type * as AspectStoreModule from '../server/store/aspect-store.js';
import type { EngineContext } from './context.js';
import { openTarget } from './open-target.js';
import { errorMessage } from '../model/error-message.js';

export { MAX_METADATA_FILE_BYTES } from '../server/bulk-load/read-metadata-file.js';

export interface IngestOptions extends EngineContext {
  /** The metadata files, relative to cwd. */
  readonly files: readonly string[];
  /** The DataHub GMS URL; default DATAHUB_GMS_URL, ~/.datahubenv, else the embedded catalog. */
  readonly server?: string;
  /** Told each file's outcome as soon as it is known. */
  readonly onFile?: (outcome: IngestOutcome) => void;
}

/** What became of one file: ingested (with its counts), or refused (`message`: the lines that say why). */
export type IngestOutcome =
  | {
      readonly kind: 'ingested';
      readonly file: string;
      readonly records: number;
      readonly aspects: number;
      readonly entities: number;
      /** Where it went, as shown to people. */
      readonly target: string;
    }
  | { readonly kind: 'refused'; readonly file: string; readonly message: string };

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
 * A refused file does not stop the others; the result lists every file's outcome, in order.
 */
export async function ingestFiles(options: IngestOptions): Promise<readonly IngestOutcome[]> {
  const outcomes: IngestOutcome[] = [];
  const report = (outcome: IngestOutcome): void => {
    outcomes.push(outcome);
    options.onFile?.(outcome);
  };
  const inputs = options.server === undefined ? {} : { serverFlag: options.server };
  const target = await resolveTarget({ ...inputs, env: options.env, cwd: options.cwd });
  if (target.kind === 'embedded') await ingestEmbedded(options, target, report);
  else await ingestRemote(options, report);
  return outcomes;
}

type Report = (outcome: IngestOutcome) => void;

/** Each file in turn, in one transaction of the embedded catalog; the catalog is opened for the first good file. */
async function ingestEmbedded(
  options: IngestOptions,
  target: Extract<Target, { kind: 'embedded' }>,
  report: Report,
): Promise<void> {
  const { readInWorker } = await import('../server/bulk-load/read-in-worker.js');
  let writing: Promise<WritingModules> | undefined;
  let catalog: Catalog | undefined;
  try {
    for (const file of options.files) {
      // The reading thread starts first: the writing side's modules load while it does.
      const reading = readInWorker(file, path.resolve(options.cwd, file));
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
        report({
          kind: 'refused',
          file,
          message: `error ${file}: ${errorMessage(error)}; nothing of it was written\n`,
        });
        continue;
      }
      if (outcome.kind === 'empty' || outcome.kind === 'refused') {
        report({
          kind: 'refused',
          file,
          message: outcome.kind === 'empty' ? emptyFileMessage(file) : outcome.message,
        });
        continue;
      }
      const { records, aspects, entities } = outcome;
      report({ kind: 'ingested', file, records, aspects, entities, target: describeTarget(target) });
    }
  } finally {
    catalog?.store.close();
  }
}

type WritingModules = [typeof AspectStoreModule, typeof CatalogServiceModule, typeof LoadFileModule];

/** Not create-server.js: it loads GraphQL and the web UI, which writing the store does not need. */
function loadWritingModules(): Promise<WritingModules> {
  return Promise.all([
    import('../server/store/aspect-store.js'),
    import('../server/catalog-service.js'),
    import('../server/bulk-load/load-file.js'),
  ]);
}

/** Every file is checked whole before anything is sent; then each is sent in the requests GMS takes. */
async function ingestRemote(options: IngestOptions, report: Report): Promise<void> {
  const parsed: ParsedFile[] = [];
  for (const file of options.files) {
    const result = await parseFile(file, path.resolve(options.cwd, file));
    if (typeof result === 'string') report({ kind: 'refused', file, message: result });
    else parsed.push(result);
  }
  if (parsed.length === 0) return;

  const { files: _files, onFile: _onFile, ...target } = options;
  const connection = await openTarget(target);
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
          options.onEvent?.({
            type: 'warning',
            message: `${file} is larger than 15 MiB and is sent in ${requests.length} requests, each applied on its own`,
          });
        }
        for (const request of requests) {
          await connection.client.restli.ingestBatch(request);
          sent += request.length;
        }
      } catch (error) {
        const message = errorMessage(error);
        report({
          kind: 'refused',
          file,
          message: `error ${file}: ${message}; ${sent === 0 ? 'nothing of it was written' : `${sent} of ${proposals.length} aspects were written before the failure`}\n`,
        });
        continue;
      }
      const entities = new Set(proposals.map((proposal) => proposal.entityUrn)).size;
      report({
        kind: 'ingested',
        file,
        records,
        aspects: proposals.length,
        entities,
        target: connection.description,
      });
    }
  } finally {
    await connection.close();
  }
}

async function parseFile(file: string, absolute: string): Promise<ParsedFile | string> {
  const json = await readMetadataJson(file, absolute);
  if (!json.ok) return json.message;
  const records = parseMetadataRecords(json.value);
  if (!records.ok) return badRecordsMessage(file, records.errors);
  if (records.proposals.length === 0) return emptyFileMessage(file);
  return { file, records: records.records, proposals: records.proposals };
}
