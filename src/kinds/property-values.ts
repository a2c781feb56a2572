/**
 * `properties:` of a declaration resolved: each structured property (named by its id, its qualified name or its
 * URN) with its values as DataHub stores them, checked against the definition when the manifests declare the
 * property (property-value-checks.ts). A property the manifests do not declare must exist in the catalog, and its
 * values are checked against the definition there when the plan reads it (plan/preflight.ts).
 */
import type { PrimitiveValue } from '../datahub/structured-properties.js';
import type { SourceLocation } from '../errors.js';
import type { DesiredPropertyValue } from '../model/desired-state.js';
import { editDistance } from '../model/did-you-mean.js';
import { formatUrn } from '../model/urn.js';
import { declaredProperties } from './property-definitions.js';
import { propertyValueProblems } from './property-value-checks.js';
import { parsedUrn } from './references.js';
import type { ResolveContext } from './resolve-context.js';
import type { DocumentPath, KindDocument } from './source.js';
import type { PropertyInput, PropertyValues } from './values.js';

/** A manifest value as the union member DataHub stores: a number as a double, anything else as a string. */
export function primitiveOfInput(value: PropertyInput): PrimitiveValue {
  return typeof value === 'number' ? { double: value } : { string: value };
}

/**
 * The values of `declared` (the map at `at`), for an entity of `entityType` on `platform` (a data platform URN;
 * undefined: it has none; null: not known when resolving). Undefined when the manifest declares none.
 */
export function resolvePropertyValues(
  context: ResolveContext,
  doc: KindDocument<unknown>,
  declared: PropertyValues | undefined,
  at: DocumentPath,
  entityType: string,
  platform: string | null | undefined,
): DesiredPropertyValue[] | undefined {
  if (declared === undefined) return undefined;
  const properties = declaredProperties(context);
  const seen = new Map<string, SourceLocation>();
  const resolved: DesiredPropertyValue[] = [];
  for (const [name, raw] of Object.entries(declared)) {
    const source = doc.source.locate([...at, name], 'key');
    const list = Array.isArray(raw) ? (raw as readonly PropertyInput[]) : [raw as PropertyInput];
    const valueSources = Array.isArray(raw)
      ? list.map((_, index) => doc.source.locate([...at, name, index]))
      : [doc.source.locate([...at, name])];
    const propertyUrn = propertyUrnOf(context, name, source);
    if (propertyUrn === undefined) continue;
    const first = seen.get(propertyUrn);
    if (first !== undefined) {
      context.error('DUPLICATE_DECLARATION', `property ${propertyUrn} is given values twice`, source, {
        related: first,
        hint: 'name each property once (its id, qualified name and URN all name it)',
      });
      continue;
    }
    seen.set(propertyUrn, source);
    const values = list.map(primitiveOfInput);
    const property = properties.get(propertyUrn);
    if (property !== undefined) {
      for (const problem of propertyValueProblems(name, property.definition, values, entityType, platform)) {
        const location = problem.index === undefined ? source : (valueSources[problem.index] ?? source);
        context.error('INVALID_VALUE', problem.message, location, {
          hint: problem.hint,
          related: property.document.source.locate(['id']),
        });
      }
    }
    resolved.push({ propertyUrn, name, values, source, valueSources });
  }
  return resolved;
}

/** The URN a property name stands for; one the manifests do not declare must exist in the catalog. */
function propertyUrnOf(context: ResolveContext, name: string, source: SourceLocation): string | undefined {
  if (name.startsWith('urn:')) {
    const urn = parsedUrn(context, name, 'structuredProperty', source);
    if (urn !== undefined && !declaredProperties(context).has(urn))
      requireProperty(context, name, urn, source);
    return urn;
  }
  const declared = declaredProperties(context).get(name);
  if (declared !== undefined) return declared.urn;
  if (context.shadowed('StructuredProperty').has(name)) return undefined;
  // A name a letter or two off a declared property's is a typo, not a property kept in DataHub.
  const typo = declaredNames(context).find(
    (known) => editDistance(name.toLowerCase(), known.toLowerCase()) <= 2,
  );
  if (typo !== undefined) {
    context.error('UNKNOWN_REFERENCE', `unknown property '${name}'`, source, {
      hint: `did you mean '${typo}'?`,
    });
    return undefined;
  }
  // DataHub's own tools name a property by its qualified name, whose URN is urn:li:structuredProperty:<name>.
  const urn = formatUrn({ entityType: 'structuredProperty', id: name });
  requireProperty(context, name, urn, source);
  return urn;
}

function declaredNames(context: ResolveContext): string[] {
  return [...declaredProperties(context).keys()].filter((key) => !key.startsWith('urn:'));
}

function requireProperty(context: ResolveContext, name: string, urn: string, source: SourceLocation): void {
  context.requireEntity(
    urn,
    source,
    () => `declare a StructuredProperty with id '${name}' in the manifests, or create it in DataHub first`,
  );
}
