/**
 * DataHub URNs of the product's entities: parse and format, exactly as DataHub forms them.
 *
 * DataHub's typed URN classes (Python `DatasetUrn(...)` etc. with coercion on, the default) percent-encode
 * the reserved characters `,` `(` `)` and `␟` inside string parts, and leave everything else as it is
 * (dots, spaces, colons, non-ASCII). Parsing splits a tuple `(a,b,c)` on top-level commas, counting
 * parentheses, as `_split_entity_id` in `metadata-ingestion/src/datahub/utilities/urns/_urn_base.py` does;
 * nested URNs (the platform of a dataset) keep their own parentheses.
 */

export const FABRIC_TYPES = [
  'DEV',
  'TEST',
  'QA',
  'UAT',
  'EI',
  'PRE',
  'STG',
  'NON_PROD',
  'PROD',
  'CORP',
  'RVW',
  'SANDBOX',
] as const;
export type FabricType = (typeof FABRIC_TYPES)[number];

export type EntityUrn =
  | { readonly entityType: 'dataset'; readonly platform: string; readonly name: string; readonly env: string }
  | { readonly entityType: 'mlFeature'; readonly namespace: string; readonly name: string }
  | { readonly entityType: 'mlFeatureTable'; readonly platform: string; readonly name: string }
  | { readonly entityType: 'mlModel'; readonly platform: string; readonly name: string; readonly env: string }
  | {
      readonly entityType: 'mlModelGroup';
      readonly platform: string;
      readonly name: string;
      readonly env: string;
    }
  | { readonly entityType: SimpleIdEntityType; readonly id: string }
  | { readonly entityType: 'corpuser'; readonly username: string }
  | { readonly entityType: 'dataPlatform'; readonly name: string };

/** Entity types whose URN is `urn:li:<type>:<id>` with one id part. */
export const SIMPLE_ID_ENTITY_TYPES = [
  'glossaryTerm',
  'glossaryNode',
  'tag',
  'corpGroup',
  'domain',
  'dataProduct',
  'ownershipType',
  'structuredProperty',
  'form',
] as const;
export type SimpleIdEntityType = (typeof SIMPLE_ID_ENTITY_TYPES)[number];

function isSimpleIdEntityType(entityType: string): entityType is SimpleIdEntityType {
  return (SIMPLE_ID_ENTITY_TYPES as readonly string[]).includes(entityType);
}

export type UrnEntityType = EntityUrn['entityType'];

/** The parsed URN of one entity type. */
export type UrnOf<T extends UrnEntityType> = T extends SimpleIdEntityType
  ? { readonly entityType: T; readonly id: string }
  : Extract<EntityUrn, { entityType: T }>;
export const URN_ENTITY_TYPES: readonly UrnEntityType[] = [
  'dataset',
  'mlFeature',
  'mlFeatureTable',
  'mlModel',
  'mlModelGroup',
  ...SIMPLE_ID_ENTITY_TYPES,
  'corpuser',
  'dataPlatform',
];

export type ParseResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const RESERVED: Readonly<Record<string, string>> = {
  ',': '%2C',
  '(': '%28',
  ')': '%29',
  '\u241F': '%E2%90%9F',
};
const RESERVED_PATTERN = /[,()\u241F]/g;
const HAS_RESERVED = /[,()\u241F]/;
const ENCODED_PATTERN = /%2C|%28|%29|%E2%90%9F/gi;

/** Encodes one string part of a URN the way DataHub's UrnEncoder does. */
export function encodeUrnPart(part: string): string {
  // Nearly every part has nothing to encode: a test is much cheaper than a replace with a callback.
  if (!HAS_RESERVED.test(part)) return part;
  return part.replace(RESERVED_PATTERN, (char) => RESERVED[char] ?? char);
}

/** Reverses encodeUrnPart. */
export function decodeUrnPart(part: string): string {
  return part.replace(ENCODED_PATTERN, (code) => {
    const upper = code.toUpperCase();
    return Object.keys(RESERVED).find((char) => RESERVED[char] === upper) ?? code;
  });
}

export function isFabricType(value: string): value is FabricType {
  return (FABRIC_TYPES as readonly string[]).includes(value);
}

/** Formats a URN from its parts; string parts are encoded, nested URNs are not. */
export function formatUrn(urn: EntityUrn): string {
  switch (urn.entityType) {
    case 'dataset':
      return tuple('dataset', [platformUrn(urn.platform), encodeUrnPart(urn.name), urn.env]);
    case 'mlFeature':
      return tuple('mlFeature', [encodeUrnPart(urn.namespace), encodeUrnPart(urn.name)]);
    case 'mlFeatureTable':
      return tuple('mlFeatureTable', [platformUrn(urn.platform), encodeUrnPart(urn.name)]);
    case 'mlModel':
      return tuple('mlModel', [platformUrn(urn.platform), encodeUrnPart(urn.name), urn.env]);
    case 'mlModelGroup':
      return tuple('mlModelGroup', [platformUrn(urn.platform), encodeUrnPart(urn.name), urn.env]);
    case 'glossaryTerm':
    case 'glossaryNode':
    case 'tag':
    case 'corpGroup':
    case 'domain':
    case 'dataProduct':
    case 'ownershipType':
    case 'structuredProperty':
    case 'form':
      return `urn:li:${urn.entityType}:${encodeUrnPart(urn.id)}`;
    case 'corpuser':
      return `urn:li:corpuser:${encodeUrnPart(urn.username)}`;
    case 'dataPlatform':
      return platformUrn(urn.name);
  }
}

