/**
 * What the search index holds for one entity, derived from its latest aspects (pure). It follows the fields
 * DataHub's @Searchable annotations make searchable and filterable for the entities users meet around ML
 * metadata: the display name (`_entityName`), descriptions and definitions, schema field paths, the parts of the
 * URN, and the facets `platform`, `origin`, `glossaryTerms`, `fieldGlossaryTerms`, `editedFieldGlossaryTerms`,
 * `tags`, `fieldTags`, `editedFieldTags`, `owners`, `domains`, `container`, `typeNames`, `parentNode`, and `name`
 * of domains. The facets `_entityType`, `urn` and `removed` are read from the search row (store/row-fields.ts).
 */
import { simplifyFieldPath } from '../../model/field-path.js';
import { assertionEntityOf } from './assertion-entity.js';
import { browsePathPrefixes } from './browse-path-field.js';
import { incidentSummaryFacets } from './incident-facets.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { decodeUrnPart, parseRawUrn } from '../../model/urn.js';

export interface SearchDocument {
  readonly urn: string;
  readonly entityType: string;
  /** The display name: what results show and what an exact-name match ranks first. */
  readonly name: string;
  /** The description shown under a result (the UI's edit wins over the ingested text, as in DataHub). */
  readonly description: string;
  readonly removed: boolean;
  /** Full-text columns. */
  readonly text: {
    readonly name: string;
    readonly description: string;
    readonly fields: string;
    readonly urn: string;
    readonly other: string;
  };
  /** Filterable values: [facet, value] pairs, without duplicates. */
  readonly facets: readonly (readonly [string, string])[];
}

/** Where the display name comes from, per entity type, before the generic fallbacks. */
const NAME_FIELDS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  dataset: [
    ['editableDatasetProperties', 'name'],
    ['datasetProperties', 'name'],
  ],
  mlModel: [['mlModelProperties', 'name']],
  mlModelGroup: [['mlModelGroupProperties', 'name']],
  glossaryTerm: [['glossaryTermInfo', 'name']],
  glossaryNode: [['glossaryNodeInfo', 'name']],
  tag: [['tagProperties', 'name']],
  corpuser: [
    ['corpUserEditableInfo', 'displayName'],
    ['corpUserInfo', 'displayName'],
    ['corpUserInfo', 'fullName'],
  ],
  corpGroup: [['corpGroupInfo', 'displayName']],
  dataPlatform: [['dataPlatformInfo', 'displayName']],
  container: [['containerProperties', 'name']],
  domain: [['domainProperties', 'name']],
  chart: [['chartInfo', 'title']],
  dashboard: [['dashboardInfo', 'title']],
  dataFlow: [['dataFlowInfo', 'name']],
  dataJob: [['dataJobInfo', 'name']],
  notebook: [['notebookInfo', 'title']],
  dataProduct: [['dataProductProperties', 'name']],
  application: [['applicationProperties', 'name']],
  structuredProperty: [
    ['propertyDefinition', 'displayName'],
    ['propertyDefinition', 'qualifiedName'],
  ],
};

/** A structured property's display settings, each a filter field (StructuredPropertySettings.pdl: BOOLEAN). */
const PROPERTY_SETTINGS = [
  'isHidden',
  'showInSearchFilters',
  'showInAssetSummary',
  'hideInAssetSummaryWhenEmpty',
  'showAsAssetBadge',
  'showInColumnsTable',
] as const;

/** Key fields that name an entity, in order of preference. */
const KEY_NAME_FIELDS = ['name', 'username', 'platformName', 'id', 'chartId', 'dashboardId', 'flowId', 'jobId', 'notebookId', 'assertionId', 'guid', 'fieldPath']; // prettier-ignore

const DESCRIPTION_FIELDS = ['description', 'definition', 'aboutMe'];

const HAS_UPPER = /[A-Z]/;

/** Facets whose values (tag, term and domain URNs) are also full text: DataHub searches them by default. */
const TEXT_FACETS: ReadonlySet<string> = new Set([
  'glossaryTerms',
  'tags',
  'domains',
  'fieldGlossaryTerms',
  'fieldTags',
  'editedFieldGlossaryTerms',
  'editedFieldTags',
]);

