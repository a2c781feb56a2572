/**
 * Live catalog → manifests (`catalog export`): the inverse of resolve-desired-state, so that validating the
 * output passes and reconciling it against the same catalog plans no changes. One file per feature table, model
 * group, glossary (first segment of the term ids) and dataset. Pure: the command reads and writes.
 */
import { deprecationOf, renderLifecycleFields } from './render-lifecycle.js';
import { stringify } from 'yaml';
import { simplifyFieldPath } from '../model/field-path.js';
import {
  isJsonObject,
  isStringArray,
  optionalString,
  stringOr,
  type JsonObject,
  type JsonValue,
} from '../model/json.js';
import { ownerTypeKey } from '../plan/owner-type.js';
import { formatUrn, glossaryTermDisplayName, parseUrn, type EntityUrn, type UrnOf } from '../model/urn.js';
import { appendTo } from '../model/group.js';

export interface ExportedEntity {
  readonly urn: string;
  /** The owned aspect (glossaryTermInfo, mlFeatureProperties, ...), or the dataset's term aspects. */
  readonly aspects: ReadonlyMap<string, JsonObject>;
}

export interface ExportInput {
  readonly tags?: readonly ExportedEntity[];
  readonly nodes?: readonly ExportedEntity[];
  readonly terms: readonly ExportedEntity[];
  readonly features: readonly ExportedEntity[];
  readonly tables: readonly ExportedEntity[];
  readonly groups: readonly ExportedEntity[];
  readonly models: readonly ExportedEntity[];
  readonly datasets: readonly ExportedEntity[];
  readonly domains?: readonly ExportedEntity[];
  readonly products?: readonly ExportedEntity[];
}

export interface ExportOutput {
  /** Relative path → YAML text, in a stable order. */
  readonly files: ReadonlyMap<string, string>;
  /** Entities left out, with the reason. */
  readonly skipped: readonly string[];
  readonly counts: Readonly<Record<string, number>>;
}

