/**
 * StructuredProperty (urn:li:structuredProperty:<id>): a typed, versioned field that entities carry (a risk tier, a
 * retention time), as DataHub v1.7.0 defines it: its propertyDefinition (owned, written as DataHub's CLI writes
 * it: property-definitions.ts) and, when the manifest declares `settings:`, its structuredPropertySettings (where
 * DataHub's UI shows it). DataHub's structuredProperty entity has no owners, tags or domain. A change GMS refuses
 * without a raised version is refused by the plan (plan/property-definition-changes.ts).
 */
import { entityTypeName, valueTypeOf } from '../datahub/structured-properties.js';
import type { SourceLocation } from '../errors.js';
import {
  isJsonObject,
  isStringArray,
  optionalString,
  type JsonObject,
  type JsonValue,
} from '../model/json.js';
import { declaredAt, text } from './adopt-fields.js';
import type { ExportContext, ExportedEntity, ExportSteps } from './export-context.js';
import { nonEmpty, optional } from './export-helpers.js';
import type { EntityFacts, ManagedKind } from './kind.js';
import {
  declaredProperties,
  definitionAspect,
  SETTINGS_FIELDS,
  type DeclaredProperty,
  type StructuredPropertyManifest,
} from './property-definitions.js';
import type { ResolveContext } from './resolve-context.js';
import { declareIds, shadowId } from './resolve-helpers.js';
import type { KindDocument } from './source.js';
import { checkAcrossProperties, checkDefinition, entityTypeOfRef } from './structured-property-checks.js';

export type { StructuredPropertyManifest } from './property-definitions.js';

const entity: EntityFacts<'structuredProperty', 'propertyDefinition'> = {
  entityType: 'structuredProperty',
  ownedAspect: 'propertyDefinition',
  // created and lastModified (DataHub's UI writes them), and searchConfiguration, are not the manifest's.
  ownedFields: [
    'qualifiedName',
    'displayName',
    'valueType',
    'typeQualifier',
    'allowedValues',
    'cardinality',
    'entityTypes',
    'allowedPlatforms',
    'description',
    'immutable',
    'version',
  ],
  declarableAspects: ['structuredPropertySettings'],
  accepts: [],
};

export const structuredPropertyKind: ManagedKind<
  StructuredPropertyManifest,
  'structuredProperty',
  'propertyDefinition'
> = {
  kind: 'StructuredProperty',
  schemaFile: 'structured-property.schema.json',
  entity,
  resolve: { after: [], run: resolveProperties },
  shadowNames: shadowId('StructuredProperty'),
  export: { entityType: 'structuredProperty', start: exportProperties },
  adopt: {
    declarations: declaredAt('id'),
    fields: {
      displayName: { key: 'displayName', toManifest: text },
      description: { key: 'description', toManifest: text },
    },
  },
};

function resolveProperties(
  documents: readonly KindDocument<StructuredPropertyManifest>[],
  context: ResolveContext,
): void {
  const valid = documents.filter((doc) => checkDefinition(doc, context));
  const declared: DeclaredProperty[] = [];
  const byUrn = declaredProperties(context);
  for (const { doc, urn } of declareIds(valid, context, entity.entityType)) {
    const { manifest } = doc;
    const source = doc.source.locate(['id']);
    const qualifiedName = manifest.qualifiedName ?? manifest.id;
    // Assignments name a property by its id, its qualified name or its URN.
    if (qualifiedName !== manifest.id) context.define(qualifiedName, urn);
    const property = byUrn.get(urn);
    if (property !== undefined) declared.push(property);
    const settings = manifest.settings;
    context.addEntity({
      urn,
      entityType: entity.entityType,
      aspectName: entity.ownedAspect,
      fields: definitionAspect(manifest),
      source,
      fieldSources: fieldSourcesOf(doc),
      aspects: [
        {
          aspectName: 'structuredPropertySettings',
          value: settings === undefined ? null : settingsAspect(settings),
          source: settings === undefined ? source : doc.source.locate(['settings']),
        },
      ],
    });
    context.declareEntity(urn, source, {
      id: manifest.id,
      qualifiedName,
      displayName: manifest.displayName,
      description: manifest.description,
      type: manifest.type,
      cardinality: manifest.cardinality ?? 'SINGLE',
      entityTypes: (manifest.entityTypes ?? []).map(entityTypeOfRef),
      allowedTypes: (manifest.allowedTypes ?? []).map(entityTypeOfRef),
      allowedValues: (manifest.allowedValues ?? []).map((item) => item.value),
      immutable: manifest.immutable ?? false,
      version: manifest.version,
    });
  }
  checkAcrossProperties(declared, context);
}