/**
 * A name with its camelCase words split out as well (`AccountBalance` → `AccountBalance Account Balance`), as
 * DataHub's word-delimiter analyzer indexes names, so that `balance` finds `AccountBalance`.
 */
export function withWordParts(text: string): string {
  // Most names and field paths have no capital letter to split at: no regular expression replacing nothing.
  if (!HAS_UPPER.test(text)) return text;
  const split = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return split === text ? text : `${text} ${split}`;
}

/**
 * The platform GMS gives an entity that has no dataPlatformInstance aspect: it writes one from the key when the
 * entity is created (DefaultAspectsUtil with DataPlatformInstanceUtils.getDefaultDataPlatform at v1.7.0): the
 * key's platform (datasets, ML models, groups, feature tables), its dashboard tool (charts, dashboards), its
 * orchestrator (flows, processes) or its flow's orchestrator (jobs).
 */
function defaultPlatform(entityType: string, key: JsonObject | undefined): string | undefined {
  const platform = (name: JsonValue | undefined) => (typeof name === 'string' && name !== '' ? `urn:li:dataPlatform:${name}` : undefined); // prettier-ignore
  switch (entityType) {
    case 'chart':
    case 'dashboard':
      return platform(key?.['dashboardTool']);
    case 'dataFlow':
    case 'dataProcess':
      return platform(key?.['orchestrator']);
    case 'dataJob': {
      const flow = parseRawUrn(typeof key?.['flow'] === 'string' ? key['flow'] : '');
      return flow.ok && flow.value.entityType === 'dataFlow' ? platform(flow.value.parts[0]) : undefined;
    }
    default: {
      const keyed = key?.['platform'];
      return typeof keyed === 'string' ? keyed : undefined;
    }
  }
}

