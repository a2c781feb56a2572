/**
 * The thread that reads a metadata file for the embedded ingest (load-file.ts): it parses the file a record at a
 * time, checks each record as GMS would, accepts its proposals and sends them on in batches while the catalog is
 * written, each batch followed by what its entities derive to for the indexes. Every record is checked even
 * after a bad one, so that all of them are reported, as the remote ingest reports them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compareText } from '../../model/compare-text.js';
import { errorMessage } from '../../model/error-message.js';
import type { JsonObject } from '../../model/json.js';
import {
  checkMetadataRecord,
  recordsOf,
  type CheckedProposal,
  type RecordError,
} from '../../model/metadata-file.js';
import { isTimeseriesAspect } from '../../model/registry.js';
import { acceptCheckedProposals, type AcceptedProposal } from '../catalog-service.js';
import { deriveEntity, type DerivedEntity } from '../search/derive-entity.js';
import { toAcceptedRows } from './accepted-rows.js';
import { badRecordsMessage, parseMetadataJson, readMetadataText } from './read-metadata-file.js';
import type { ReaderMessage } from './reader-messages.js';
import { arrayElementTexts, UnfinishedArray } from './record-texts.js';

/** Proposals per batch sent: large enough that sending costs little, small enough that writing starts early. */
const BATCH = 5000;

export interface ReaderInput {
  readonly file: string;
  readonly absolute: string;
}

async function read({ file, absolute }: ReaderInput, send: (message: ReaderMessage) => void): Promise<void> {
  const text = await readMetadataText(file, absolute);
  if (!text.ok) return send({ kind: 'refused', message: text.message });
  const reader = new RecordReader(send);
  const elements = arrayElementTexts(text.text);
  if (elements === undefined) {
    const json = parseMetadataJson(file, text.text);
    if (!json.ok) return send({ kind: 'refused', message: json.message });
    for (const record of recordsOf(json.value)) reader.record(record);
  } else {
    try {
      for (const element of elements) reader.record(JSON.parse(element) as unknown);
    } catch (error) {
      // Anything but the text failing to read as JSON is a failure of its own, with its own message.
      if (!(error instanceof SyntaxError || error instanceof UnfinishedArray)) throw error;
      // Not JSON after all: JSON.parse of the whole text says where and why, as for any file.
      const json = parseMetadataJson(file, text.text);
      if (!json.ok) return send({ kind: 'refused', message: json.message });
      return send({
        kind: 'failed',
        message: `${file} is JSON, yet its records could not be read one at a time`,
      });
    }
  }
  reader.end(file);
}

/** Checks records one after another and sends what they write (see the module comment). */
class RecordReader {
  private readonly errors: RecordError[] = [];
  private readonly values = new EntityValues();
  /** What the catalog refuses in an accepted batch; nothing more is sent after it. */
  private refusal: string | undefined;
  private batch: CheckedProposal[] = [];
  private records = 0;
  private aspects = 0;

  constructor(private readonly send: (message: ReaderMessage) => void) {}

  record(record: unknown): void {
    const index = this.records;
    this.records += 1;
    const checked = checkMetadataRecord(record);
    if (typeof checked === 'string') {
      this.errors.push({ index, message: checked });
      return;
    }
    // Once the file is refused nothing more is sent: the rest is only checked.
    if (this.errors.length > 0 || this.refusal !== undefined) return;
    for (const proposal of checked) this.batch.push(proposal);
    if (this.batch.length >= BATCH) this.flush();
  }

  end(file: string): void {
    if (this.errors.length > 0)
      return this.send({ kind: 'refused', message: badRecordsMessage(file, this.errors) });
    if (this.batch.length > 0 && this.refusal === undefined) this.flush();
    if (this.refusal !== undefined) return this.send({ kind: 'failed', message: this.refusal });
    if (this.aspects === 0) return this.send({ kind: 'empty' });
    this.send({
      kind: 'done',
      records: this.records,
      aspects: this.aspects,
      entities: this.values.met.size,
    });
  }

  private flush(): void {
    try {
      const accepted = acceptCheckedProposals(this.batch);
      const touched = this.values.add(accepted);
      this.aspects += accepted.length;
      this.send({ kind: 'rows', rows: toAcceptedRows(accepted) });
      // While those are written: what their entities derive to so far (one whose proposals go on in the next
      // batch is derived again then).
      this.send({ kind: 'derived', entities: this.values.derive(touched) });
      this.values.nextBatch();
    } catch (error) {
      this.refusal = errorMessage(error);
    }
    this.batch = [];
  }
}

interface EntityValue {
  readonly key: AcceptedProposal['key'];
  readonly aspects: Map<string, JsonObject>;
}

/**
 * The latest values in the file of the entities of the last two batches, as the catalog will hold them once the
 * file is written. Only those are kept: an entity whose records go on in the next batch is derived again there
 * from all of them, while one that comes back later than that is indexed again from its stored aspects by the
 * writing thread (BulkWriter.index), which does not use what is derived here for it. Holding every entity of a
 * 50,000-entity file instead made the garbage collector mark a heap that only grew.
 */
class EntityValues {
  /** Entities of this batch, and of the one before. */
  private current = new Map<string, EntityValue>();
  private previous = new Map<string, EntityValue>();
  /** Every entity met, for the count. */
  readonly met = new Set<string>();

  /** Adds the values of these proposals; answers the entities they belong to. */
  add(accepted: readonly AcceptedProposal[]): Set<string> {
    const touched = new Set<string>();
    for (const { proposal, key } of accepted) {
      const urn = proposal.entityUrn;
      touched.add(urn);
      this.met.add(urn);
      let entity = this.current.get(urn);
      if (entity === undefined) {
        entity = this.previous.get(urn) ?? { key, aspects: new Map() };
        this.current.set(urn, entity);
      }
      // Timeseries aspects are events, not among the latest aspects the indexes are derived from.
      if (!isTimeseriesAspect(proposal.aspectName)) entity.aspects.set(proposal.aspectName, proposal.aspect);
    }
    return touched;
  }

  /** After a batch: the entities of the batch before it are forgotten, but those this one went on with. */
  nextBatch(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  /** What these entities' versioned aspects derive to; the key aspect comes with an entity's first aspect. */
  derive(urns: Iterable<string>): Map<string, DerivedEntity> {
    const derived = new Map<string, DerivedEntity>();
    for (const urn of urns) {
      const { key, aspects } = this.current.get(urn) as EntityValue;
      if (aspects.size === 0) continue;
      const withKey = aspects.has(key.aspectName)
        ? [...aspects]
        : [...aspects, [key.aspectName, key.value] as const];
      // In the order a read of the stored rows gives them (by aspect name).
      const sorted = new Map(withKey.sort(([a], [b]) => compareText(a, b)));
      const entity = deriveEntity(urn, sorted);
      if (entity !== undefined) derived.set(urn, entity);
    }
    return derived;
  }
}

const port = parentPort;
if (port !== null) {
  const send = (message: ReaderMessage): void => port.postMessage(message);
  read(workerData as ReaderInput, send).catch((error: unknown) =>
    send({ kind: 'failed', message: errorMessage(error) }),
  );
}