type Doc = Record<string, JsonValue>;
const PLATFORM = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function renderManifests(input: ExportInput): ExportOutput {
  const skipped: string[] = [];
  const docs = new Map<string, Doc[]>();
  const add = (file: string, doc: Doc): void => appendTo(docs, file, doc);
  const counts: Record<string, number> = {};
  const count = (kind: string): void => void (counts[kind] = (counts[kind] ?? 0) + 1);
  const typed = <T extends EntityUrn['entityType']>(urn: string, type: T): UrnOf<T> | undefined => {
    const parsed = parseUrn(urn);
    if (!parsed.ok || parsed.value.entityType !== type) {
      skipped.push(`${urn}: not a ${type} URN this tool can express`);
      return undefined;
    }
    // A manifest names an entity by its parts; a URN that does not come back from its parts (reserved characters
    // left unencoded) would be planned as another entity.
    if (formatUrn(parsed.value) !== urn) {
      skipped.push(`${urn}: its name holds unencoded reserved characters, which a manifest cannot reproduce`);
      return undefined;
    }
    return parsed.value as UrnOf<T>;
  };
  const platformOk = (urn: string, platform: string): boolean => {
    if (PLATFORM.test(platform)) return true;
    skipped.push(`${urn}: platform "${platform}" cannot be written in a manifest`);
    return false;
  };

  // Tags and glossary nodes: referenced by id when exported here, else by URN.
  const tagIds = new Map<string, string>();
  for (const tag of input.tags ?? []) {
    const urn = typed(tag.urn, 'tag');
    const properties = tag.aspects.get('tagProperties');
    if (urn === undefined || properties === undefined) continue;
    tagIds.set(tag.urn, urn.id);
    const name = stringOr(properties['name'], urn.id);
    add('tags.yaml', {
      apiVersion: 'catalog/v1',
      kind: 'Tag',
      id: urn.id,
      ...optional('name', name === urn.id ? undefined : name),
      ...optional('description', optionalString(properties['description'])),
      ...optional('colorHex', optionalString(properties['colorHex'])),
      ...optional('owners', nonEmpty(ownersOf(tag))),
    });
    count('Tag');
  }
  const tagRef = (urn: string): string => tagIds.get(urn) ?? urn;
  const nodeIds = new Map<string, string>();
  const nodes = (input.nodes ?? []).flatMap((node) => {
    const urn = typed(node.urn, 'glossaryNode');
    const info = node.aspects.get('glossaryNodeInfo');
    if (urn === undefined || info === undefined) return [];
    nodeIds.set(node.urn, urn.id);
    return [{ node, id: urn.id, info }];
  });
  const nodeRef = (urn: string): string => nodeIds.get(urn) ?? urn;
  // Domains: referenced by id when exported here, else by URN.
  const domainIds = new Map<string, string>();
  const domains = (input.domains ?? []).flatMap((domain) => {
    const urn = typed(domain.urn, 'domain');
    const properties = domain.aspects.get('domainProperties');
    if (urn === undefined || properties === undefined) return [];
    domainIds.set(domain.urn, urn.id);
    return [{ domain, id: urn.id, properties }];
  });
  const domainRef = (urn: string): string => domainIds.get(urn) ?? urn;
  /** `domain:` of an entity: one domain is what the format holds (DataHub's UI sets one); more are reported. */
  const domainOf = (entity: ExportedEntity): Doc => {
    const list = urnList(entity.aspects.get('domains')?.['domains']);
    if (list.length > 1)
      skipped.push(`${entity.urn}: domains (${list.length} domains; a manifest holds one)`);
    return optional('domain', list.length === 1 && list[0] !== undefined ? domainRef(list[0]) : undefined);
  };
  // owners, tags and links of any entity: every line, whoever added it (re-planning leaves the others' alone).
  const replacementRef = replacementNamer(input);
  // Only the deprecation: a model's other lifecycle fields are rendered with the model, once.
  const deprecatedOf = (entity: ExportedEntity): Doc =>
    optional('deprecated', deprecationOf(entity.aspects.get('deprecation'), replacementRef));
  /** What every declared kind may carry: owners, tags, links, and its deprecation. */
  const associations = (entity: ExportedEntity): Doc => ({
    ...domainOf(entity),
    ...deprecatedOf(entity),
    ...optional('owners', nonEmpty(ownersOf(entity))),
    ...optional('tags', nonEmpty(tagUrnsOf(entity.aspects.get('globalTags')).map(tagRef))),
    ...optional('links', nonEmpty(linksOf(entity.aspects.get('institutionalMemory')))),
  });
  for (const { domain, id, properties } of domains) {
    const name = stringOr(properties['name'], id);
    const parent = optionalString(properties['parentDomain']);
    add('domains.yaml', {
      apiVersion: 'catalog/v1',
      kind: 'Domain',
      id,
      ...optional('name', name === id ? undefined : name),
      ...optional('description', optionalString(properties['description'])),
      ...optional('parent', parent === undefined ? undefined : domainRef(parent)),
      ...deprecatedOf(domain),
      ...optional('owners', nonEmpty(ownersOf(domain))),
      ...optional('links', nonEmpty(linksOf(domain.aspects.get('institutionalMemory')))),
    });
    count('Domain');
  }
  for (const { node, id, info } of nodes) {
    const parent = optionalString(info['parentNode']);
    add(`glossary/${fileName(id.split('.')[0] ?? id)}.yaml`, {
      apiVersion: 'catalog/v1',
      kind: 'GlossaryNode',
      id,
      name: stringOr(info['name'], glossaryTermDisplayName(id)),
      ...optional('definition', stringOr(info['definition']) || undefined),
      ...optional('parent', parent === undefined ? undefined : nodeRef(parent)),
      ...optional('customProperties', nonEmptyMap(info['customProperties'])),
      ...associations(node),
    });
    count('GlossaryNode');
  }

  // Glossary terms: referenced by id when exported here, else by URN.
  const termIds = new Map<string, string>();
  for (const term of input.terms) {
    const urn = typed(term.urn, 'glossaryTerm');
    if (urn !== undefined && term.aspects.has('glossaryTermInfo')) termIds.set(term.urn, urn.id);
  }
  for (const term of input.terms) {
    const urn = typed(term.urn, 'glossaryTerm');
    const info = term.aspects.get('glossaryTermInfo');
    if (urn === undefined || info === undefined) continue;
    const termSource = stringOr(info['termSource']);
    const parent = optionalString(info['parentNode']);
    const related = term.aspects.get('glossaryRelatedTerms');
    const relatedList = (field: string): string[] | undefined =>
      nonEmpty(urnList(related?.[field]).map((ref) => termIds.get(ref) ?? ref));
    const relatedTerms: Doc = {
      ...optional('isA', relatedList('isRelatedTerms')),
      ...optional('hasA', relatedList('hasRelatedTerms')),
      ...optional('values', relatedList('values')),
      ...optional('relatedTo', relatedList('relatedTerms')),
    };
    add(`glossary/${fileName(urn.id.split('.')[0] ?? urn.id)}.yaml`, {
      apiVersion: 'catalog/v1',
      kind: 'GlossaryTerm',
      id: urn.id,
      name: stringOr(info['name'], glossaryTermDisplayName(urn.id)),
      ...optional('definition', stringOr(info['definition']) || undefined),
      ...optional('termSource', termSource === 'EXTERNAL' ? 'EXTERNAL' : undefined),
      ...optional('parent', parent === undefined ? undefined : nodeRef(parent)),
      ...optional('sourceRef', optionalString(info['sourceRef'])),
      ...optional('sourceUrl', optionalString(info['sourceUrl'])),
      ...optional('customProperties', nonEmptyMap(info['customProperties'])),
      ...(Object.keys(relatedTerms).length === 0 ? {} : { relatedTerms }),
      ...associations(term),
    });
    count('GlossaryTerm');
  }
  const termRef = (urn: string): string => termIds.get(urn) ?? urn;

  // Features: inline in the table that lists them and carries their namespace, else declared on their own.
  const featureKeys = new Map<string, string>();
  const featureFields = new Map<string, Doc>();
  for (const feature of input.features) {
    const urn = typed(feature.urn, 'mlFeature');
    const properties = feature.aspects.get('mlFeatureProperties');
    if (urn === undefined || properties === undefined) continue;
    featureKeys.set(feature.urn, `${urn.namespace}.${urn.name}`);
    featureFields.set(feature.urn, {
      name: urn.name,
      ...optional('dataType', stringOr(properties['dataType']) || undefined),
      ...optional('description', optionalString(properties['description'])),
      ...optional('version', versionTag(properties['version'])),
      ...optional('sources', nonEmpty(urnList(properties['sources']))),
      ...associations(feature),
    });
  }
  const featureRef = (urn: string): string => featureKeys.get(urn) ?? urn;
  const inline = new Set<string>();
  for (const table of input.tables) {
    const urn = typed(table.urn, 'mlFeatureTable');
    const properties = table.aspects.get('mlFeatureTableProperties');
    if (urn === undefined || properties === undefined || !platformOk(table.urn, urn.platform)) continue;
    const features = urnList(properties['mlFeatures']).map((featureUrn): JsonValue => {
      const fields = featureFields.get(featureUrn);
      const parsed = parseUrn(featureUrn);
      const ownNamespace =
        parsed.ok && parsed.value.entityType === 'mlFeature' && parsed.value.namespace === urn.name;
      if (fields !== undefined && ownNamespace && !inline.has(featureUrn)) {
        inline.add(featureUrn);
        count('MLFeature');
        return fields;
      }
      return { ref: featureRef(featureUrn) };
    });
    add(`features/${fileName(urn.name)}.yaml`, {
      apiVersion: 'catalog/v1',
      kind: 'MLFeatureTable',
      name: urn.name,
      platform: urn.platform,
      ...optional('description', optionalString(properties['description'])),
      ...optional('features', nonEmpty(features)),
      ...associations(table),
    });
    count('MLFeatureTable');
  }
  for (const feature of input.features) {
    const fields = featureFields.get(feature.urn);
    const urn = parseUrn(feature.urn);
    if (fields === undefined || inline.has(feature.urn) || !urn.ok || urn.value.entityType !== 'mlFeature')
      continue;
    add(`features/${fileName(urn.value.namespace)}.yaml`, {
      apiVersion: 'catalog/v1',
      kind: 'MLFeature',
      namespace: urn.value.namespace,
      ...fields,
    });
    count('MLFeature');
  }

  // Model groups, each in its own file with the models whose first group it is.
  const groupFiles = new Map<string, string>();
  for (const group of input.groups) {
    const urn = typed(group.urn, 'mlModelGroup');
    const properties = group.aspects.get('mlModelGroupProperties');
    if (urn === undefined || properties === undefined || !platformOk(group.urn, urn.platform)) continue;
    const file = `models/${fileName(urn.name)}.yaml`;
    groupFiles.set(group.urn, file);
    add(file, {
      apiVersion: 'catalog/v1',
      kind: 'MLModelGroup',
      name: urn.name,
      platform: urn.platform,
      env: urn.env,
      ...optional('description', optionalString(properties['description'])),
      ...associations(group),
    });
    count('MLModelGroup');
  }
  for (const model of input.models) {
    const urn = typed(model.urn, 'mlModel');
    const properties = model.aspects.get('mlModelProperties');
    if (urn === undefined || properties === undefined || !platformOk(model.urn, urn.platform)) continue;
    const groups = urnList(properties['groups']);
    // versionProperties (where DataHub's SDK and connectors keep a model's version), aliases, parameters, data.
    const lifecycle = renderLifecycleFields('mlModel', model.aspects, replacementRef).fields;
    const groupRef = (groupUrn: string): string => {
      const parsed = parseUrn(groupUrn);
      const sameScope =
        parsed.ok &&
        parsed.value.entityType === 'mlModelGroup' &&
        parsed.value.platform === urn.platform &&
        parsed.value.env === urn.env;
      return sameScope && groupFiles.has(groupUrn) && formatUrn(parsed.value) === groupUrn
        ? parsed.value.name
        : groupUrn;
    };
    add(groupFiles.get(groups[0] ?? '') ?? `models/${fileName(urn.name)}.yaml`, {
      apiVersion: 'catalog/v1',
      kind: 'MLModel',
      name: urn.name,
      platform: urn.platform,
      env: urn.env,
      ...optional('description', optionalString(properties['description'])),
      ...optional('type', optionalString(properties['type'])),
      ...optional('version', lifecycle.version ?? versionTag(properties['version'])),
      ...optional('aliases', lifecycle.aliases),
      ...optional('groups', nonEmpty(groups.map(groupRef))),
      ...optional('features', nonEmpty(urnList(properties['mlFeatures']).map(featureRef))),
      ...optional('hyperParams', lifecycle.hyperParams),
      ...optional('metrics', lifecycle.metrics),
      ...optional('trainingData', lifecycle.trainingData),
      ...optional('evaluationData', lifecycle.evaluationData),
      ...associations(model),
    });
    count('MLModel');
  }

  // Datasets with term attachments: every edge, whoever added it (re-planning leaves the others' edges alone).
  for (const dataset of input.datasets) {
    const urn = typed(dataset.urn, 'dataset');
    if (urn === undefined) continue;
    const terms = termUrnsOf(dataset.aspects.get('glossaryTerms')).map(termRef);
    const columns: Record<string, string[]> = {};
    const pathOf = new Map<string, string>();
    const entries = dataset.aspects.get('editableSchemaMetadata')?.['editableSchemaFieldInfo'];
    for (const entry of Array.isArray(entries) ? entries.filter(isJsonObject) : []) {
      const edges = termUrnsOf(isJsonObject(entry['glossaryTerms']) ? entry['glossaryTerms'] : undefined).map(
        termRef,
      );
      const fieldPath = stringOr(entry['fieldPath']);
      if (edges.length === 0 || fieldPath === '') continue;
      // Entries whose paths name the same column (v2 and simple forms) become one column of the manifest.
      const key = pathOf.get(simplifyFieldPath(fieldPath)) ?? fieldPath;
      pathOf.set(simplifyFieldPath(fieldPath), key);
      columns[key] = [...new Set([...(columns[key] ?? []), ...edges])];
    }
    if (terms.length === 0 && Object.keys(columns).length === 0) continue;
    add(`datasets/${fileName(urn.platform)}/${fileName(urn.name)}.yaml`, {
      apiVersion: 'catalog/v1',
      kind: 'DatasetTerms',
      dataset: dataset.urn,
      ...optional('terms', nonEmpty(terms)),
      ...(Object.keys(columns).length === 0 ? {} : { columns }),
    });
    count('DatasetTerms');
  }

  // Data products: an asset by the name the manifests resolve it by (a table, model or group exported here, a
  // feature as <table>.<feature>) when that name is unambiguous, else by URN.
  const assetNames = new Map<string, string[]>();
  const named = (urn: string, name: string): void => appendTo(assetNames, name, urn);
  for (const entity of [...input.tables, ...input.models, ...input.groups, ...input.features]) {
    const parsed = parseUrn(entity.urn);
    if (!parsed.ok || formatUrn(parsed.value) !== entity.urn) continue;
    if (parsed.value.entityType === 'mlFeature')
      named(entity.urn, `${parsed.value.namespace}.${parsed.value.name}`);
    else if ('name' in parsed.value && parsed.value.entityType !== 'dataPlatform')
      named(entity.urn, parsed.value.name);
  }
  const assetRef = (urn: string): string => {
    const parsed = parseUrn(urn);
    if (!parsed.ok) return urn;
    const name =
      parsed.value.entityType === 'mlFeature'
        ? `${parsed.value.namespace}.${parsed.value.name}`
        : 'name' in parsed.value && parsed.value.entityType !== 'dataset'
          ? parsed.value.name
          : undefined;
    const urns = name === undefined ? [] : (assetNames.get(name) ?? []);
    return name !== undefined && urns.length === 1 && urns[0] === urn ? name : urn;
  };
  for (const product of input.products ?? []) {
    const urn = typed(product.urn, 'dataProduct');
    const properties = product.aspects.get('dataProductProperties');
    if (urn === undefined || properties === undefined) continue;
    const name = stringOr(properties['name'], urn.id);
    const assets = Array.isArray(properties['assets']) ? properties['assets'].filter(isJsonObject) : [];
    add('data-products.yaml', {
      apiVersion: 'catalog/v1',
      kind: 'DataProduct',
      id: urn.id,
      ...optional('name', name === urn.id ? undefined : name),
      ...optional('description', optionalString(properties['description'])),
      ...domainOf(product),
      // Every asset, whoever added it (re-planning takes over the others' lines and changes nothing else).
      ...optional(
        'assets',
        nonEmpty(assets.flatMap((asset) => optionalString(asset['destinationUrn']) ?? []).map(assetRef)),
      ),
      ...deprecatedOf(product),
      ...optional('owners', nonEmpty(ownersOf(product))),
      ...optional('tags', nonEmpty(tagUrnsOf(product.aspects.get('globalTags')).map(tagRef))),
      ...optional('links', nonEmpty(linksOf(product.aspects.get('institutionalMemory')))),
    });
    count('DataProduct');
  }

  const files = new Map<string, string>();
  for (const file of [...docs.keys()].sort()) {
    const body = (docs.get(file) ?? []).map((doc) => stringify(doc, { lineWidth: 0 })).join('---\n');
    files.set(file, `# Exported from the live catalog by \`catalog export\`.\n${body}`);
  }
  return { files, skipped, counts };
}

