/** owners, tags, links and property values of a declaration, resolved: each line is added with the tool's marker. */
import type { SourceLocation } from '../errors.js';
import { NO_ASSOCIATIONS, type DesiredAssociations } from '../model/desired-state.js';
import { didYouMean } from '../model/did-you-mean.js';
import { entityHasAspect } from '../model/registry.js';
import { formatUrn, parseUrn } from '../model/urn.js';
import { resolvePropertyValues } from './property-values.js';
import { simpleRef } from './references.js';
import type { ResolveContext, ResolveScope } from './resolve-context.js';
import type { DocumentPath, KindDocument } from './source.js';
import type { Associations } from './values.js';
import { OWNERSHIP_TYPE_SYMBOLS } from '../datahub/ownership-types.js';

/** owners, tags and links of one declaration (`at`: the path of an inline item, [] for the document). */
export function resolveAssociations(
  context: ResolveContext,
  doc: KindDocument<{ readonly kind: string }>,
  declared: Associations,
  at: DocumentPath,
  entityType: string,
): DesiredAssociations {
  // Most entities declare none: one shared empty value rather than three empty lists each.
  if (
    !declared.owners?.length &&
    !declared.tags?.length &&
    !declared.links?.length &&
    declared.properties === undefined
  )
    return NO_ASSOCIATIONS;
  refuseUnsupported(context, doc, declared, at, entityType);
  const owners = new Map<string, DesiredAssociations['owners'][number]>();
  (declared.owners ?? []).forEach((line, index) => {
    const source = doc.source.locate([...at, 'owners', index]);
    const owner = ownerUrn(context, line.owner, doc.source.locate([...at, 'owners', index, 'owner']));
    const type = ownerType(context, line.type, doc.source.locate([...at, 'owners', index, 'type']));
    if (owner === undefined || type === undefined) return;
    const key = `${owner} ${type.typeUrn ?? type.type}`;
    if (!owners.has(key)) owners.set(key, { owner, ...type, source });
  });
  const tags = new Map<string, DesiredAssociations['tags'][number]>();
  (declared.tags ?? []).forEach((ref, index) => {
    const source = doc.source.locate([...at, 'tags', index]);
    const tagUrn = simpleRef(context, 'tag', ref, source);
    if (tagUrn !== undefined && !tags.has(tagUrn)) tags.set(tagUrn, { tagUrn, source });
  });
  const links = new Map<string, DesiredAssociations['links'][number]>();
  (declared.links ?? []).forEach((link, index) => {
    const source = doc.source.locate([...at, 'links', index]);
    if (!links.has(link.url))
      links.set(link.url, { url: link.url, description: link.description ?? '', source });
  });
  // The platform an allowedPlatforms property checks is the one the entity has in the catalog (read when planning).
  const properties = entityHasAspect(entityType, 'structuredProperties')
    ? resolvePropertyValues(context, doc, declared.properties, [...at, 'properties'], entityType, null)
    : undefined;
  return {
    owners: [...owners.values()],
    tags: [...tags.values()],
    links: [...links.values()],
    ...(properties === undefined ? {} : { properties }),
  };
}

/**
 * A line whose aspect the entity type does not have in DataHub's entity registry (glossary terms and nodes have
 * no globalTags there) would be refused by the server at apply time: it is refused here, before any write.
 */
function refuseUnsupported(
  scope: ResolveScope,
  doc: KindDocument<{ readonly kind: string }>,
  declared: Associations,
  at: DocumentPath,
  entityType: string,
): void {
  const fields = {
    owners: 'ownership',
    tags: 'globalTags',
    links: 'institutionalMemory',
    properties: 'structuredProperties',
  } as const;
  for (const [field, aspect] of Object.entries(fields) as [keyof typeof fields, string][]) {
    const value = declared[field];
    const given = Array.isArray(value) ? value.length > 0 : value !== undefined;
    if (!given || entityHasAspect(entityType, aspect)) continue;
    scope.error(
      'INVALID_VALUE',
      `${doc.manifest.kind} cannot have ${field}: DataHub's ${entityType} entity has no ${aspect} aspect`,
      doc.source.locate([...at, field], 'key'),
      { hint: `remove '${field}' here (DataHub's entity registry, entity ${entityType})` },
    );
  }
}

/** The ownership types of DataHub's OwnershipType enum an owner line may name (Owner.pdl, v1.7.0). */
export const BUILT_IN_OWNER_TYPES = OWNERSHIP_TYPE_SYMBOLS;

/**
 * An owner line's type: a built-in name (written as `type` alone, as DataHub's CLI writes it), or a custom
 * ownership type by URN or by the id of an OwnershipType (written as type CUSTOM with its typeUrn, as DataHub's CLI
 * writes a typeUrn: golden_dataproduct_out_ownership_type_urn.json). An id the manifests do not declare must name
 * a type that exists in the catalog; a name in capitals that is no built-in one is a typo.
 */
function ownerType(
  context: ResolveContext,
  type: string | undefined,
  source: SourceLocation,
): { type: string; typeUrn?: string } | undefined {
  if (type === undefined) return { type: 'TECHNICAL_OWNER' };
  if (BUILT_IN_OWNER_TYPES.includes(type)) return { type };
  if (type.startsWith('urn:')) return { type: 'CUSTOM', typeUrn: type };
  const declared = context
    .documentsOf<{ readonly kind: 'OwnershipType'; readonly id: string }>('OwnershipType')
    .map((document) => document.manifest.id);
  const known = new Set([...declared, ...context.shadowed('OwnershipType')]);
  const typeUrn = formatUrn({ entityType: 'ownershipType', id: type });
  if (known.has(type)) return { type: 'CUSTOM', typeUrn };
  if (/^[A-Z][A-Z_]*$/.test(type)) {
    context.error('INVALID_VALUE', `'${type}' is not an ownership type`, source, {
      hint:
        didYouMean(type, [...BUILT_IN_OWNER_TYPES, ...declared]) ??
        `name one of DataHub's (${BUILT_IN_OWNER_TYPES.join(', ')}) or an OwnershipType by its id`,
    });
    return undefined;
  }
  context.requireEntity(
    typeUrn,
    source,
    () =>
      didYouMean(type, declared) ??
      `declare an OwnershipType with id '${type}' in the manifests, or name a type that exists in DataHub by its URN`,
  );
  return { type: 'CUSTOM', typeUrn };
}

/** A corpuser id or a corpuser/corpGroup URN. */
function ownerUrn(scope: ResolveScope, ref: string, source: SourceLocation): string | undefined {
  if (!ref.startsWith('urn:')) return formatUrn({ entityType: 'corpuser', username: ref });
  const parsed = parseUrn(ref);
  if (parsed.ok && (parsed.value.entityType === 'corpuser' || parsed.value.entityType === 'corpGroup'))
    return formatUrn(parsed.value);
  const reason = parsed.ok ? `it is a ${parsed.value.entityType} URN` : parsed.error;
  scope.error('MALFORMED_URN', `malformed owner URN '${ref}'`, source, {
    hint: `${reason}; an owner is urn:li:corpuser:<id> or urn:li:corpGroup:<id>`,
  });
  return undefined;
}