export function buildSearchDocument(urn: string, aspects: ReadonlyMap<string, JsonObject>): SearchDocument {
  const raw = parseRawUrn(urn);
  const entityType = raw.ok ? raw.value.entityType : '';
  const parts = raw.ok ? raw.value.parts : [urn];
  const key = findKey(aspects);
  const facets = new Map<string, [string, string]>();
  const facet = (field: string, value: JsonValue | undefined): void => {
    if (typeof value === 'string' && value !== '') facets.set(`${field}\u0000${value}`, [field, value]);
  };

  const name = displayName(entityType, aspects, key, parts);
  const descriptions = descriptionsOf(aspects);
  const status = aspects.get('status');
  const removed = status?.['removed'] === true;

  // `_entityType`, `urn` and `removed` are facet fields too, read from the search row (store/row-fields.ts).
  facet('platform', aspects.get('dataPlatformInstance')?.['platform'] ?? defaultPlatform(entityType, key));
  facet('origin', key?.['origin']);
  for (const term of termUrns(aspects.get('glossaryTerms'))) facet('glossaryTerms', term);
  for (const tag of tagUrns(aspects.get('globalTags'))) facet('tags', tag);
  for (const owner of listOf(aspects.get('ownership'), 'owners')) facet('owners', owner['owner']);
  for (const domain of stringsOf(aspects.get('domains')?.['domains'])) facet('domains', domain);
  facet('container', aspects.get('container')?.['container']);
  // AssertionInfo.entityUrn is @Searchable as `entity`: the app finds an asset's assertions by it (assertion-entity.ts).
  const assertionInfo = aspects.get('assertionInfo');
  if (assertionInfo !== undefined) facet('entity', assertionEntityOf(assertionInfo));
  for (const [field, value] of incidentSummaryFacets(aspects.get('incidentsSummary'))) facet(field, value);
  // VersionProperties.versionSet is @Searchable: VersionsSearchResolver finds a set's versions by it.
  facet('versionSet', aspects.get('versionProperties')?.['versionSet']);
  // Applications.applications is @Searchable (`applications`): an application's Assets tab filters by it.
  for (const application of stringsOf(aspects.get('applications')?.['applications']))
    facet('applications', application);
  for (const typeName of stringsOf(aspects.get('subTypes')?.['typeNames'])) facet('typeNames', typeName);
  facet('parentNode', aspects.get('glossaryTermInfo')?.['parentNode']);
  facet('parentNode', aspects.get('glossaryNodeInfo')?.['parentNode']);
  // DomainProperties.name is filterable in DataHub: its client finds a domain by name with `name` EQUAL (exact).
  if (entityType === 'domain') facet('name', aspects.get('domainProperties')?.['name']);
  // DomainProperties.parentDomain is @Searchable: the app lists the top-level domains as those without one.
  facet('parentDomain', aspects.get('domainProperties')?.['parentDomain']);
  for (const prefix of browsePathPrefixes(urn, aspects)) facet('browsePathV2', prefix);
  // CorpUserInfo.active (BOOLEAN) and the users' and groups' displayName are @Searchable: DataHub's web app asks
  // for users that are active or have a display name (userSearchUtils.getUserFilters) when it picks owners.
  const userInfo = aspects.get('corpUserInfo');
  if (entityType === 'corpuser' && typeof userInfo?.['active'] === 'boolean')
    facet('active', String(userInfo['active']));
  facet('displayName', userInfo?.['displayName']);
  facet('displayName', aspects.get('corpUserEditableInfo')?.['displayName']);
  facet('displayName', aspects.get('corpGroupInfo')?.['displayName']);
  // An entity's structured property values: `structuredProperties.<qualified name>` (DataHub's filter and facet
  // name, whose URN is urn:li:structuredProperty:<qualified name>), a number as its text.
  for (const assignment of listOf(aspects.get('structuredProperties'), 'properties')) {
    const propertyUrn = assignment['propertyUrn'];
    if (typeof propertyUrn !== 'string' || !propertyUrn.startsWith('urn:li:structuredProperty:')) continue;
    const field = `structuredProperties.${decodeUrnPart(propertyUrn.slice('urn:li:structuredProperty:'.length))}`;
    for (const value of listOf(assignment, 'values')) {
      const item = value['string'] ?? value['double'];
      facet(field, typeof item === 'number' ? String(item) : item);
    }
  }
  // A structured property's definition and settings, as the web app filters properties (entityTypes, isHidden, …).
  const definition = aspects.get('propertyDefinition');
  for (const entityTypeUrn of stringsOf(definition?.['entityTypes'])) facet('entityTypes', entityTypeUrn);
  facet('valueType', definition?.['valueType']);
  facet('qualifiedName', definition?.['qualifiedName']);
  // StructuredPropertyDefinition.displayName is @Searchable (WORD_GRAM, field displayName): the web app's property
  // pickers filter on it with CONTAIN (structuredProperties/utils.ts getDisplayNameFilter).
  facet('displayName', definition?.['displayName']);
  const settings = aspects.get('structuredPropertySettings');
  if (settings !== undefined)
    for (const setting of PROPERTY_SETTINGS) facet(setting, settings[setting] === true ? 'true' : 'false');

  const fieldPaths: string[] = [];
  const fieldDescriptions: string[] = [];
  for (const field of listOf(aspects.get('schemaMetadata'), 'fields')) {
    const fieldPath = field['fieldPath'];
    if (typeof fieldPath === 'string') fieldPaths.push(simplifyFieldPath(fieldPath));
    if (typeof field['description'] === 'string') fieldDescriptions.push(field['description']);
    const fieldTerms = isJsonObject(field['glossaryTerms']) ? field['glossaryTerms'] : undefined;
    for (const term of termUrns(fieldTerms)) facet('fieldGlossaryTerms', term);
    const fieldTags = isJsonObject(field['globalTags']) ? field['globalTags'] : undefined;
    for (const tag of tagUrns(fieldTags)) facet('fieldTags', tag);
  }
  for (const entry of listOf(aspects.get('editableSchemaMetadata'), 'editableSchemaFieldInfo')) {
    const fieldPath = entry['fieldPath'];
    if (typeof fieldPath === 'string') fieldPaths.push(simplifyFieldPath(fieldPath));
    if (typeof entry['description'] === 'string') fieldDescriptions.push(entry['description']);
    const entryTerms = isJsonObject(entry['glossaryTerms']) ? entry['glossaryTerms'] : undefined;
    for (const term of termUrns(entryTerms)) facet('editedFieldGlossaryTerms', term);
    const entryTags = isJsonObject(entry['globalTags']) ? entry['globalTags'] : undefined;
    for (const tag of tagUrns(entryTags)) facet('editedFieldTags', tag);
  }

  // Tags and terms are searched by default in DataHub (queryByDefault), so their ids are text too.
  const other: string[] = [];
  const facetList: (readonly [string, string])[] = [];
  for (const pair of facets.values()) {
    facetList.push(pair);
    if (TEXT_FACETS.has(pair[0])) other.push(urnIdText(pair[1]));
  }
  other.push(
    stringOrEmpty(aspects.get('datasetProperties')?.['qualifiedName']),
    stringOrEmpty(aspects.get('containerProperties')?.['qualifiedName']),
  );

  return {
    urn,
    entityType,
    name,
    description: descriptions[0] ?? '',
    removed,
    text: {
      name: withWordParts(name),
      description: [...new Set(descriptions)].join('\n'),
      fields: [...[...new Set(fieldPaths)].map(withWordParts), ...fieldDescriptions].join('\n'),
      urn: parts.map((part) => withWordParts(urnIdText(part))).join(' '),
      other: other.filter((item) => item !== '').join('\n'),
    },
    facets: facetList.sort(compareFacets),
  };
}

