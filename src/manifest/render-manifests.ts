/**
 * Live catalog → manifests (`catalog export`): the inverse of resolve-desired-state, so that validating the
 * output passes and reconciling it against the same catalog plans no changes. One file per feature table, model
 * group, glossary (first segment of the term ids) and dataset. Pure: the command reads and writes.
 */
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
import { formatUrn, glossaryTermDisplayName, parseUrn, type EntityUrn } from '../model/urn.js';

export interface ExportedEntity {
  readonly urn: string;
  /** The owned aspect (glossaryTermInfo, mlFeatureProperties, ...), or the dataset's term aspects. */
  readonly aspects: ReadonlyMap<string, JsonObject>;
}

export interface ExportInput {
  readonly terms: readonly ExportedEntity[];
  readonly features: readonly ExportedEntity[];
  readonly tables: readonly ExportedEntity[];
  readonly groups: readonly ExportedEntity[];
  readonly models: readonly ExportedEntity[];
  readonly datasets: readonly ExportedEntity[];
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
  const add = (file: string, doc: Doc): void => void docs.set(file, [...(docs.get(file) ?? []), doc]);
  const counts: Record<string, number> = {};
  const count = (kind: string): void => void (counts[kind] = (counts[kind] ?? 0) + 1);
  const typed = <T extends EntityUrn['entityType']>(
    urn: string,
    type: T,
  ): Extract<EntityUrn, { entityType: T }> | undefined => {
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
    return parsed.value as Extract<EntityUrn, { entityType: T }>;
  };
  const platformOk = (urn: string, platform: string): boolean => {
    if (PLATFORM.test(platform)) return true;
    skipped.push(`${urn}: platform "${platform}" cannot be written in a manifest`);
    return false;
  };

  // Glossary terms: referenced by id when exported here, else by URN.
  const termIds = new Map<string, string>();
  for (const term of input.terms) {
    const urn = typed(term.urn, 'glossaryTerm');
    const info = term.aspects.get('glossaryTermInfo');
    if (urn === undefined || info === undefined) continue;
    termIds.set(term.urn, urn.id);
    const termSource = stringOr(info['termSource']);
    add(`glossary/${fileName(urn.id.split('.')[0] ?? urn.id)}.yaml`, {
      apiVersion: 'catalog/v1',
      kind: 'GlossaryTerm',
      id: urn.id,
      name: stringOr(info['name'], glossaryTermDisplayName(urn.id)),
      ...optional('definition', stringOr(info['definition']) || undefined),
      ...optional('termSource', termSource === 'EXTERNAL' ? 'EXTERNAL' : undefined),
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
    });
    count('MLModelGroup');
  }
  for (const model of input.models) {
    const urn = typed(model.urn, 'mlModel');
    const properties = model.aspects.get('mlModelProperties');
    if (urn === undefined || properties === undefined || !platformOk(model.urn, urn.platform)) continue;
    const groups = urnList(properties['groups']);
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
      ...optional('version', versionTag(properties['version'])),
      ...optional('groups', nonEmpty(groups.map(groupRef))),
      ...optional('features', nonEmpty(urnList(properties['mlFeatures']).map(featureRef))),
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
export function fileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return safe === '' ? 'unnamed' : safe.slice(0, 120);
}