function termUrnsOf(aspect: JsonObject | undefined): string[] {
  const terms = aspect?.['terms'];
  return Array.isArray(terms)
    ? terms
        .filter(isJsonObject)
        .map((term) => stringOr(term['urn']))
        .filter((urn) => urn !== '')
    : [];
}

/** Owner lines as a manifest writes them: a corpuser by its id, a group by its URN; the type when not the default. */
function ownersOf(entity: ExportedEntity): Doc[] {
  const owners = entity.aspects.get('ownership')?.['owners'];
  return (Array.isArray(owners) ? owners.filter(isJsonObject) : []).flatMap((line): Doc[] => {
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

function linksOf(aspect: JsonObject | undefined): Doc[] {
  const elements = aspect?.['elements'];
  const seen = new Set<string>();
  return (Array.isArray(elements) ? elements.filter(isJsonObject) : []).flatMap((element): Doc[] => {
    const url = stringOr(element['url']);
    if (url === '' || seen.has(url)) return [];
    seen.add(url);
    return [{ url, ...optional('description', stringOr(element['description']) || undefined) }];
  });
}

function nonEmptyMap(value: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(value) && Object.keys(value).length > 0 ? value : undefined;
}

function urnList(value: JsonValue | undefined): string[] {
  return isStringArray(value) ? [...new Set(value)] : [];
}

function versionTag(value: JsonValue | undefined): string | undefined {
  return isJsonObject(value) ? optionalString(value['versionTag']) : undefined;
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length === 0 ? undefined : list;
}

function optional(key: string, value: JsonValue | undefined): Doc {
  return value === undefined ? {} : { [key]: value };
}

/** A file name from an entity name: safe characters kept, the rest replaced. */
/**
 * A deprecation's replacement as the manifests name it (the resolver's replacementUrn): the id of a tag or term and
 * the name of a model, group or table written in the same output when no other of its kind there has that name,
 * `<table>.<feature>` for a feature; else the URN, which is valid wherever the replacement is.
 */
function replacementNamer(input: ExportInput): (urn: string) => string {
  const exported = [
    ...(input.tags ?? []),
    ...input.terms,
    ...input.features,
    ...input.tables,
    ...input.groups,
    ...input.models,
  ].map((entity) => entity.urn);
  const nameOf = (urn: string): string | undefined => {
    const parsed = parseUrn(urn);
    if (!parsed.ok) return undefined;
    const value = parsed.value;
    switch (value.entityType) {
      case 'tag':
      case 'glossaryTerm':
        return value.id;
      case 'mlFeature':
        return `${value.namespace}.${value.name}`;
      case 'mlFeatureTable':
      case 'mlModelGroup':
      case 'mlModel':
        return value.name;
      default:
        return undefined;
    }
  };
  const names = new Map<string, number>();
  for (const urn of exported) {
    const key = `${urn.split(':')[2] ?? ''} ${nameOf(urn) ?? ''}`;
    names.set(key, (names.get(key) ?? 0) + 1);
  }
  const inOutput = new Set(exported);
  return (urn) => {
    const name = nameOf(urn);
    if (name === undefined || !inOutput.has(urn)) return urn;
    return names.get(`${urn.split(':')[2] ?? ''} ${name}`) === 1 ? name : urn;
  };
}

export function fileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return safe === '' ? 'unnamed' : safe.slice(0, 120);
}