/** By field, then value, in code-unit order (the order needs no locale: it only makes the output deterministic). */
function compareFacets(a: readonly [string, string], b: readonly [string, string]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}

function findKey(aspects: ReadonlyMap<string, JsonObject>): JsonObject | undefined {
  for (const [name, value] of aspects) if (name.endsWith('Key')) return value;
  return undefined;
}

/** The name search shows for an entity (also the name of GenericEntity in GraphQL). */
export function entityDisplayName(urn: string, aspects: ReadonlyMap<string, JsonObject>): string {
  const raw = parseRawUrn(urn);
  return displayName(
    raw.ok ? raw.value.entityType : '',
    aspects,
    findKey(aspects),
    raw.ok ? raw.value.parts : [urn],
  );
}

function displayName(
  entityType: string,
  aspects: ReadonlyMap<string, JsonObject>,
  key: JsonObject | undefined,
  parts: readonly string[],
): string {
  for (const [aspect, field] of NAME_FIELDS[entityType] ?? []) {
    const value = aspects.get(aspect)?.[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  // Kinds without a rule: the name of their info or properties aspect (testInfo, dataProductProperties, …).
  for (const [aspect, value] of [...aspects.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/(Info|Properties)$/.test(aspect) || aspect.startsWith('editable')) continue;
    for (const field of ['displayName', 'name', 'title']) {
      const text = value[field];
      if (typeof text === 'string' && text.trim() !== '') return text;
    }
  }
  for (const field of KEY_NAME_FIELDS) {
    const value = key?.[field];
    if (typeof value === 'string' && value !== '') return decodeUrnPart(value);
  }
  return decodeUrnPart(parts[parts.length - 1] ?? '');
}

/** Editable (UI) descriptions first, then ingested ones, then glossary definitions. */
function descriptionsOf(aspects: ReadonlyMap<string, JsonObject>): string[] {
  const ordered = [...aspects.entries()].sort(
    ([a], [b]) => Number(!a.startsWith('editable')) - Number(!b.startsWith('editable')) || a.localeCompare(b),
  );
  const found: string[] = [];
  for (const [, value] of ordered) {
    for (const field of DESCRIPTION_FIELDS) {
      const text = value[field];
      if (typeof text === 'string' && text.trim() !== '') found.push(text);
    }
  }
  return found;
}

/** `urn:li:tag:pii` → `pii`; a dataset URN → its platform, name and env; ids split for word search. */
function urnIdText(value: string): string {
  const raw = parseRawUrn(value);
  if (!raw.ok) return decodeUrnPart(value);
  return raw.value.parts
    .map((part) => (part.startsWith('urn:') ? urnIdText(part) : decodeUrnPart(part)))
    .join(' ');
}

function termUrns(aspect: JsonObject | undefined): string[] {
  return listOf(aspect, 'terms').flatMap((term) => (typeof term['urn'] === 'string' ? [term['urn']] : []));
}

function tagUrns(aspect: JsonObject | undefined): string[] {
  return listOf(aspect, 'tags').flatMap((tag) => (typeof tag['tag'] === 'string' ? [tag['tag']] : []));
}

function listOf(aspect: JsonObject | undefined, field: string): JsonObject[] {
  const value = aspect?.[field];
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

function stringsOf(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function stringOrEmpty(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}
