/**
 * MetadataChangeProposal (MCP): one aspect write. On the Rest.li wire the aspect travels as a GenericAspect
 * whose `value` is the aspect serialized as a JSON string (double encoded):
 * `metadata-models/src/main/pegasus/com/linkedin/mxe/MetadataChangeProposal.pdl`, `GenericAspect.pdl`.
 */
import { isJsonObject, parseJson, type JsonObject } from './json.js';
import { keyFieldsOf } from './registry.js';
import { parseRawUrn, type ParseResult } from './urn.js';

export const CHANGE_TYPES = ['UPSERT', 'CREATE', 'CREATE_ENTITY', 'RESTATE'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** A proposal decoded: the aspect is a JSON object, the entity type and URN are known. */
export interface Proposal {
  readonly entityType: string;
  readonly entityUrn: string;
  readonly changeType: ChangeType;
  readonly aspectName: string;
  readonly aspect: JsonObject;
  readonly systemMetadata?: JsonObject;
  /** Conditional-write headers such as If-Version-Match (carried inside the MCP, not as HTTP headers). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface WireProposal {
  readonly entityType: string;
  readonly entityUrn: string;
  readonly changeType: string;
  readonly aspectName: string;
  readonly aspect: { readonly value: string; readonly contentType: 'application/json' };
  readonly systemMetadata?: JsonObject;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Encodes a proposal for ingestProposal(Batch): the aspect becomes a JSON string. */
export function toWireProposal(proposal: Proposal): WireProposal {
  return {
    entityType: proposal.entityType,
    entityUrn: proposal.entityUrn,
    changeType: proposal.changeType,
    aspectName: proposal.aspectName,
    aspect: { value: JSON.stringify(proposal.aspect), contentType: 'application/json' },
    ...(proposal.systemMetadata === undefined ? {} : { systemMetadata: proposal.systemMetadata }),
    ...(proposal.headers === undefined || Object.keys(proposal.headers).length === 0
      ? {}
      : { headers: proposal.headers }),
  };
}

/**
 * Decodes a proposal from the wire. A missing entityType is taken from the URN; an entity key aspect may stand
 * in for the URN (as DataHub's own createGlossaryTerm sends it).
 */
export function parseWireProposal(raw: unknown): ParseResult<Proposal> {
  if (!isJsonObject(raw)) return fail('the proposal must be a JSON object');
  const changeType = raw['changeType'] ?? 'UPSERT';
  if (typeof changeType !== 'string' || !(CHANGE_TYPES as readonly string[]).includes(changeType)) {
    return fail(
      `Unsupported changeType ${JSON.stringify(changeType)}; supported: ${CHANGE_TYPES.join(', ')}`,
    );
  }
  const urn = proposalUrn(raw);
  if (!urn.ok) return urn;
  const urnType = parseRawUrn(urn.value);
  if (!urnType.ok) return fail(`Failed to convert urn ${urn.value}: ${urnType.error}`);
  const declaredType = raw['entityType'] ?? urnType.value.entityType;
  if (typeof declaredType !== 'string') return fail('entityType must be a string');
  // ValidationApiUtils.validateMCP (v1.7.0): the MCP's entity type may differ from the URN's in case only
  // (`DATASET`), and is then the URN's.
  if (declaredType.toLowerCase() !== urnType.value.entityType.toLowerCase()) {
    return fail(
      `URN entity type does not match MCP entity type. ${urnType.value.entityType} != ${declaredType}`,
    );
  }
  const entityType = urnType.value.entityType;
  const aspectName = raw['aspectName'];
  if (typeof aspectName !== 'string' || aspectName === '' || raw['aspect'] === undefined) {
    return fail('Aspect and aspect name is required for create and update operations');
  }
  const aspect = decodeGenericAspect(raw['aspect']);
  if (!aspect.ok) return aspect;
  const systemMetadata = raw['systemMetadata'];
  if (systemMetadata !== undefined && systemMetadata !== null && !isJsonObject(systemMetadata)) {
    return fail('systemMetadata must be a JSON object');
  }
  const headers = raw['headers'];
  if (headers !== undefined && headers !== null && !isStringMap(headers))
    return fail('headers must map strings to strings');
  return {
    ok: true,
    value: {
      entityType,
      entityUrn: urn.value,
      changeType: changeType as ChangeType,
      aspectName,
      aspect: aspect.value,
      ...(isJsonObject(systemMetadata) ? { systemMetadata } : {}),
      ...(isStringMap(headers) ? { headers } : {}),
    },
  };
}

function proposalUrn(raw: JsonObject): ParseResult<string> {
  const urn = raw['entityUrn'];
  if (typeof urn === 'string') return { ok: true, value: urn };
  if (urn !== undefined && urn !== null) return fail('entityUrn must be a string');
  const entityType = raw['entityType'];
  const key = raw['entityKeyAspect'];
  if (typeof entityType !== 'string' || key === undefined) return fail('a proposal needs an entityUrn');
  const value = decodeGenericAspect(key);
  if (!value.ok) return value;
  const fields = keyFieldsOf(entityType);
  if (fields === undefined) return fail(`Failed to find entity with name ${entityType} in EntityRegistry`);
  const parts = fields.map((field) => value.value[field]);
  if (!parts.every((part): part is string => typeof part === 'string' && part !== '')) {
    return fail(`the entityKeyAspect of ${entityType} needs ${fields.join(', ')}`);
  }
  return {
    ok: true,
    value:
      parts.length === 1 ? `urn:li:${entityType}:${parts[0]}` : `urn:li:${entityType}:(${parts.join(',')})`,
  };
}

/** GenericAspect → JSON object. The wire form is `{value: "<json>", contentType}`; files may carry `{json: {...}}`. */
export function decodeGenericAspect(raw: unknown): ParseResult<JsonObject> {
  if (!isJsonObject(raw)) return fail('aspect must be a GenericAspect object');
  if (isJsonObject(raw['json'])) return { ok: true, value: raw['json'] };
  const contentType = raw['contentType'] ?? 'application/json';
  if (contentType !== 'application/json')
    return fail(`Unsupported contentType ${JSON.stringify(contentType)}`);
  const value = raw['value'];
  if (typeof value !== 'string') return fail('aspect.value must be the aspect serialized as a JSON string');
  const parsed = parseJson(value);
  if (!parsed.ok) return fail(`Failed to deserialize aspect: ${parsed.error}`);
  if (!isJsonObject(parsed.value))
    return fail('Failed to deserialize aspect: the value is not a JSON object');
  return { ok: true, value: parsed.value };
}

function isStringMap(value: unknown): value is Record<string, string> {
  return isJsonObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}
