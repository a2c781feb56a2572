/**
 * A saved view's definition as DataHub v1.7.0 stores and reads it (pure). The web app sends a
 * DataHubViewDefinitionInput (entity types and a flat list of filters joined by AND or OR); ViewUtils.mapDefinition
 * (datahub-graphql-core resolvers/view) stores it as the `dataHubViewInfo` aspect's definition: registry entity
 * names and a metadata Filter in disjunctive normal form (AND: one conjunction of every criterion; OR: one
 * conjunction per criterion). DataHubViewMapper (types/view) reads it back the other way, and SearchUtils
 * (resolvers/search) applies it to a search: the entity types intersected, the filters combined in conjunction.
 */
import { entityTypeOfGraphqlType, graphqlEntityType } from '../../datahub/entity-types.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { badRequest } from './mutation-writes.js';
import type { FacetFilterInput } from './views/search-views.js';

/** DataHubViewDefinitionInput. */
export interface ViewDefinitionInput {
  readonly entityTypes: readonly string[];
  readonly filter: { readonly operator: 'AND' | 'OR'; readonly filters: readonly FacetFilterInput[] };
}

/** DataHubViewFilter's items (FacetFilter). */
export interface FacetFilterView {
  readonly field: string;
  readonly condition: string | null;
  readonly values: readonly string[];
  readonly negated: boolean | null;
}

/** DataHubViewDefinition, as the mapper answers it. */
export interface ViewDefinitionView {
  readonly entityTypes: readonly string[];
  readonly filter: { readonly operator: 'AND' | 'OR'; readonly filters: readonly FacetFilterView[] };
}

/** A disjunction of conjunctions, each criterion as a search input names it (orFilters). */
export type FilterGroups = readonly { readonly and: readonly FacetFilterInput[] }[];

/** ViewUtils.mapDefinition: the definition to store. */
export function storedDefinition(input: ViewDefinitionInput): JsonObject {
  const entityTypes = input.entityTypes.map((type) => {
    // EntityTypeMapper.getName throws on a type without a registry entity.
    const name = entityTypeOfGraphqlType(type);
    if (name === undefined) throw badRequest(`Unknown entity type ${type}`);
    return name;
  });
  const filter = input.filter;
  const criteria = filter.filters.map(storedCriterion);
  const or =
    filter.operator === 'AND' ? [{ and: criteria }] : criteria.map((criterion) => ({ and: [criterion] }));
  return { entityTypes, filter: { or } };
}

/** ResolverUtils.criterionFromFilter → CriterionUtils.buildCriterion: EQUAL unless told, distinct values. */
function storedCriterion(filter: FacetFilterInput): JsonObject {
  const values = filter.values ?? [];
  return {
    field: filter.field,
    condition: filter.condition ?? 'EQUAL',
    negated: filter.negated ?? false,
    values: [...new Set(values)],
  };
}

/**
 * DataHubViewMapper.mapViewDefinition. One conjunction is an AND of its criteria; several (or none) are an OR
 * of one criterion each, and an OR whose conjunctions hold more than one criterion is not one the API mints: its
 * filters are answered empty, as the mapper does.
 */
export function definitionView(definition: JsonObject | undefined): ViewDefinitionView {
  const entityTypes = stringItems(definition?.['entityTypes']).map(graphqlEntityType);
  const filter = isJsonObject(definition?.['filter']) ? definition['filter'] : {};
  const or = Array.isArray(filter['or']) ? filter['or'].filter(isJsonObject) : undefined;
  if (or !== undefined && or.length === 1)
    return { entityTypes, filter: { operator: 'AND', filters: criteriaOf(or[0]).map(facetFilter) } };
  const conjunctions = or ?? [];
  const malformed = conjunctions.some((conjunction) => criteriaOf(conjunction).length > 1);
  const filters = malformed
    ? []
    : conjunctions.flatMap((conjunction) => criteriaOf(conjunction).slice(0, 1).map(facetFilter));
  return { entityTypes, filter: { operator: 'OR', filters } };
}

function facetFilter(criterion: JsonObject): FacetFilterView {
  const field = typeof criterion['field'] === 'string' ? criterion['field'] : '';
  const condition = criterion['condition'];
  const negated = criterion['negated'];
  return {
    // A persisted filter may name the field with its `.keyword` suffix.
    field: field.endsWith('.keyword') ? field.slice(0, -'.keyword'.length) : field,
    condition: typeof condition === 'string' ? condition : null,
    values: stringItems(criterion['values']),
    negated: typeof negated === 'boolean' ? negated : null,
  };
}

/** The registry entity names the view is scoped to ([]: every type). */
export function viewEntityTypes(definition: JsonObject | undefined): string[] {
  return stringItems(definition?.['entityTypes']);
}

/**
 * The view's filter as search input groups. SearchUtils.combineFilters first converts it to the v2 form
 * (convertToV2Filter: legacy `criteria` become one conjunction).
 */
export function viewFilterGroups(definition: JsonObject | undefined): FilterGroups {
  const filter = isJsonObject(definition?.['filter']) ? definition['filter'] : {};
  const or = Array.isArray(filter['or']) ? filter['or'].filter(isJsonObject) : undefined;
  const conjunctions =
    or !== undefined && or.length > 0
      ? or.map(criteriaOf)
      : Array.isArray(filter['criteria'])
        ? [filter['criteria'].filter(isJsonObject)]
        : [];
  return conjunctions.map((criteria) => ({
    and: criteria.map((criterion) => {
      const view = facetFilter(criterion);
      return {
        field: view.field,
        values: view.values,
        negated: view.negated ?? false,
        condition: view.condition ?? 'EQUAL',
      };
    }),
  }));
}

/**
 * SearchUtils.combineFilters: the request's filter and the view's joined in conjunction, kept in disjunctive
 * normal form (each conjunction of one crossed with each of the other); either alone when the other is empty.
 */
export function combineFilterGroups(base: FilterGroups, view: FilterGroups): FilterGroups {
  if (base.length === 0) return view;
  if (view.length === 0) return base;
  return base.flatMap((left) => view.map((right) => ({ and: [...left.and, ...right.and] })));
}

/**
 * SearchUtils.intersectEntityTypes over GraphQL EntityType values: the request's types and the view's in
 * common; either alone when the other names none. An empty answer with both given means no type is in scope.
 */
export function intersectEntityTypes(
  requested: readonly string[],
  viewTypes: readonly string[],
): readonly string[] {
  const scoped = viewTypes.map(graphqlEntityType);
  if (requested.length === 0) return scoped;
  if (scoped.length === 0) return requested;
  return requested.filter((type) => scoped.includes(type));
}

function criteriaOf(conjunction: JsonObject | undefined): JsonObject[] {
  const and = conjunction?.['and'];
  return Array.isArray(and) ? and.filter(isJsonObject) : [];
}

function stringItems(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
