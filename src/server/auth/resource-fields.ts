/**
 * The fields of a resource a policy's resource filter is matched against (DataHub v1.7.0 metadata-auth
 * EntityFieldType, resolved by the FieldResolverProviders of metadata-service/auth-impl): its type and URN, its
 * owners, its domain and the domain's parents, its tags, its container and the container's parents, and its
 * glossary terms. A field the catalog does not resolve (GROUP_MEMBERSHIP, DATA_PLATFORM_INSTANCE) has no values,
 * as a resolver that finds nothing answers; a field name EntityFieldType does not have matches nothing.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import type { CatalogService } from '../catalog-service.js';
import type { ResourceCriterion } from './policy-rules.js';

const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  'RESOURCE_URN', 'RESOURCE_TYPE', 'TYPE', 'URN', 'OWNER', 'DOMAIN', 'GROUP_MEMBERSHIP',
  'DATA_PLATFORM_INSTANCE', 'TAG', 'CONTAINER', 'GLOSSARY',
]); // prettier-ignore

function objectsOf(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** An entity and its parents, each read from `next` (a domain's parentDomain, a container's container). */
function withParents(first: readonly string[], next: (urn: string) => string | undefined): string[] {
  const seen = new Set<string>();
  const queue = [...first];
  while (queue.length > 0) {
    const urn = queue.shift();
    if (urn === undefined || seen.has(urn)) continue;
    seen.add(urn);
    const parent = next(urn);
    if (parent !== undefined) queue.push(parent);
  }
  return [...seen];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function resourceFieldValues(
  service: CatalogService,
  urn: string,
  field: string,
): ReadonlySet<string> {
  const latest = (entity: string, aspect: string): JsonObject | undefined => service.latest(entity, aspect);
  switch (field) {
    case 'RESOURCE_URN':
    case 'URN':
      return new Set([urn]);
    case 'RESOURCE_TYPE':
    case 'TYPE': {
      const raw = parseRawUrn(urn);
      return new Set(raw.ok ? [raw.value.entityType] : []);
    }
    case 'OWNER':
      return new Set(objectsOf(latest(urn, 'ownership')?.['owners']).flatMap((owner) => text(owner['owner']) ?? [])); // prettier-ignore
    case 'DOMAIN':
      return new Set(withParents(stringsOf(latest(urn, 'domains')?.['domains']), (domain) => text(latest(domain, 'domainProperties')?.['parentDomain']))); // prettier-ignore
    case 'TAG':
      return new Set(objectsOf(latest(urn, 'globalTags')?.['tags']).flatMap((tag) => text(tag['tag']) ?? []));
    case 'CONTAINER': {
      const first = text(latest(urn, 'container')?.['container']);
      return new Set(withParents(first === undefined ? [] : [first], (container) => text(latest(container, 'container')?.['container']))); // prettier-ignore
    }
    case 'GLOSSARY':
      return new Set(
        objectsOf(latest(urn, 'glossaryTerms')?.['terms']).flatMap((term) => text(term['urn']) ?? []),
      );
    default:
      return new Set();
  }
}

/** PolicyEngine.checkCriterion: EQUALS any value, STARTS_WITH any prefix, NOT_EQUALS none of the values. */
export function meetsCriterion(service: CatalogService, urn: string, criterion: ResourceCriterion): boolean {
  const field = criterion.field.toUpperCase();
  if (!KNOWN_FIELDS.has(field)) return false;
  const values = resourceFieldValues(service, urn, field);
  switch (criterion.condition) {
    case 'EQUALS':
      return criterion.values.some((value) => values.has(value));
    case 'STARTS_WITH':
      return criterion.values.some((prefix) => [...values].some((value) => value.startsWith(prefix)));
    case 'NOT_EQUALS':
      return !criterion.values.some((value) => values.has(value));
    default:
      return false;
  }
}
