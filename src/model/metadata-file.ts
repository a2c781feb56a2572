/**
 * DataHub metadata files (the `file` sink and golden-file format): a JSON list whose records are
 * - MCE snapshots: `{"proposedSnapshot": {"com.linkedin.pegasus2avro.metadata.snapshot.<X>Snapshot":
 *   {"urn": ..., "aspects": [{"<aspect FQN>": {...}}, ...]}}, "systemMetadata": {...}}`;
 * - MCPs whose aspect is `{"json": {...}}` (`MetadataChangeProposalWrapper.to_obj(simplified_structure=True)`);
 * - MCPs whose aspect is `{"value": "<json string>", "contentType": "application/json"}` (the wire form).
 * Each record becomes one proposal per aspect.
 */
import { validateAspect } from './aspect-validation.js';
import { isJsonObject, type JsonObject, type JsonValue } from './json.js';
import { parseWireProposal, type Proposal } from './proposal.js';
import { aspectNameOfFqn, entityHasAspect, isKnownEntityType } from './registry.js';
import { parseRawUrn } from './urn.js';

export interface RecordError {
  /** 0-based index of the record in the file. */
  readonly index: number;
  readonly message: string;
}

export type MetadataFileParse =
  | { readonly ok: true; readonly proposals: readonly Proposal[]; readonly records: number }
  | { readonly ok: false; readonly errors: readonly RecordError[] };

const AVRO_PREFIX = 'com.linkedin.pegasus2avro.';

/** Parses the records of a metadata file; every bad record is reported with its index. */
export function parseMetadataRecords(content: unknown): MetadataFileParse {
  const records = Array.isArray(content) ? content : [content];
  const proposals: Proposal[] = [];
  const errors: RecordError[] = [];
  records.forEach((record: unknown, index) => {
    const parsed = parseRecord(record);
    if (typeof parsed === 'string') errors.push({ index, message: parsed });
    else proposals.push(...parsed);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, proposals, records: records.length };
}

function parseRecord(record: unknown): Proposal[] | string {
  if (!isJsonObject(record)) return 'a record must be a JSON object';
  const proposals = isJsonObject(record['proposedSnapshot']) ? fromSnapshot(record) : fromProposal(record);
  if (typeof proposals === 'string') return proposals;
  for (const proposal of proposals) {
    const problem = checkProposal(proposal);
    if (problem !== undefined) return problem;
  }
  return proposals;
}

function fromProposal(record: JsonObject): Proposal[] | string {
  const parsed = parseWireProposal(record);
  if (!parsed.ok) return parsed.error;
  return [{ ...parsed.value, aspect: fromAvroNames(parsed.value.aspect) as JsonObject }];
}

function fromSnapshot(record: JsonObject): Proposal[] | string {
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
      aspect: fromAvroNames(value) as JsonObject,
      ...(isJsonObject(systemMetadata) ? { systemMetadata } : {}),
    });
  }
  return proposals;
}

function checkProposal(proposal: Proposal): string | undefined {
  if (!isKnownEntityType(proposal.entityType))
    return `Failed to find entity with name ${proposal.entityType} in EntityRegistry (${proposal.entityUrn})`;
  if (!entityHasAspect(proposal.entityType, proposal.aspectName)) {
    return `Unknown aspect ${proposal.aspectName} for entity ${proposal.entityType} (${proposal.entityUrn})`;
  }
  const problems = validateAspect(proposal.aspectName, proposal.aspect);
  return problems.length > 0 ? `${proposal.entityUrn}: ${problems.join('; ')}` : undefined;
}

/**
 * Files name union members with Avro class names (`com.linkedin.pegasus2avro.X`); DataHub's own serializer
 * re-keys one-key union objects to `com.linkedin.X` before sending (serialization_helper.pre_json_transform).
 */
export function fromAvroNames(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(fromAvroNames);
  if (!isJsonObject(value)) return value;
  const entries = Object.entries(value);
  const result: Record<string, JsonValue> = {};
  for (const [key, item] of entries) {
    const renamed =
      entries.length === 1 && key.startsWith(AVRO_PREFIX)
        ? `com.linkedin.${key.slice(AVRO_PREFIX.length)}`
        : key;
    result[renamed] = fromAvroNames(item);
  }
  return result;
}