function tuple(entityType: string, parts: readonly string[]): string {
  return `urn:li:${entityType}:(${parts.join(',')})`;
}

function platformUrn(name: string): string {
  return `urn:li:dataPlatform:${encodeUrnPart(name)}`;
}

/** The generic shape of any DataHub URN: `urn:li:<entityType>:<id>` or `urn:li:<entityType>:(<id1>,<id2>...)`. */
export interface RawUrn {
  readonly entityType: string;
  readonly parts: readonly string[];
}

/** Parses any URN into its entity type and raw (still encoded) parts. */
export function parseRawUrn(text: string): ParseResult<RawUrn> {
  if (!text.startsWith('urn:li:')) return fail(`it must start with "urn:li:"`);
  const rest = text.slice('urn:li:'.length);
  const colon = rest.indexOf(':');
  if (colon <= 0) return fail('it has no entity type and id ("urn:li:<type>:<id>")');
  const entityType = rest.slice(0, colon);
  const id = rest.slice(colon + 1);
  if (id === '') return fail('its id is empty');
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(entityType)) return fail(`"${entityType}" is not an entity type`);
  const parts = splitEntityId(id);
  return parts.ok ? { ok: true, value: { entityType, parts: parts.value } } : parts;
}

function splitEntityId(id: string): ParseResult<readonly string[]> {
  // Like DataHub's parser, an id that is not a tuple is taken as it is.
  if (!(id.startsWith('(') && id.endsWith(')'))) return { ok: true, value: [id] };
  const parts: string[] = [];
  let depth = 1;
  let start = 1;
  for (let i = 1; i < id.length; i += 1) {
    const char = id[i];
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth < 0 || (depth === 0 && i !== id.length - 1)) return fail('it has unbalanced parentheses');
    } else if (char === ',' && depth === 1) {
      if (i === start) return fail('it has an empty part');
      parts.push(id.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return fail('it has unbalanced parentheses');
  const last = id.slice(start, -1);
  if (last === '') return fail('it has an empty part');
  parts.push(last);
  return { ok: true, value: parts };
}

/** Parses a URN of one of the product's entity types into its typed, decoded parts. */
export function parseUrn(text: string): ParseResult<EntityUrn> {
  const raw = parseRawUrn(text);
  if (!raw.ok) return raw;
  const { entityType, parts } = raw.value;
  switch (entityType) {
    case 'dataset':
    case 'mlModel':
    case 'mlModelGroup': {
      if (parts.length !== 3) return fail(`a ${entityType} URN has 3 parts (platform, name, env)`);
      const [platformPart, name, env] = parts as [string, string, string];
      const platform = parsePlatform(platformPart);
      if (!platform.ok) return platform;
      if (!isFabricType(env))
        return fail(`"${env}" is not an environment (one of ${FABRIC_TYPES.join(', ')})`);
      return { ok: true, value: { entityType, platform: platform.value, name: decodeUrnPart(name), env } };
    }
    case 'mlFeatureTable': {
      if (parts.length !== 2) return fail('an mlFeatureTable URN has 2 parts (platform, name)');
      const [platformPart, name] = parts as [string, string];
      const platform = parsePlatform(platformPart);
      if (!platform.ok) return platform;
      return { ok: true, value: { entityType, platform: platform.value, name: decodeUrnPart(name) } };
    }
    case 'mlFeature': {
      if (parts.length !== 2) return fail('an mlFeature URN has 2 parts (namespace, name)');
      const [namespace, name] = parts as [string, string];
      return {
        ok: true,
        value: { entityType, namespace: decodeUrnPart(namespace), name: decodeUrnPart(name) },
      };
    }
    case 'glossaryTerm':
    case 'glossaryNode':
    case 'tag':
    case 'corpGroup':
    case 'domain':
    case 'dataProduct':
    case 'ownershipType':
    case 'structuredProperty':
    case 'form':
    case 'corpuser':
    case 'dataPlatform': {
      if (parts.length !== 1) return fail(`a ${entityType} URN has a single id`);
      const id = decodeUrnPart(parts[0] as string);
      if (isSimpleIdEntityType(entityType)) return { ok: true, value: { entityType, id } };
      if (entityType === 'corpuser') return { ok: true, value: { entityType, username: id } };
      return { ok: true, value: { entityType, name: id } };
    }
    default:
      return fail(`"${entityType}" is not an entity type this tool knows (${URN_ENTITY_TYPES.join(', ')})`);
  }
}

function parsePlatform(part: string): ParseResult<string> {
  const platform = parseRawUrn(part);
  if (!platform.ok || platform.value.entityType !== 'dataPlatform' || platform.value.parts.length !== 1) {
    return fail(`its platform "${part}" is not a "urn:li:dataPlatform:<name>" URN`);
  }
  return { ok: true, value: decodeUrnPart(platform.value.parts[0] as string) };
}

/** Percent-encodes a whole URN for a URL path segment, as Python's `quote(urn, safe="")` does. */
export function urlEncodeUrn(urn: string): string {
  return encodeURIComponent(urn).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function fail(reason: string): { ok: false; error: string } {
  return { ok: false, error: reason };
}

/**
 * The name DataHub shows for a glossary term whose glossaryTermInfo has none: the last segment of its
 * hierarchical id (GlossaryTermUtils.getGlossaryTermName), `Classification.PII` → `PII`.
 */
export function glossaryTermDisplayName(termId: string): string {
  return termId.slice(termId.lastIndexOf('.') + 1);
}
