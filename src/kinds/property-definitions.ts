/**
 * A StructuredProperty document as DataHub's propertyDefinition: the aspect its CLI writes for the same fields
 * (metadata-ingestion/src/datahub/api/entities/structuredproperties/structuredproperties.py at v1.7.0,
 * generate_mcps: valueType and entity types as URNs, cardinality SINGLE and immutable false when not given), and the
 * definitions of a run's declared properties, by the names an assignment may use (id, qualified name, URN).
 */
import {
  dataTypeUrn,
  entityTypeUrn,
  readDefinition,
  type PrimitiveValue,
  type PropertyDefinition,
  type ValueType,
} from '../datahub/structured-properties.js';
import type { ResolvedSettings } from '../model/desired-state.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import { formatUrn } from '../model/urn.js';
import type { ResolveScope } from './resolve-context.js';
import type { KindDocument } from './source.js';

export interface StructuredPropertySettingsValue {
  readonly isHidden?: boolean;
  readonly showInSearchFilters?: boolean;
  readonly showInAssetSummary?: boolean;
  readonly hideInAssetSummaryWhenEmpty?: boolean;
  readonly showAsAssetBadge?: boolean;
  readonly showInColumnsTable?: boolean;
}

export interface StructuredPropertyManifest {
  readonly kind: 'StructuredProperty';
  readonly id: string;
  readonly qualifiedName?: string;
  readonly displayName?: string;
  readonly description?: string;
  readonly type: ValueType;
  readonly allowedTypes?: readonly string[];
  readonly cardinality?: 'SINGLE' | 'MULTIPLE';
  readonly allowedValues?: readonly { readonly value: string | number; readonly description?: string }[];
  readonly entityTypes?: readonly string[];
  readonly allowedPlatforms?: readonly string[];
  readonly immutable?: boolean;
  readonly version?: string;
  readonly settings?: StructuredPropertySettingsValue;
}

/** structuredPropertySettings' display fields, in the PDL's order: a declared `settings:` owns them all. */
export const SETTINGS_FIELDS = [
  'isHidden',
  'showInSearchFilters',
  'showInAssetSummary',
  'hideInAssetSummaryWhenEmpty',
  'showAsAssetBadge',
  'showInColumnsTable',
] as const;

/** A manifest value of an allowed value as the union member its property's type stores. */
export function primitiveFor(type: ValueType, value: string | number): PrimitiveValue | undefined {
  if (type === 'number') return typeof value === 'number' ? { double: value } : undefined;
  return typeof value === 'string' ? { string: value } : undefined;
}

/** The propertyDefinition a document declares, field for field as DataHub's CLI writes it. */
export function definitionAspect(manifest: StructuredPropertyManifest): JsonObject {
  const fields: Record<string, JsonValue> = {
    qualifiedName: manifest.qualifiedName ?? manifest.id,
    ...(manifest.displayName === undefined ? {} : { displayName: manifest.displayName }),
    valueType: dataTypeUrn(manifest.type),
  };
  if (manifest.allowedTypes !== undefined && manifest.allowedTypes.length > 0)
    fields['typeQualifier'] = { allowedTypes: manifest.allowedTypes.map(entityTypeUrn) };
  const allowed = (manifest.allowedValues ?? []).flatMap((item) => {
    const value = primitiveFor(manifest.type, item.value);
    if (value === undefined) return [];
    return [{ value, ...(item.description === undefined ? {} : { description: item.description }) }];
  });
  if (manifest.allowedValues !== undefined && manifest.allowedValues.length > 0)
    fields['allowedValues'] = allowed;
  fields['cardinality'] = manifest.cardinality ?? 'SINGLE';
  fields['entityTypes'] = (manifest.entityTypes ?? []).map(entityTypeUrn);
  if (manifest.allowedPlatforms !== undefined && manifest.allowedPlatforms.length > 0)
    fields['allowedPlatforms'] = manifest.allowedPlatforms.map((platform) =>
      platform.startsWith('urn:') ? platform : formatUrn({ entityType: 'dataPlatform', name: platform }),
    );
  if (manifest.description !== undefined) fields['description'] = manifest.description;
  fields['immutable'] = manifest.immutable ?? false;
  if (manifest.version !== undefined) fields['version'] = manifest.version;
  return fields;
}

/** A declared property: its URN and its definition as the checks read it. */
export interface DeclaredProperty {
  readonly urn: string;
  readonly definition: PropertyDefinition;
  /** The document, for messages that point at the definition. */
  readonly document: KindDocument<StructuredPropertyManifest>;
}

/** The run's declared properties by id, qualified name and URN (made once per run: a run has one settings value). */
const DECLARED = new WeakMap<ResolvedSettings, ReadonlyMap<string, DeclaredProperty>>();

export function declaredProperties(
  scope: ResolveScope & {
    documentsOf<M extends { readonly kind: string }>(kind: M['kind']): readonly KindDocument<M>[];
  },
): ReadonlyMap<string, DeclaredProperty> {
  const known = DECLARED.get(scope.settings);
  if (known !== undefined) return known;
  const byName = new Map<string, DeclaredProperty>();
  for (const document of scope.documentsOf<StructuredPropertyManifest>('StructuredProperty')) {
    const { manifest } = document;
    const definition = readDefinition(definitionAspect(manifest));
    if (definition === undefined) continue;
    const urn = formatUrn({ entityType: 'structuredProperty', id: manifest.id });
    const property = { urn, definition, document };
    for (const name of [manifest.id, definition.qualifiedName, urn])
      if (!byName.has(name)) byName.set(name, property);
  }
  DECLARED.set(scope.settings, byName);
  return byName;
}
