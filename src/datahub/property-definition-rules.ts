/**
 * What GMS v1.7.0 refuses in a structured property's definition (metadata-io/.../structuredproperties/validation/
 * PropertyDefinitionValidator.java, HidePropertyValidator.java and ShowPropertyAsBadgeValidator.java), each rule
 * with GMS's own message. A breaking change (value type, cardinality MULTIPLE to SINGLE, allowed values restricted)
 * is let through when the same write raises `version` (allowBreakingWithVersion); the qualified name never
 * changes, and a soft-deleted property is never written. The plan classifies a definition change with these, and
 * the embedded catalog refuses with them.
 */
import type { PropertyDefinition } from './structured-properties.js';
import { samePrimitive, valueTypeOf } from './structured-properties.js';

export type DefinitionRule =
  | 'softDeleted'
  | 'versionFormat'
  | 'urnIdSpaces'
  | 'qualifiedNameSpaces'
  | 'allowedTypes'
  | 'valueType'
  | 'cardinality'
  | 'qualifiedName'
  | 'allowedValues'
  | 'versionDot';

export interface DefinitionProblem {
  readonly rule: DefinitionRule;
  readonly message: string;
}

/** The rules a raised version lets through (allowBreakingWithVersion). */
export const BREAKING_RULES: ReadonlySet<DefinitionRule> = new Set([
  'valueType',
  'cardinality',
  'allowedValues',
]);

/** PropertyDefinitionValidator's VERSION_REGEX. */
export const VERSION_PATTERN = /^[0-9]{14}$/;

/**
 * Every problem GMS finds with writing `next` over `previous` (undefined: a create), in the order it checks them.
 * `removed`: the property's status says it is soft-deleted. `entityTypeExists`: whether an allowed type's entity
 * type exists (GMS asks its entity service; the catalog answers from the entity registry).
 */
export function definitionProblems(
  urnId: string,
  next: PropertyDefinition,
  previous: PropertyDefinition | undefined,
  removed: boolean,
  entityTypeExists: (entityTypeUrn: string) => boolean,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const add = (rule: DefinitionRule, message: string): void => {
    if (!problems.some((problem) => problem.message === message)) problems.push({ rule, message });
  };
  if (removed) add('softDeleted', 'Cannot mutate a soft deleted Structured Property Definition');
  if (next.version !== undefined && !VERSION_PATTERN.test(next.version))
    add('versionFormat', `Invalid version specified. Must match [0-9]{14}`);
  if (urnId.includes(' ')) add('urnIdSpaces', 'Urn ID cannot have spaces');
  if (next.qualifiedName.includes(' ')) add('qualifiedNameSpaces', 'Qualified names cannot have spaces');
  const typesProblem = allowedTypesProblem(next.allowedTypes, entityTypeExists);
  if (typesProblem !== undefined) add('allowedTypes', typesProblem);
  if (previous === undefined) return problems;

  const breakingAllowed = (): boolean => {
    if (next.version?.includes('.') === true)
      add('versionDot', `Invalid version \`${next.version}\` cannot contain the \`.\` character.`);
    return versionRaised(previous.version, next.version);
  };
  if (next.valueType !== previous.valueType && !breakingAllowed())
    add('valueType', 'Value type cannot be changed as this is a backwards incompatible change');
  if (next.cardinality === 'SINGLE' && previous.cardinality === 'MULTIPLE' && !breakingAllowed())
    add('cardinality', 'Property definition cardinality cannot be changed from MULTI to SINGLE');
  if (next.qualifiedName !== previous.qualifiedName)
    add('qualifiedName', 'Cannot change the fully qualified name of a Structured Property');
  if (next.allowedValues !== undefined) {
    const restricted =
      previous.allowedValues === undefined ||
      previous.allowedValues.some(
        (old) => !(next.allowedValues ?? []).some((item) => samePrimitive(item.value, old.value)),
      );
    if (restricted && !breakingAllowed())
      add('allowedValues', 'Cannot restrict values that were previously allowed');
  }
  return problems;
}

/**
 * allowBreakingWithVersion: a version where there was none, or one greater than the old (compared ignoring case,
 * as Java's compareToIgnoreCase does).
 */
export function versionRaised(previous: string | undefined, next: string | undefined): boolean {
  if (next === undefined) return false;
  if (previous === undefined) return true;
  return next.toLowerCase() > previous.toLowerCase();
}

function allowedTypesProblem(
  allowedTypes: readonly string[] | undefined,
  exists: (entityTypeUrn: string) => boolean,
): string | undefined {
  if (allowedTypes === undefined) return undefined;
  const list = `[${allowedTypes.join(', ')}]`;
  if (allowedTypes.some((type) => !/^urn:li:entityType:[^:]+$/.test(type)))
    return `Provided allowedType that is not an entityType entity. List of allowedTypes: ${list}`;
  if (allowedTypes.some((type) => !exists(type)))
    return `Provided allowedType that does not exist. List of allowedTypes: ${list}`;
  return undefined;
}

/**
 * The Elasticsearch field a property's values are indexed under (StructuredPropertyUtils.toElasticsearchFieldName):
 * a versioned property's `_versioned.<name>.<version>.<type>`, else its qualified name; dots become underscores.
 * Two properties with the same field collide: GMS refuses the second.
 */
export function elasticsearchFieldName(definition: PropertyDefinition): string {
  const name = definition.qualifiedName.replaceAll('.', '_');
  if (definition.version === undefined) return name;
  const type = valueTypeOf(definition.valueType) ?? 'unknown';
  return ['_versioned', name, definition.version, type].join('.');
}

/** PropertyDefinitionValidator.checkCrossEntityElasticsearchFieldCollision's message. */
export function fieldCollisionMessage(field: string, qualifiedName: string): string {
  return (
    `Structured property Elasticsearch field '${field}' collides with existing property mapping. Qualified names ` +
    `that differ only by '.' vs '_' normalize to the same field name (proposed qualifiedName='${qualifiedName}').`
  );
}

/** The settings GMS refuses (HidePropertyValidator, StructuredPropertyUtils.INVALID_SETTINGS_MESSAGE). */
export const INVALID_SETTINGS_MESSAGE =
  'Cannot have property isHidden = true while other display location settings are also true.';

/** ShowPropertyAsBadgeValidator: StructuredPropertyUtils.ONLY_ONE_BADGE, followed by the other properties' URNs. */
export const ONLY_ONE_BADGE =
  'Cannot have more than one property set with show as badge. Property urns currently set: ';

/** Whether structuredPropertySettings hides a property that it also shows somewhere (validatePropertySettings). */
export function hidesWhileShown(settings: { readonly [field: string]: unknown }): boolean {
  return (
    settings['isHidden'] === true &&
    ['showInSearchFilters', 'showInAssetSummary', 'showAsAssetBadge', 'showInColumnsTable'].some(
      (field) => settings[field] === true,
    )
  );
}
