/** What every kind's export writes alike: owners, tags, links, domain and deprecation, and small value helpers. */
import {
  isJsonObject,
  isStringArray,
  optionalString,
  stringOr,
  type JsonObject,
  type JsonValue,
} from '../model/json.js';
import { ownerTypeKey } from '../model/owner-type.js';
import { formatUrn, parseUrn } from '../model/urn.js';
import type { ExportContext, ExportDoc, ExportedEntity } from './export-context.js';
import { deprecationOf } from './render-lifecycle.js';

/** `domain:` of an entity: one domain is what the format holds (DataHub's UI sets one); more are reported. */
export function domainOf(entity: ExportedEntity, context: ExportContext): ExportDoc {
  const list = urnList(entity.aspects.get('domains')?.['domains']);
  if (list.length > 1) context.skip(`${entity.urn}: domains (${list.length} domains; a manifest holds one)`);
  return optional(
    'domain',
    list.length === 1 && list[0] !== undefined ? context.nameIn('Domain', list[0]) : undefined,
  );
}

/** Only the deprecation: a model's other lifecycle fields are rendered with the model, once. */
export function deprecatedOf(entity: ExportedEntity, context: ExportContext): ExportDoc {
  return optional(
    'deprecated',
    deprecationOf(entity.aspects.get('deprecation'), (urn) => context.replacementRef(urn)),
  );
}

/** owners, tags and links of any entity: every line, whoever added it (re-planning leaves the others' alone). */
export function ownersOf(entity: ExportedEntity): ExportDoc {
  return optional('owners', nonEmpty(ownerLines(entity)));
}

export function tagsOf(entity: ExportedEntity, context: ExportContext): ExportDoc {
  return optional(
    'tags',
    nonEmpty(tagUrnsOf(entity.aspects.get('globalTags')).map((urn) => context.nameIn('Tag', urn))),
  );
}

export function linksOf(entity: ExportedEntity): ExportDoc {
  return optional('links', nonEmpty(linkLines(entity.aspects.get('institutionalMemory'))));
}

/**
 * `properties:` of an entity: every structured property value, whoever set it, named by its property's id (the
 * name DataHub's tools give it, which resolves to the same URN); one value as itself, more as a list.
 */
export function propertiesOf(entity: ExportedEntity): ExportDoc {
  return optional('properties', propertyValuesOf(entity.aspects.get('structuredProperties')));
}

export function propertyValuesOf(aspect: JsonObject | undefined): JsonObject | undefined {
  const lines = aspect?.['properties'];
  const entries = (Array.isArray(lines) ? lines.filter(isJsonObject) : []).flatMap(
    (line): [string, JsonValue][] => {
      const parsed = parseUrn(stringOr(line['propertyUrn']));
      if (!parsed.ok || parsed.value.entityType !== 'structuredProperty') return [];
      const values = (Array.isArray(line['values']) ? line['values'].filter(isJsonObject) : []).flatMap(
        (value): (string | number)[] => {
          const item = value['string'] ?? value['double'];
          return typeof item === 'string' || typeof item === 'number' ? [item] : [];
        },
      );
      if (values.length === 0) return [];
      return [[parsed.value.id, values.length === 1 ? (values[0] as string | number) : values]];
    },
  );
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/** What most declared kinds carry after their own fields: domain, deprecation, owners, tags, links, properties. */
export function associationsOf(entity: ExportedEntity, context: ExportContext): ExportDoc {
  return {
    ...domainOf(entity, context),
    ...deprecatedOf(entity, context),
    ...ownersOf(entity),
    ...tagsOf(entity, context),
    ...linksOf(entity),
    ...propertiesOf(entity),
  };
}

export function termUrnsOf(aspect: JsonObject | undefined): string[] {
  const terms = aspect?.['terms'];
  return Array.isArray(terms)
    ? terms
        .filter(isJsonObject)
        .map((term) => stringOr(term['urn']))
        .filter((urn) => urn !== '')
    : [];
}

/** Owner lines as a manifest writes them: a corpuser by its id, a group by its URN; the type when not the default. */
function ownerLines(entity: ExportedEntity): ExportDoc[] {
  const owners = entity.aspects.get('ownership')?.['owners'];
  return (Array.isArray(owners) ? owners.filter(isJsonObject) : []).flatMap((line): ExportDoc[] => {
    const owner = stringOr(line['owner']);
    const parsed = parseUrn(owner);
    if (!parsed.ok || (parsed.value.entityType !== 'corpuser' && parsed.value.entityType !== 'corpGroup'))
      return [];
    const plainId = parsed.value.entityType === 'corpuser' && formatUrn(parsed.value) === owner;
    const type = ownerTypeKey(line);
    return [
      {
        owner: plainId && parsed.value.entityType === 'corpuser' ? parsed.value.username : owner,
        ...optional('type', type === 'TECHNICAL_OWNER' ? undefined : type),
      },
    ];
  });
}

function tagUrnsOf(aspect: JsonObject | undefined): string[] {
  const tags = aspect?.['tags'];
  return Array.isArray(tags)
    ? [...new Set(tags.filter(isJsonObject).map((tag) => stringOr(tag['tag'])))].filter((urn) => urn !== '')
    : [];
}

function linkLines(aspect: JsonObject | undefined): ExportDoc[] {
  const elements = aspect?.['elements'];
  const seen = new Set<string>();
  return (Array.isArray(elements) ? elements.filter(isJsonObject) : []).flatMap((element): ExportDoc[] => {
    const url = stringOr(element['url']);
    if (url === '' || seen.has(url)) return [];
    seen.add(url);
    return [{ url, ...optional('description', stringOr(element['description']) || undefined) }];
  });
}

export function nonEmptyMap(value: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(value) && Object.keys(value).length > 0 ? value : undefined;
}

export function urnList(value: JsonValue | undefined): string[] {
  return isStringArray(value) ? [...new Set(value)] : [];
}

export function versionTag(value: JsonValue | undefined): string | undefined {
  return isJsonObject(value) ? optionalString(value['versionTag']) : undefined;
}

export function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length === 0 ? undefined : list;
}

export function optional(key: string, value: JsonValue | undefined): ExportDoc {
  return value === undefined ? {} : { [key]: value };
}

/** A file name from an entity name: safe characters kept, the rest replaced. */
export function fileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return safe === '' ? 'unnamed' : safe.slice(0, 120);
}

/** The id of a URN of a simple-id type (a Tag's or a GlossaryTerm's), as a replacement names it. */
export function idOf(entityType: 'tag' | 'glossaryTerm'): (urn: string) => string | undefined {
  return (urn) => {
    const parsed = parseUrn(urn);
    return parsed.ok && parsed.value.entityType === entityType ? parsed.value.id : undefined;
  };
}

/** The name of a model's, group's or table's URN, as a replacement names it. */
export function nameOfUrn(
  entityType: 'mlFeatureTable' | 'mlModelGroup' | 'mlModel',
): (urn: string) => string | undefined {
  return (urn) => {
    const parsed = parseUrn(urn);
    return parsed.ok && parsed.value.entityType === entityType ? parsed.value.name : undefined;
  };
}