/** The aspect's fields by the manifest key that writes them: a breaking change is reported at its line. */
const FIELD_KEYS = {
  qualifiedName: 'qualifiedName',
  valueType: 'type',
  typeQualifier: 'allowedTypes',
  allowedValues: 'allowedValues',
  cardinality: 'cardinality',
  entityTypes: 'entityTypes',
  version: 'version',
} as const;

function fieldSourcesOf(doc: KindDocument<StructuredPropertyManifest>): Record<string, SourceLocation> {
  const sources: Record<string, SourceLocation> = {};
  for (const [field, key] of Object.entries(FIELD_KEYS))
    if (doc.manifest[key] !== undefined) sources[field] = doc.source.locate([key], 'key');
  return sources;
}

/** Every display setting, false where the manifest leaves it out (the PDL's default). */
function settingsAspect(settings: StructuredPropertyManifest['settings']): JsonObject {
  return Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, settings?.[field] ?? false]));
}

/** Properties go to structured-properties.yaml, as the manifest writes them (short entity type names). */
function exportProperties(entities: readonly ExportedEntity[], context: ExportContext): ExportSteps {
  return {
    documents: () => {
      for (const property of entities) {
        const urn = context.typed(property.urn, 'structuredProperty');
        const definition = property.aspects.get('propertyDefinition');
        if (urn === undefined || definition === undefined) continue;
        const doc = manifestOf(urn.id, definition, property.aspects.get('structuredPropertySettings'));
        if (doc === undefined) {
          context.skip(`${property.urn}: its value type is none this tool writes`);
          continue;
        }
        context.add('structured-properties.yaml', doc);
        context.count('StructuredProperty');
      }
    },
  };
}

/** A propertyDefinition read back as a StructuredProperty document; undefined for a value type it cannot write. */
export function manifestOf(
  id: string,
  definition: JsonObject,
  settings: JsonObject | undefined,
): Record<string, JsonValue> | undefined {
  const type = valueTypeOf(optionalString(definition['valueType']) ?? '');
  if (type === undefined) return undefined;
  const qualifiedName = optionalString(definition['qualifiedName']);
  const qualifier = definition['typeQualifier'];
  const allowedTypes =
    isJsonObject(qualifier) && isStringArray(qualifier['allowedTypes']) ? qualifier['allowedTypes'] : [];
  const allowed = Array.isArray(definition['allowedValues'])
    ? definition['allowedValues'].filter(isJsonObject)
    : [];
  const shown = settings === undefined ? undefined : shownSettings(settings);
  return {
    apiVersion: 'catalog/v1',
    kind: 'StructuredProperty',
    id,
    ...optional('qualifiedName', qualifiedName === id ? undefined : qualifiedName),
    ...optional('displayName', optionalString(definition['displayName'])),
    ...optional('description', optionalString(definition['description'])),
    type,
    ...optional('allowedTypes', nonEmpty(allowedTypes.map(shortEntityType))),
    ...optional('cardinality', definition['cardinality'] === 'MULTIPLE' ? 'MULTIPLE' : undefined),
    ...optional(
      'allowedValues',
      nonEmpty(
        allowed.flatMap((item) => {
          const value = isJsonObject(item['value'])
            ? (item['value']['string'] ?? item['value']['double'])
            : undefined;
          if (typeof value !== 'string' && typeof value !== 'number') return [];
          return [{ value, ...optional('description', optionalString(item['description'])) }];
        }),
      ),
    ),
    entityTypes: (isStringArray(definition['entityTypes']) ? definition['entityTypes'] : []).map(
      shortEntityType,
    ),
    ...optional(
      'allowedPlatforms',
      nonEmpty(
        (isStringArray(definition['allowedPlatforms']) ? definition['allowedPlatforms'] : []).map((urn) =>
          urn.startsWith('urn:li:dataPlatform:') ? urn.slice('urn:li:dataPlatform:'.length) : urn,
        ),
      ),
    ),
    ...optional('immutable', definition['immutable'] === true ? true : undefined),
    ...optional('version', optionalString(definition['version'])),
    ...optional('settings', shown),
  };
}

/** A datahub.* entity type by its short name; another URN as it is. */
function shortEntityType(urn: string): string {
  return urn.startsWith('urn:li:entityType:datahub.') ? (entityTypeName(urn) ?? urn) : urn;
}

/** The settings that are on, as a manifest writes them (all off: the block says nothing, but declares it). */
function shownSettings(settings: JsonObject): JsonObject {
  return Object.fromEntries(
    SETTINGS_FIELDS.filter((field) => settings[field] === true).map((field) => [field, true]),
  );
}
