/**
 * A structured property's definition change, classified as GMS v1.7.0 classifies it
 * (PropertyDefinitionValidator.validateDefinitionUpserts; src/datahub/property-definition-rules.ts):
 * - a plain update (a description, a display name, an added allowed value or entity type, SINGLE to MULTIPLE);
 * - a breaking change (the value type, MULTIPLE to SINGLE, an allowed value removed or a list of them added where
 *   any value was allowed, fewer entity types), let through only with `version` raised in the same change. Fewer
 *   entity types is this tool's rule, not GMS's: values already set on an entity type no longer listed would stay
 *   where no new one can be set, so it is versioned like the others;
 * - a change GMS always refuses: the qualified name, or any change to a soft-deleted property.
 * A breaking change without the raise, and a refused one, fail the plan at the manifest line, with the fix.
 */
import { BREAKING_RULES, definitionProblems, versionRaised } from '../datahub/property-definition-rules.js';
import {
  entityTypeName,
  readDefinition,
  valueTypeOf,
  type PropertyDefinition,
} from '../datahub/structured-properties.js';
import type { Diagnostic, SourceLocation } from '../errors.js';
import type { DesiredState } from '../model/desired-state.js';
import type { LiveState } from '../model/live-state.js';
import type { Change } from './types.js';

/** One breaking part of a definition change, as a reviewer reads it. */
export interface BreakingPart {
  readonly field: string;
  readonly what: string;
}

/** The breaking parts of going from `before` to `after` (empty: a plain update). */
export function breakingParts(before: PropertyDefinition, after: PropertyDefinition): BreakingPart[] {
  // GMS's own rules, as if the version had not moved: each breaking rule it would apply.
  const rules = definitionProblems('', withoutVersion(after, before), before, false, () => true)
    .map((problem) => problem.rule)
    .filter((rule) => BREAKING_RULES.has(rule));
  const parts: BreakingPart[] = [];
  if (rules.includes('valueType'))
    parts.push({
      field: 'valueType',
      what: `its value type changes (${typeName(before)} → ${typeName(after)})`,
    });
  if (rules.includes('cardinality'))
    parts.push({ field: 'cardinality', what: 'it goes from MULTIPLE values to a SINGLE one' });
  if (rules.includes('allowedValues'))
    parts.push({
      field: 'allowedValues',
      what:
        before.allowedValues === undefined
          ? 'it restricts to a list of allowed values a property that took any value'
          : 'an allowed value is removed',
    });
  const removedTypes = before.entityTypes.filter((type) => !after.entityTypes.includes(type));
  if (removedTypes.length > 0)
    parts.push({
      field: 'entityTypes',
      what: `it no longer applies to ${removedTypes.map((type) => entityTypeName(type) ?? type).join(', ')}`,
    });
  return parts;
}

/**
 * The plan's propertyDefinition updates GMS would refuse, each located where the manifest makes the change.
 * `now` (milliseconds since the epoch) suggests a version when the property has none yet.
 */
export function checkDefinitionChanges(
  changes: readonly Change[],
  desired: DesiredState,
  live: LiveState,
  now: number,
): Diagnostic[] {
  const entities = new Map(desired.entities.map((entity) => [entity.urn, entity]));
  const diagnostics: Diagnostic[] = [];
  for (const change of changes) {
    if (change.kind !== 'upsertAspect' || change.aspect !== 'propertyDefinition' || change.before === null)
      continue;
    const before = readDefinition(change.before);
    const after = readDefinition(change.after);
    const entity = entities.get(change.urn);
    if (before === undefined || after === undefined || entity === undefined) continue;
    const at = (field: string): SourceLocation => entity.fieldSources?.[field] ?? entity.source;
    const error = (location: SourceLocation, message: string, hint: string): void =>
      void diagnostics.push({ code: 'BREAKING_CHANGE', severity: 'error', message, location, hint });
    if (live.entities.get(change.urn)?.aspects.get('status')?.value['removed'] === true) {
      error(
        entity.source,
        `${change.urn} is soft-deleted in the catalog, and DataHub refuses any change to a soft-deleted property's definition`,
        'declare it as it is in the catalog first (the plan then only restores it), and change it in a later run',
      );
      continue;
    }
    if (after.qualifiedName !== before.qualifiedName) {
      error(
        at('qualifiedName'),
        `the qualified name of ${change.urn} cannot change ('${before.qualifiedName}' → '${after.qualifiedName}'): DataHub refuses it`,
        `keep qualifiedName '${before.qualifiedName}', or declare a new property (a new id) and set its values instead`,
      );
    }
    const parts = breakingParts(before, after);
    if (parts.length === 0 || versionRaised(before.version, after.version)) continue;
    const first = parts[0] as BreakingPart;
    const suggested = suggestVersion(before.version, now);
    error(
      at(first.field),
      `breaking change to ${change.urn}: ${parts.map((part) => part.what).join('; ')}. DataHub refuses it unless its version is raised in the same change`,
      before.version === undefined
        ? `add version: "${suggested}" to the property (14 digits; DataHub accepts a breaking change with a first version)`
        : `raise its version above "${before.version}": version: "${suggested}"`,
    );
  }
  return diagnostics;
}

/** The definition as it would be written without a new version (the rules then say what needs one). */
function withoutVersion(after: PropertyDefinition, before: PropertyDefinition): PropertyDefinition {
  const { version: _version, ...rest } = after;
  return before.version === undefined ? rest : { ...rest, version: before.version };
}

/** A 14-digit version above `current`: the time now (YYYYMMDDhhmmss, UTC), or one more than the current one. */
export function suggestVersion(current: string | undefined, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  if (current === undefined || !/^\d{14}$/.test(current) || stamp > current) return stamp;
  return (BigInt(current) + 1n).toString().padStart(14, '0');
}

function typeName(definition: PropertyDefinition): string {
  return valueTypeOf(definition.valueType) ?? definition.valueType;
}
