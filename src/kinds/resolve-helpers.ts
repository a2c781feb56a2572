/** The steps of resolving that every kind shares: ids declared, values compacted, associations as declared. */
import type { DesiredAssociations, DesiredPropertyValue } from '../model/desired-state.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import { formatUrn, type SimpleIdEntityType } from '../model/urn.js';
import type { AssociationField } from './kind.js';
import type { ResolveContext } from './resolve-context.js';
import type { KindDocument } from './source.js';

/**
 * Declares the URN of each document's id and names it by the id (a duplicate is reported, and its document
 * left out); answers the documents declared with their URNs. All ids of a kind are declared before any is
 * resolved, since references among them may point forward.
 */
export function declareIds<M extends { readonly id: string }>(
  documents: readonly KindDocument<M>[],
  context: ResolveContext,
  entityType: SimpleIdEntityType,
): { readonly doc: KindDocument<M>; readonly urn: string }[] {
  return documents.flatMap((doc) => {
    const { id } = doc.manifest;
    const urn = formatUrn({ entityType, id });
    if (!context.declare(urn, doc.source.locate(['id']))) return [];
    context.define(id, urn);
    return [{ doc, urn }];
  });
}

/** Drops undefined values and empty lists: an absent field and an empty list mean the same here. */
export function compact(fields: Record<string, JsonValue | undefined>): JsonObject {
  const result: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    result[key] = value;
  }
  return result;
}

/**
 * owners, tags and links as the manifest writes them, resolved (URNs, and an owner's type as declared), for a
 * Declaration: those the kind accepts, in that order.
 */
export function declaredAssociations(
  associations: DesiredAssociations,
  accepts: readonly AssociationField[],
): {
  owners?: JsonObject[];
  tags?: string[];
  links?: JsonObject[];
  properties?: JsonObject;
  terms?: string[];
} {
  return {
    ...(accepts.includes('owners')
      ? {
          owners: associations.owners.map((line) => ({ owner: line.owner, type: line.typeUrn ?? line.type })),
        }
      : {}),
    ...(accepts.includes('tags') ? { tags: associations.tags.map((tag) => tag.tagUrn) } : {}),
    ...(accepts.includes('links')
      ? { links: associations.links.map((link) => ({ url: link.url, description: link.description })) }
      : {}),
    ...(accepts.includes('properties') ? { properties: propertyMap(associations.properties ?? []) } : {}),
    ...(accepts.includes('terms') ? { terms: (associations.terms ?? []).map((edge) => edge.termUrn) } : {}),
  };
}

/**
 * Property values as policies see them: the property's id (its URN's id, conventionally its qualified name) to
 * the list of its values (strings and numbers), whether the manifest wrote one value or a list.
 */
export function propertyMap(values: readonly DesiredPropertyValue[]): JsonObject {
  return Object.fromEntries(
    values.map((value) => [
      value.propertyUrn.replace(/^urn:li:structuredProperty:/, ''),
      value.values.map((item) => item['string'] ?? item['double'] ?? null),
    ]),
  );
}

export function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** A name → value map as DataHub's [{name, value}] (MLHyperParam, MLMetric), in the manifest's order. */
export function nameValues(map: Readonly<Record<string, string>>): JsonObject[] {
  return Object.entries(map).map(([name, value]) => ({ name, value }));
}

/** A string field of a value no schema accepted (a rejected document), or undefined. */
export function textField(value: JsonObject, key: string): string | undefined {
  const field = value[key];
  return typeof field === 'string' ? field : undefined;
}

/** The name pair a rejected document of an id-named kind still declares: its `id`, when it has one. */
export function shadowId(kind: string): (value: JsonObject) => (readonly [string, string])[] {
  return (value) => {
    const id = textField(value, 'id');
    return id === undefined ? [] : [[kind, id]];
  };
}
