/** owners, tags, links and property values of a declaration, resolved: each line is added with the tool's marker. */
import type { SourceLocation } from '../errors.js';
import { NO_ASSOCIATIONS, type DesiredAssociations } from '../model/desired-state.js';
import { entityHasAspect } from '../model/registry.js';
import { formatUrn, parseUrn } from '../model/urn.js';
import { resolvePropertyValues } from './property-values.js';
import { simpleRef } from './references.js';
import type { ResolveContext, ResolveScope } from './resolve-context.js';
import type { DocumentPath, KindDocument } from './source.js';
import type { Associations } from './values.js';

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
    if (owner === undefined) return;
    const type = line.type ?? 'TECHNICAL_OWNER';
    const custom = type.startsWith('urn:');
    const key = `${owner} ${type}`;
    if (!owners.has(key))
      owners.set(key, {
        owner,
        type: custom ? 'CUSTOM' : type,
        ...(custom ? { typeUrn: type } : {}),
        source,
      });
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
