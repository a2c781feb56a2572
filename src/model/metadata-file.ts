/**
 * DataHub metadata files (the `file` sink and golden-file format): a JSON list whose records are
 * - MCE snapshots: `{"proposedSnapshot": {"com.linkedin.pegasus2avro.metadata.snapshot.<X>Snapshot":
 *   {"urn": ..., "aspects": [{"<aspect FQN>": {...}}, ...]}}, "systemMetadata": {...}}`;
 * - MCPs whose aspect is `{"json": {...}}` (`MetadataChangeProposalWrapper.to_obj(simplified_structure=True)`);
 * - MCPs whose aspect is `{"value": "<json string>", "contentType": "application/json"}` (the wire form).
 * Each record becomes one proposal per aspect. Files are in Avro's JSON shape (see avro-json.ts); the Rest.li
 * `ingest` action receives the same snapshots in Pegasus JSON, which is validated as GMS validates it.
 */
import {
  describeAspectRefusal,
  validateAspect,
  validateAspectValue,
} from '../datahub/pegasus/validate-aspect.js';
import type { AspectProblem } from '../datahub/pegasus/schema.js';
import { ASPECT_SCHEMAS } from '../datahub/generated/aspect-schemas.js';
import { avroJsonToPegasus } from '../datahub/pegasus/from-avro-json.js';
import { fromAvroNames, withoutNulls } from './avro-json.js';
import { isJsonObject, type JsonObject } from './json.js';
import { parseWireProposal, type Proposal } from './proposal.js';
import { aspectNameOfFqn, entityHasAspect, isKnownEntityType } from './registry.js';
import { parseRawUrn } from './urn.js';

export interface RecordError {
  /** 0-based index of the record in the file. */
  readonly index: number;
  readonly message: string;
}

/** Marks a CheckedProposal; its value tells whether the aspect holds fields the schema does not know. */
export const UNRECOGNIZED_FIELDS: unique symbol = Symbol('unrecognizedFields');

/**
 * A proposal this reader has checked as GMS checks one before writing it: a known entity type, an aspect of it, and
 * a value valid against the reference release's schema (validateAspect). The embedded catalog, which validates with
 * the same schemas, writes it without validating it again (CatalogService.acceptChecked); it trims the aspect only
 * when the check found fields to trim.
 */
export type CheckedProposal = Proposal & { readonly [UNRECOGNIZED_FIELDS]: boolean };

/** What checkAspectValue finds. */
export interface AspectCheck {
  /** What GMS reports for the value (validateAspect); empty when it accepts it. */
  readonly problems: readonly AspectProblem[];
  /** Whether the value holds fields its schema does not know, which GMS drops before storing it (TRIM). */
  readonly unrecognizedFields: boolean;
}

/**
 * validateAspect, and whether the value has fields to trim, in one walk for a value without such fields (nearly
 * every value): a walk in DISALLOW mode reports all that a TRIM walk reports and the unrecognized fields besides, so
 * when it reports nothing the value is valid and trimming it would change nothing. Otherwise the TRIM walk tells
 * the problems GMS reports, in its words.
 */
export function checkAspectValue(aspectName: string, value: unknown): AspectCheck {
  const strict = validateAspectValue(ASPECT_SCHEMAS, aspectName, value, { unrecognizedFields: 'DISALLOW' });
  if (strict.length === 0) return { problems: strict, unrecognizedFields: false };
  return { problems: validateAspect(aspectName, value), unrecognizedFields: true };
}

export type MetadataFileParse =
  | { readonly ok: true; readonly proposals: readonly CheckedProposal[]; readonly records: number }
  | { readonly ok: false; readonly errors: readonly RecordError[] };

/** `file`: records as metadata files hold them (Avro JSON); `restli`: snapshots as the wire carries them. */
export type RecordEncoding = 'file' | 'restli';

