/**
 * What GMS v1.7.0 does to a structured property's values when the property is hard-deleted
 * (metadata-io/.../structuredproperties/hooks/PropertyDefinitionDeleteSideEffect.java with
 * util/EntityWithPropertyIterator.java): every entity of the definition's entity types that carries a value of the
 * property gets a patch removing that assignment (`remove /properties/<property urn>`, the list keyed by
 * propertyUrn), other assignments kept. It runs for every hard delete of a property that had a definition, whatever
 * API asked for it; GMS runs it after the delete, here it runs in the delete's transaction.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import type { Proposal } from '../../model/proposal.js';
import { parseRawUrn } from '../../model/urn.js';
import type { AspectStore } from '../store/aspect-store.js';
import { ServiceError } from './service-error.js';

const VALUES = 'structuredProperties';
const PAGE = 1000;

/** The entity types a definition names (StructuredPropertyUtils.getValueTypeId of each entityType URN). */
function entityTypesOf(definition: JsonObject): Set<string> {
  const types = definition['entityTypes'];
  return new Set(
    (Array.isArray(types) ? types : [])
      .filter((type): type is string => typeof type === 'string')
      .map((type) => type.replace(/^urn:li:entityType:/, '').replace(/^datahub\./, '')),
  );
}

/**
 * The proposals that take `propertyUrn`'s values off the entities carrying them, read before the property is
 * deleted (its definition says which entity types to look at). Empty when the property has no definition.
 */
export function assignmentRemovals(store: AspectStore, propertyUrn: string): Proposal[] {
  const definition = store.get(propertyUrn, 'propertyDefinition')?.value;
  if (definition === undefined) return [];
  const types = entityTypesOf(definition);
  const removals: Proposal[] = [];
  const { total } = store.listUrns(VALUES, 0, 0);
  for (let start = 0; start < total; start += PAGE) {
    for (const urn of store.listUrns(VALUES, start, PAGE).urns) {
      const raw = parseRawUrn(urn);
      if (!raw.ok || !types.has(raw.value.entityType)) continue;
      const aspect = store.get(urn, VALUES)?.value;
      const properties = Array.isArray(aspect?.['properties'])
        ? aspect['properties'].filter(isJsonObject)
        : [];
      const kept = properties.filter((assignment) => assignment['propertyUrn'] !== propertyUrn);
      if (aspect === undefined || kept.length === properties.length) continue;
      removals.push({
        entityType: raw.value.entityType,
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName: VALUES,
        aspect: { ...aspect, properties: kept },
      });
    }
  }
  return removals;
}

/**
 * Writes each removal on its own (a cascade's writes are separate MCPs in GMS); one that the catalog's checks
 * refuse (another value on the entity that no longer fits its definition) is left as it is, as GMS logs it.
 */
export function writeAssignmentRemovals(
  removals: readonly Proposal[],
  cascadeOperationId: string,
  ingest: (proposals: readonly Proposal[]) => void,
): void {
  for (const removal of removals) {
    try {
      ingest([{ ...removal, systemMetadata: { properties: { cascadeOperationId } } }]);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
    }
  }
}
