/**
 * The values of a glossary node or term as DataHub's source writes them, in a manifest's terms: owners, knowledge
 * links, custom properties and a term's domain (what a manifest cannot express is an error where it is written).
 */
import type { JsonObject } from '../model/json.js';
import { encodeUrnPart } from '../model/urn.js';
import { needsResolution } from './domain-registry.js';
import {
  checkFields,
  isPlainObject,
  modelList,
  str,
  strList,
  type Context,
  type Path,
  type Raw,
} from './glossary-config.js';
import { pythonStr } from './python-yaml.js';
import { OWNERSHIP_TYPE_SYMBOLS } from '../datahub/ownership-types.js';

/** A term's domain that DataHub resolves through a server (DomainRegistry). */
export interface DomainUse {
  readonly domain: string;
  /** `file:line:column: path` of the term's `domain`. */
  readonly where: string;
}

/** OwnershipTypeClass's symbols at v1.7.0 (validate_ownership_type accepts these, upper-cased). */
const OWNERSHIP_TYPES = new Set(['CUSTOM', ...OWNERSHIP_TYPE_SYMBOLS]);

/** get_owners_multiple_types: one Owners or a list of them; users and groups each become an owner. */
export function owners(value: unknown, path: Path, context: Context, optional: boolean): JsonObject[] {
  if ((value === null || value === undefined) && optional) return [];
  const entries: [unknown, Path][] = Array.isArray(value)
    ? value.map((entry, index) => [entry, [...path, index]])
    : [[value, path]];
  return entries.flatMap(([entry, at]): JsonObject[] => {
    if (!isPlainObject(entry)) {
      context.error(at, 'Input should be a valid dictionary or instance of Owners (users and/or groups)');
      return [];
    }
    checkFields(entry, 'Owners', at, context);
    // `type: str = DEVELOPER`, and get_owners uses `owners.type or DEVELOPER`.
    const declared = ('type' in entry ? str(entry, 'type', at, context, false) : undefined) || 'DEVELOPER';
    const typeUrn = str(entry, 'typeUrn', at, context);
    let type: string | undefined;
    let ownershipTypeUrn: string | undefined;
    if (declared.startsWith('urn:li:ownershipType:')) {
      type = 'CUSTOM';
      ownershipTypeUrn = declared;
    } else if (declared.startsWith('urn:li:')) {
      // validate_ownership_type parses it as an OwnershipTypeUrn, which any other URN fails.
      context.error([...at, 'type'], `Invalid urn ${declared}: expected an urn:li:ownershipType URN`);
    } else if (OWNERSHIP_TYPES.has(declared.toUpperCase())) {
      type = declared.toUpperCase();
    } else {
      context.error([...at, 'type'], `Unexpected ownership type: ${declared.toUpperCase()}`);
    }
    if (typeUrn !== undefined) ownershipTypeUrn = typeUrn;
    const users = strList(entry, 'users', at, context) ?? [];
    const groups = strList(entry, 'groups', at, context) ?? [];
    if (type === undefined) return [];
    // A manifest owner's type is an OwnershipType or the URN of a custom one (written as CUSTOM + typeUrn).
    let manifestType: string | undefined = type;
    if (type === 'CUSTOM') manifestType = ownershipTypeUrn;
    else if (ownershipTypeUrn !== undefined) manifestType = undefined;
    if (manifestType === undefined) {
      context.error(
        [...at, type === 'CUSTOM' ? 'type' : 'typeUrn'],
        type === 'CUSTOM'
          ? 'DataHub writes type CUSTOM without a typeUrn here, which a manifest cannot express: give typeUrn (or a type URN)'
          : `DataHub writes type ${type} with typeUrn ${ownershipTypeUrn ?? ''}, which a manifest cannot express: use type CUSTOM or a type URN`,
      );
      return [];
    }
    const line = (owner: string): JsonObject =>
      manifestType === 'TECHNICAL_OWNER' ? { owner } : { owner, type: manifestType };
    return [
      // make_user_urn: a corpuser or corpGroup URN stays; an id is encoded as UrnEncoder does, as a manifest's
      // plain owner id is.
      ...users.map((user) => line(user)),
      ...groups.map((group) =>
        line(
          group.startsWith('urn:li:corpGroup:') || group.startsWith('urn:li:corpuser:')
            ? group
            : `urn:li:corpGroup:${encodeUrnPart(group)}`,
        ),
      ),
    ];
  });
}

/** make_institutional_memory_mcp: a knowledge link with both a label and a url. */
export function knowledgeLinks(holder: Raw, path: Path, context: Context): JsonObject[] | undefined {
  const kept: JsonObject[] = [];
  for (const [card, at] of modelList(holder, 'knowledge_links', path, context)) {
    checkFields(card, 'KnowledgeCard', at, context);
    const url = str(card, 'url', at, context);
    const label = str(card, 'label', at, context);
    if (!url || !label) continue;
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) {
      context.error(
        [...at, 'url'],
        `'${url}' has no scheme (https:…); DataHub takes it, a manifest link needs a URL`,
      );
      continue;
    }
    kept.push({ url, description: label });
  }
  return kept.length === 0 ? undefined : kept;
}

/** custom_properties: Dict[str, LaxStr], each value Python's str() of what YAML read. */
export function customProperties(holder: Raw, path: Path, context: Context): JsonObject | undefined {
  const value = holder['custom_properties'];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    context.error([...path, 'custom_properties'], 'Input should be a valid dictionary');
    return undefined;
  }
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    const rendered = pythonStr(item);
    if (rendered === undefined) {
      context.error(
        [...path, 'custom_properties', key],
        "Python's str() of this value names a datetime's time zone object, which this import does not reproduce; quote the value",
      );
      continue;
    }
    result[key] = rendered;
  }
  return Object.keys(result).length === 0 ? undefined : result;
}

/** get_domain_class: DomainRegistry's cases; a name is recorded for the target to resolve. */
export function termDomain(
  term: Raw,
  path: Path,
  context: Context,
  domains: DomainUse[],
): string | undefined {
  const domain = str(term, 'domain', path, context);
  if (domain === undefined) return undefined;
  const at = [...path, 'domain'];
  if (needsResolution(domain)) {
    domains.push({ domain, where: context.where(at) });
    return domain;
  }
  if (/^urn:li:domain:[^,()]+$/.test(domain)) return domain;
  // DomainRegistry passes anything starting "urn:li:domain" or holding four "-" through unchanged.
  context.error(
    at,
    `DataHub writes '${domain}' into the domains aspect as it is, which is not a domain URN GMS accepts; write urn:li:domain:${domain.startsWith('urn:li:domain') ? '…' : domain}`,
  );
  return undefined;
}