/** Parses the records of a metadata file; every bad record is reported with its index. */
export function parseMetadataRecords(content: unknown, encoding: RecordEncoding = 'file'): MetadataFileParse {
  const records = recordsOf(content);
  const proposals: CheckedProposal[] = [];
  const errors: RecordError[] = [];
  records.forEach((record: unknown, index) => {
    const parsed = checkMetadataRecord(record, encoding);
    if (typeof parsed === 'string') errors.push({ index, message: parsed });
    else proposals.push(...parsed);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, proposals, records: records.length };
}

/** The records of a metadata file's JSON: a list, or one record. */
export function recordsOf(content: unknown): readonly unknown[] {
  return Array.isArray(content) ? content : [content];
}

/** One record of a metadata file: its proposals, checked, or what is wrong with it. */
export function checkMetadataRecord(
  record: unknown,
  encoding: RecordEncoding = 'file',
): CheckedProposal[] | string {
  if (!isJsonObject(record)) return 'a record must be a JSON object';
  const proposals = isJsonObject(record['proposedSnapshot'])
    ? fromSnapshot(record, encoding)
    : fromProposal(record, encoding);
  if (typeof proposals === 'string') return proposals;
  const checked: CheckedProposal[] = [];
  for (const proposal of proposals) {
    const result = checkProposal(proposal);
    if (typeof result === 'string') return result;
    checked.push(result);
  }
  return checked;
}

function fromProposal(record: JsonObject, encoding: RecordEncoding): Proposal[] | string {
  const parsed = parseWireProposal(record);
  if (!parsed.ok) return parsed.error;
  // The `json` form is an aspect object written by the Python SDK (Avro shape); the `value` form is the
  // aspect's wire serialization, sent to GMS as it is.
  const avroShaped = encoding === 'file' && isJsonObject(record['aspect']) && 'json' in record['aspect'];
  const { systemMetadata } = parsed.value;
  return [
    {
      ...parsed.value,
      aspect: (avroShaped
        ? avroJsonToPegasus(ASPECT_SCHEMAS, parsed.value.aspectName, parsed.value.aspect)
        : fromAvroNames(parsed.value.aspect)) as JsonObject,
      ...(systemMetadata === undefined || encoding !== 'file'
        ? {}
        : { systemMetadata: withoutNulls(systemMetadata) }),
    },
  ];
}

function fromSnapshot(record: JsonObject, encoding: RecordEncoding): Proposal[] | string {
  const snapshot = record['proposedSnapshot'] as JsonObject;
  const [snapshotClass, body] = Object.entries(snapshot)[0] ?? [];
  if (snapshotClass === undefined || !isJsonObject(body)) return 'proposedSnapshot must hold one snapshot';
  const urn = body['urn'];
  if (typeof urn !== 'string') return `${snapshotClass} has no urn`;
  const raw = parseRawUrn(urn);
  if (!raw.ok) return `invalid urn ${JSON.stringify(urn)}: ${raw.error}`;
  const entityType = raw.value.entityType;
  if (!isKnownEntityType(entityType))
    return `Failed to find entity with name ${entityType} in EntityRegistry (${urn})`;
  // DataHub maps each snapshot class to one entity (DatasetSnapshot -> dataset, CorpUserSnapshot -> corpuser).
  const snapshotEntity = snapshotClass.slice(snapshotClass.lastIndexOf('.') + 1).replace(/Snapshot$/, '');
  if (snapshotEntity.toLowerCase() !== entityType.toLowerCase()) {
    return `${snapshotClass} cannot hold ${urn} (a ${entityType} urn)`;
  }
  const aspects = body['aspects'];
  if (!Array.isArray(aspects)) return `${snapshotClass} has no aspects list`;
  const systemMetadata = record['systemMetadata'];
  const proposals: Proposal[] = [];
  for (const item of aspects) {
    const [fqn, value] = isJsonObject(item) ? (Object.entries(item)[0] ?? []) : [];
    if (fqn === undefined || !isJsonObject(value))
      return `an aspect of ${urn} is not a {"<class>": {...}} object`;
    const aspectName = aspectNameOfFqn(fqn);
    if (aspectName === undefined) return `Unknown aspect class ${fqn} (${urn})`;
    proposals.push({
      entityType,
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName,
      // Avro JSON needs the schema to become Pegasus JSON (unions, aliased unions, wrappers): the release's.
      aspect: (encoding === 'file'
        ? avroJsonToPegasus(ASPECT_SCHEMAS, aspectName, value)
        : fromAvroNames(value)) as JsonObject,
      ...(isJsonObject(systemMetadata)
        ? { systemMetadata: encoding === 'file' ? withoutNulls(systemMetadata) : systemMetadata }
        : {}),
    });
  }
  return proposals;
}

function checkProposal(proposal: Proposal): CheckedProposal | string {
  if (!isKnownEntityType(proposal.entityType))
    return `Failed to find entity with name ${proposal.entityType} in EntityRegistry (${proposal.entityUrn})`;
  if (!entityHasAspect(proposal.entityType, proposal.aspectName)) {
    return `Unknown aspect ${proposal.aspectName} for entity ${proposal.entityType} (${proposal.entityUrn})`;
  }
  const { problems, unrecognizedFields } = checkAspectValue(proposal.aspectName, proposal.aspect);
  if (problems.length > 0)
    return `${proposal.entityUrn}: ${describeAspectRefusal(proposal.aspectName, problems).trimEnd()}`;
  return { ...proposal, [UNRECOGNIZED_FIELDS]: unrecognizedFields };
}
