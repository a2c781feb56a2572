import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_BATCH_BYTES, chunkBySize, chunkProposals } from '../../client/restli-client.js';
import { CatalogError } from '../../errors.js';
import { parseJson } from '../../model/json.js';
import { plural } from '../output/plural.js';
import { parseMetadataRecords, type CheckedProposal } from '../../model/metadata-file.js';
import { toWireProposal, type Proposal } from '../../model/proposal.js';
import { describeTarget, resolveTarget } from '../../client/target.js';
import { connect } from '../connect.js';
import type { CliIo } from '../io.js';
import { errorMessage } from '../../model/error-message.js';

export const MAX_METADATA_FILE_BYTES = 512 * 1024 * 1024;

interface ParsedFile {
  readonly file: string;
  readonly records: number;
  readonly proposals: readonly CheckedProposal[];
}

/**
 * `catalog ingest <file...>`: loads DataHub metadata files (MCE snapshots and MCPs) into the target through
 * ingestProposalBatch. Every file is checked whole before anything is sent; a file up to 15 MiB goes in one
 * request, which GMS writes in one transaction, so a bad file leaves nothing behind.
 */
export async function runIngest(
  files: readonly string[],
  options: { server?: string },
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

  const connection = await openWriter(options, io);
  try {
    for (const { file, records, proposals } of parsed) {
      let sent = 0;
      try {
        const requests = connection.requests(proposals);
        if (requests.length > 1) {
          io.stderr.write(
            `warning: ${file} is larger than 15 MiB and is sent in ${requests.length} requests, each applied on its own\n`,
          );
        }
        for (const request of requests) {
          await request.send();
          sent += request.aspects;
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
        `${file}: ingested ${records} records (${plural(proposals.length, 'aspect')} of ${plural(entities, 'entity', 'entities')}) into ${connection.description}\n`,
      );
    }
  } finally {
    await connection.close();
  }
  return failed === 0 ? 0 : 1;
}

/** Where the proposals go: one request per batch a DataHub would take (one transaction each). */
interface ProposalWriter {
  readonly description: string;
  /** The requests that write these proposals, in order; a proposal the target refuses throws before any is sent. */
  requests(proposals: readonly CheckedProposal[]): readonly WriteRequest[];
  close(): Promise<void>;
}

interface WriteRequest {
  /** How many aspects it writes. */
  readonly aspects: number;
  send(): Promise<void>;
}

/**
 * The embedded catalog is written in-process, through the same service the server's ingestProposalBatch route
 * calls, with the same actor and the same requests (one transaction each): a file of 50,000 entities would
 * otherwise spend a fifth of its time encoding proposals as wire JSON and decoding them again on the same
 * machine. Its entities are indexed once, when the store closes. A remote DataHub is sent the requests.
 */
async function openWriter(options: { server?: string }, io: CliIo): Promise<ProposalWriter> {
  const inputs = options.server === undefined ? {} : { serverFlag: options.server };
  const target = await resolveTarget({ ...inputs, env: io.env, cwd: io.cwd });
  if (target.kind === 'embedded') {
    // Not create-server.js for the actor: it loads GraphQL and the web UI, which writing the store does not need.
    const [{ AspectStore }, { CatalogService, SERVER_ACTOR }] = await Promise.all([
      import('../../server/store/aspect-store.js'),
      import('../../server/catalog-service.js'),
    ]);
    const store = new AspectStore(target.dbPath);
    const service = new CatalogService(store);
    return {
      description: describeTarget(target),
      requests: (proposals) =>
        // The file's values were validated when it was read: the service checks the rest (URN keys) and serializes
        // each aspect once, for both the request sizes and the stored row.
        chunkBySize(
          service.acceptChecked(proposals),
          (accepted) => wireBytes(accepted.proposal, accepted.text),
          { maxCount: Number.POSITIVE_INFINITY, maxBytes: MAX_BATCH_BYTES },
        ).map((chunk) => ({
          aspects: chunk.length,
          send: () => Promise.resolve(service.ingestAccepted(chunk, SERVER_ACTOR)),
        })),
      close: () => Promise.resolve(store.close()),
    };
  }
  const connection = await connect(inputs, io);
  try {
    await connection.client.restli.config();
  } catch (error) {
    await connection.close();
    throw error;
  }
  return {
    description: connection.description,
    requests: (proposals) =>
      chunkProposals(proposals, { maxCount: Number.POSITIVE_INFINITY, maxBytes: MAX_BATCH_BYTES }).map(
        (chunk) => ({ aspects: chunk.length, send: () => connection.client.restli.ingestBatch(chunk) }),
      ),
    close: () => connection.close(),
  };
}

/**
 * The bytes of a proposal on the wire (what chunkProposals measures) from the JSON text of its aspect, without
 * serializing the aspect again: the envelope with an empty aspect, plus the text as the JSON string it travels as.
 */
export function wireBytes(proposal: Proposal, text: string): number {
  return envelopeBytes(proposal) - EMPTY_ASPECT_BYTES + quotedBytes(text);
}

/**
 * The bytes of the envelope with an empty aspect. A proposal with neither system metadata nor headers (most of a
 * metadata file) is its kind's envelope with an empty URN, kept per kind, plus its quoted URN: a JSON text's
 * bytes are the sum of its parts' (each quoted part is well-formed UTF-16), and serializing the envelope of every
 * proposal of a 50,000-entity file again was a twentieth of the ingest.
 */
function envelopeBytes(proposal: Proposal): number {
  if (proposal.systemMetadata !== undefined || proposal.headers !== undefined) {
    return Buffer.byteLength(JSON.stringify(toWireProposal({ ...proposal, aspect: {} })));
  }
  const kind = `${proposal.entityType}\u0000${proposal.changeType}\u0000${proposal.aspectName}`;
  let bare = bareEnvelopeBytes.get(kind);
  if (bare === undefined) {
    bare = Buffer.byteLength(JSON.stringify(toWireProposal({ ...proposal, entityUrn: '', aspect: {} })));
    bareEnvelopeBytes.set(kind, bare);
  }
  return bare - EMPTY_STRING_BYTES + Buffer.byteLength(JSON.stringify(proposal.entityUrn));
}

/** Envelope bytes by entity type, change type and aspect name, with an empty URN and aspect. */
const bareEnvelopeBytes = new Map<string, number>();

/** `""`: the empty URN as the bare envelope carries it. */
const EMPTY_STRING_BYTES = 2;

/** `"{}"`: the empty aspect as the envelope carries it. */
const EMPTY_ASPECT_BYTES = 4;

/**
 * Buffer.byteLength(JSON.stringify(text)) for a text JSON.stringify made, without making the quoted copy: such a
 * text has no control characters and no lone surrogates (both come out escaped), so quoting it adds the two quotes
 * and a backslash before each quote and backslash, nothing else.
 */
function quotedBytes(text: string): number {
  return Buffer.byteLength(text) + 2 + occurrences(text, '"') + occurrences(text, '\\');
}

function occurrences(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

async function parseFile(file: string, absolute: string): Promise<ParsedFile | string> {
  let size: number;
  try {
    size = (await stat(absolute)).size;
  } catch (error) {
    return `error ${file}: cannot read it (${errorMessage(error)})\n`;
  }
  if (size > MAX_METADATA_FILE_BYTES)
    return `error ${file}: ${size} bytes is over the ${MAX_METADATA_FILE_BYTES}-byte limit\n`;
  const json = parseJson(await readFile(absolute, 'utf8'));
  if (!json.ok) return `error ${file}: not valid JSON (${json.error}); nothing of it was written\n`;
  const records = parseMetadataRecords(json.value);
  if (!records.ok) {
    const lines = records.errors.map((error) => `error ${file}: record ${error.index}: ${error.message}\n`);
    return `${lines.join('')}error ${file}: ${records.errors.length} bad record(s); nothing of it was written\n`;
  }
  if (records.proposals.length === 0) throw new CatalogError('INGEST_INVALID', `${file} holds no records`);
  return { file, records: records.records, proposals: records.proposals };
}
