/**
 * What a StructuredProperty document may not say, found before any write, each at its line: what DataHub's CLI
 * refuses (an entity type that is none, allowed types on a property whose values are not URNs) and what GMS would
 * refuse on the write (PropertyDefinitionValidator: allowed values of the wrong type; HidePropertyValidator;
 * ShowPropertyAsBadgeValidator: one badge; two properties indexed under one Elasticsearch field).
 */
import {
  elasticsearchFieldName,
  hidesWhileShown,
  INVALID_SETTINGS_MESSAGE,
  VERSION_PATTERN,
} from '../datahub/property-definition-rules.js';
import { isValidDate, urnEntityType } from '../datahub/structured-properties.js';
import { didYouMean } from '../model/did-you-mean.js';
import { ENTITY_TYPES, entityHasAspect } from '../model/registry.js';
import {
  primitiveFor,
  type DeclaredProperty,
  type StructuredPropertyManifest,
} from './property-definitions.js';
import type { ResolveContext } from './resolve-context.js';
import type { KindDocument } from './source.js';

type Doc = KindDocument<StructuredPropertyManifest>;

/** The entity type an entity type reference names (a short name, or urn:li:entityType:[datahub.]<name>). */
export function entityTypeOfRef(ref: string): string {
  if (!ref.startsWith('urn:li:entityType:')) return ref;
  const id = ref.slice('urn:li:entityType:'.length);
  return id.startsWith('datahub.') ? id.slice('datahub.'.length) : id;
}

/** Checks one document; answers whether it may be declared. */
export function checkDefinition(doc: Doc, context: ResolveContext): boolean {
  const { manifest } = doc;
  let ok = true;
  const fail = (path: readonly (string | number)[], message: string, hint: string): void => {
    context.error('INVALID_VALUE', message, doc.source.locate(path), { hint });
    ok = false;
  };
  for (const field of ['id', 'qualifiedName'] as const) {
    if (manifest[field]?.includes(' ') === true)
      fail(
        [field],
        `'${manifest[field]}' has a space`,
        `DataHub refuses a property whose ${field === 'id' ? 'URN id' : 'qualified name'} has spaces: write io.example.retentionTime, not "Retention Time"`,
      );
  }
  if (manifest.version !== undefined && !VERSION_PATTERN.test(manifest.version))
    fail(
      ['version'],
      `version '${manifest.version}' is not 14 digits`,
      'DataHub v1.7.0 accepts a version of exactly 14 digits, such as a date and time: "20240610000000" (PropertyDefinitionValidator)',
    );
  (manifest.entityTypes ?? []).forEach((ref, index) => {
    const problem = entityTypeProblem(ref, 'structuredProperties');
    if (problem !== undefined) fail(['entityTypes', index], problem.message, problem.hint);
  });
  if (manifest.allowedTypes !== undefined && manifest.type !== 'urn')
    fail(
      ['allowedTypes'],
      `allowedTypes restricts the values of a urn property; this one's type is ${manifest.type}`,
      'remove allowedTypes, or make the type urn',
    );
  (manifest.allowedTypes ?? []).forEach((ref, index) => {
    const problem = entityTypeProblem(ref);
    if (problem !== undefined) fail(['allowedTypes', index], problem.message, problem.hint);
  });
  const seen = new Set<string>();
  (manifest.allowedValues ?? []).forEach((item, index) => {
    const at = ['allowedValues', index, 'value'];
    const problem = allowedValueProblem(manifest, item.value);
    if (problem !== undefined) fail(at, problem.message, problem.hint);
    const key = JSON.stringify(item.value);
    if (seen.has(key))
      fail(at, `allowed value ${key} is listed twice`, 'list each allowed value once, with its description');
    seen.add(key);
  });
  if (manifest.settings !== undefined && hidesWhileShown({ ...manifest.settings }))
    fail(
      ['settings', 'isHidden'],
      `DataHub refuses these settings: ${INVALID_SETTINGS_MESSAGE}`,
      'a hidden property is shown nowhere: set isHidden false, or turn the other display settings off',
    );
  return ok;
}

/** Why a value cannot be an allowed value of the property (its type), or undefined. */
function allowedValueProblem(
  manifest: StructuredPropertyManifest,
  value: string | number,
): { message: string; hint: string } | undefined {
  if (primitiveFor(manifest.type, value) === undefined) {
    return manifest.type === 'number'
      ? { message: `allowed value '${value}' is not a number`, hint: 'write it as a number: 30, not "30"' }
      : {
          message: `allowed value ${value} of a ${manifest.type} property is a number`,
          hint: `quote it: "${value}" (DataHub stores a ${manifest.type} property's values as strings)`,
        };
  }
  if (manifest.type === 'date' && typeof value === 'string' && !isValidDate(value))
    return { message: `allowed value '${value}' is not a date`, hint: 'write a day as YYYY-MM-DD' };
  if (manifest.type === 'urn' && typeof value === 'string' && urnEntityType(value) === undefined)
    return { message: `allowed value '${value}' is not a URN`, hint: 'write urn:li:<entity type>:<id>' };
  return undefined;
}

/** Why a reference names no entity type of DataHub's registry (or one without `aspect`), or undefined. */
export function entityTypeProblem(
  ref: string,
  aspect?: string,
): { message: string; hint: string } | undefined {
  const entityType = entityTypeOfRef(ref);
  if (!ENTITY_TYPES.includes(entityType))
    return {
      message: `'${ref}' is not an entity type of DataHub`,
      hint:
        didYouMean(entityType, ENTITY_TYPES) ??
        'name an entity type of DataHub (dataset, mlModel, glossaryTerm, …) or its urn:li:entityType:datahub.<name>',
    };
  if (aspect !== undefined && !entityHasAspect(entityType, aspect))
    return {
      message: `DataHub's ${entityType} entity has no ${aspect} aspect: a property cannot be set on it`,
      hint: `remove '${ref}' (DataHub's entity registry, entity ${entityType})`,
    };
  return undefined;
}

/**
 * Checks across the declared properties: two indexed under one Elasticsearch field (names that differ only by `.`
 * and `_`), and more than one shown as a badge.
 */
export function checkAcrossProperties(
  properties: readonly DeclaredProperty[],
  context: ResolveContext,
): void {
  const byField = new Map<string, DeclaredProperty>();
  let badge: DeclaredProperty | undefined;
  for (const property of properties) {
    const field = elasticsearchFieldName(property.definition);
    const first = byField.get(field);
    const source = property.document.source;
    if (first !== undefined) {
      context.error(
        'DUPLICATE_DECLARATION',
        `properties ${first.urn} and ${property.urn} are indexed under the same search field '${field}'`,
        source.locate(['id']),
        {
          related: first.document.source.locate(['id']),
          hint: "DataHub refuses the second: qualified names that differ only by '.' and '_' name one field",
        },
      );
    } else byField.set(field, property);
    if (property.document.manifest.settings?.showAsAssetBadge !== true) continue;
    if (badge !== undefined) {
      context.error(
        'INVALID_VALUE',
        `${badge.urn} is already shown as a badge`,
        source.locate(['settings', 'showAsAssetBadge']),
        {
          related: badge.document.source.locate(['settings', 'showAsAssetBadge']),
          hint: 'DataHub shows one property as a badge (ShowPropertyAsBadgeValidator): keep showAsAssetBadge on one',
        },
      );
    } else badge = property;
  }
}
