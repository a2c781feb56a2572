/**
 * Removing a reference to a deleted entity from another entity's aspect, as DataHub v1.7.0 does it after a delete
 * (metadata-service/services .../entity/DeleteEntityService.deleteReference with DeleteEntityUtils
 * .getAspectWithReferenceRemoved). Pure: the aspect's Pegasus schema decides what goes.
 *
 * Along a relationship's path (`*` is every item of a list):
 * - a matching string in a list is removed from the list (the list may become empty; it stays);
 * - a matching optional field is removed; a matching required field makes its record go, that is the list item
 *   holding it (a GlossaryTermAssociation whose `urn` is the deleted term) or, at the root, the whole aspect;
 * - a record that went is removed from its parent when optional, or takes its parent with it when it was the
 *   parent's only field; any other required record cannot go, and the aspect is left as it is.
 */
import { ASPECT_SCHEMAS } from '../../datahub/generated/aspect-schemas.js';
import type { NamedSchema, SchemaType } from '../../datahub/pegasus/schema.js';
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { aspectNamesOf, relationshipsOfAspect } from '../../model/registry.js';

/** The aspect cannot be rewritten without the value (DataHub throws and the aspect is left as it is). */
export class ReferenceRemovalError extends Error {}

/** A mutable copy of JSON, edited in place while walking. */
type Mutable = string | number | boolean | null | Mutable[] | { [key: string]: Mutable };

/**
 * The aspects of `entityType` that hold the relationship `relationshipName` to entities of `deletedType`
 * (DeleteEntityService.getAspectSpecsReferringTo), by name.
 */
export function aspectsReferringTo(
  entityType: string,
  relationshipName: string,
  deletedType: string,
): string[] {
  return aspectNamesOf(entityType).filter((aspect) =>
    relationshipsOfAspect(aspect).some(
      (spec) => spec.name === relationshipName && spec.entityTypes.includes(deletedType),
    ),
  );
}

/**
 * The aspect with every occurrence of `urn` removed along the paths of its relationships named
 * `relationshipName` (all of them, whatever their destination types, as DataHub walks them): the same value when
 * nothing matched, `null` when the whole aspect must go. Throws ReferenceRemovalError when the aspect's schema
 * does not allow the removal.
 */
export function withReferenceRemoved(
  aspectName: string,
  aspect: JsonObject,
  relationshipName: string,
  urn: string,
): JsonObject | null {
  const fqn = ASPECT_SCHEMAS.aspects[aspectName];
  if (fqn === undefined) throw new ReferenceRemovalError(`no schema for aspect ${aspectName}`);
  let current: Mutable | null = structuredClone(aspect) as Mutable;
  for (const spec of relationshipsOfAspect(aspectName)) {
    if (spec.name !== relationshipName || current === null) continue;
    current = removeAt(urn, fqn, current, spec.path, 0);
  }
  return current as JsonObject | null;
}

/** removeValueBasedOnPath: a list step for `*`, a record field otherwise. */
function removeAt(
  urn: string,
  type: SchemaType,
  value: Mutable,
  path: readonly string[],
  index: number,
): Mutable | null {
  const step = path[index] as string;
  const schema = resolve(type);
  if (step === '*') {
    if (schema === undefined || !('array' in schema) || !Array.isArray(value))
      throw new ReferenceRemovalError(`expected a list at ${path.slice(0, index).join('/')}`);
    return removeFromList(urn, schema.array, value, path, index);
  }
  if (schema === undefined || !('kind' in schema) || schema.kind !== 'record' || !isRecord(value))
    throw new ReferenceRemovalError(`expected a record at ${path.slice(0, index).join('/')}`);
  return removeFromRecord(urn, schema, value, path, index);
}

/** removeValueFromMap */
function removeFromRecord(
  urn: string,
  schema: Extract<NamedSchema, { kind: 'record' }>,
  record: { [key: string]: Mutable },
  path: readonly string[],
  index: number,
): Mutable | null {
  const key = path[index] as string;
  const field = schema.fields.find((candidate) => candidate.name === key);
  if (field === undefined) throw new ReferenceRemovalError(`no field ${key} in the schema`);
  // Pegasus' getOptional(): a field with a default is not optional.
  const optional = field.optional === true;
  if (index === path.length - 1) {
    if (record[key] !== urn) return record;
    if (!optional) return null;
    delete record[key];
    return record;
  }
  const child = record[key];
  if (child === undefined) return record;
  const result = removeAt(urn, field.type, child, path, index + 1);
  if (result !== null) {
    record[key] = result;
    return record;
  }
  if (optional) {
    delete record[key];
    return record;
  }
  if (Object.keys(record).length === 1) return null;
  throw new ReferenceRemovalError(
    `Delete failed! Failed to field with name ${key} from DataMap. The field is required!`,
  );
}

/** removeValueFromArray: a list is never removed itself, only its items. */
function removeFromList(
  urn: string,
  itemType: SchemaType,
  list: Mutable[],
  path: readonly string[],
  index: number,
): Mutable {
  if (index === path.length - 1) {
    // DataList.remove(Object): the first equal item only.
    const found = list.indexOf(urn);
    if (found >= 0) list.splice(found, 1);
    return list;
  }
  for (let item = 0; item < list.length;) {
    const result = removeAt(urn, itemType, list[item] as Mutable, path, index + 1);
    if (result === null) {
      list.splice(item, 1);
    } else {
      list[item] = result;
      item += 1;
    }
  }
  return list;
}

/** A schema type with typerefs followed: a named record (or other named kind), or an anonymous array/map/union. */
function resolve(type: SchemaType): NamedSchema | Exclude<SchemaType, string> | undefined {
  let current: SchemaType = type;
  for (let depth = 0; depth < 16; depth += 1) {
    if (typeof current !== 'string') return current;
    const named: NamedSchema | undefined = ASPECT_SCHEMAS.types[current];
    if (named === undefined) return undefined;
    if (named.kind !== 'typeref') return named;
    current = named.ref;
  }
  return undefined;
}

function isRecord(value: Mutable): value is { [key: string]: Mutable } {
  return isJsonObject(value);
}
