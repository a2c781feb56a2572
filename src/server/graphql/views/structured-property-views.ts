/**
 * Structured property and form entities as DataHub v1.7.0's GraphQL serves them (datahub-graphql-core
 * .../types/structuredproperty/StructuredPropertyMapper.java, .../types/form/FormMapper.java): a
 * StructuredPropertyEntity's definition and settings, the DataTypeEntity and EntityTypeEntity a definition names,
 * and a Form's info. The aspects they give other entities are in property-aspect-views.ts.
 */
import { graphqlEntityType } from '../../../datahub/entity-types.js';
import { entityTypeName, valueTypeOf } from '../../../datahub/structured-properties.js';
import { isJsonObject, stringOr, type JsonObject } from '../../../model/json.js';
import { resolvedStamp } from './aspect-views.js';
import { commonView, type ViewContext } from './entity-base.js';
import { listOf, propertyValue, strings, type Obj } from './property-aspect-views.js';
import type { CommonEntityView, EntityView, ViewOf } from './view-types.js';

/** A DataTypeEntity (urn:li:dataType:datahub.<type>) and its info, as DataHub's bootstrap gives the standard ones. */
function dataTypeView(urn: string): EntityView & { readonly info: Obj } {
  const type = valueTypeOf(urn);
  return {
    __typename: 'DataTypeEntity',
    urn,
    type: 'DATA_TYPE',
    info: {
      type: type === undefined ? 'OTHER' : type.toUpperCase(),
      qualifiedName: urn.replace(/^urn:li:dataType:/, ''),
      displayName: type === undefined ? urn : type.charAt(0).toUpperCase() + type.slice(1).replace('_', ' '),
    },
  };
}

/** An EntityTypeEntity (urn:li:entityType:datahub.<name>) and its info. */
function entityTypeView(urn: string): EntityView & { readonly info: Obj } {
  const name = entityTypeName(urn) ?? urn;
  return {
    __typename: 'EntityTypeEntity',
    urn,
    type: 'ENTITY_TYPE',
    info: {
      type: graphqlEntityType(name),
      qualifiedName: urn.replace(/^urn:li:entityType:/, ''),
      displayName: name,
    },
  };
}

export interface StructuredPropertyEntityView extends CommonEntityView {
  readonly definition: () => Obj;
  readonly settings: () => Obj | null;
}

/** StructuredPropertyEntity: its definition (never null: an entity without one is named by its id) and settings. */
export function structuredPropertyEntityView(
  urn: string,
  context: ViewContext,
): StructuredPropertyEntityView {
  const { service, viewOf } = context;
  return {
    ...commonView(urn, 'structuredProperty', context),
    definition: () => definitionView(urn, service.latest(urn, 'propertyDefinition'), viewOf),
    settings: () => {
      const settings = service.latest(urn, 'structuredPropertySettings');
      if (settings === undefined) return null;
      const flag = (field: string): boolean => settings[field] === true;
      return {
        isHidden: flag('isHidden'),
        showInSearchFilters: flag('showInSearchFilters'),
        showInAssetSummary: flag('showInAssetSummary'),
        hideInAssetSummaryWhenEmpty: flag('hideInAssetSummaryWhenEmpty'),
        showAsAssetBadge: flag('showAsAssetBadge'),
        showInColumnsTable: flag('showInColumnsTable'),
      };
    },
  };
}

function definitionView(urn: string, definition: JsonObject | undefined, viewOf: ViewOf): Obj {
  const value = definition ?? {};
  const qualifier = isJsonObject(value['typeQualifier']) ? value['typeQualifier'] : undefined;
  const allowed = value['allowedValues'];
  return {
    qualifiedName: stringOr(value['qualifiedName'], urn.replace(/^urn:li:structuredProperty:/, '')),
    displayName: typeof value['displayName'] === 'string' ? value['displayName'] : null,
    description: typeof value['description'] === 'string' ? value['description'] : null,
    cardinality: value['cardinality'] === 'MULTIPLE' ? 'MULTIPLE' : 'SINGLE',
    allowedValues: Array.isArray(allowed)
      ? listOf(allowed).map((item) => ({
          value: propertyValue(item['value']),
          description: typeof item['description'] === 'string' ? item['description'] : null,
        }))
      : null,
    valueType: dataTypeView(stringOr(value['valueType'], 'urn:li:dataType:datahub.string')),
    typeQualifier:
      qualifier === undefined
        ? null
        : { allowedTypes: strings(qualifier['allowedTypes']).map(entityTypeView) },
    entityTypes: strings(value['entityTypes']).map(entityTypeView),
    allowedPlatforms: Array.isArray(value['allowedPlatforms'])
      ? strings(value['allowedPlatforms']).map((platform) => viewOf(platform))
      : null,
    immutable: value['immutable'] === true,
    created: resolvedStamp(value['created'], viewOf),
    lastModified: resolvedStamp(value['lastModified'], viewOf),
  };
}

export interface FormEntityView extends CommonEntityView {
  readonly info: () => Obj;
}

/** Form: FormMapper's info (name, type COMPLETION by default, prompts with their form's URN, the actors). */
export function formEntityView(urn: string, context: ViewContext): FormEntityView {
  const { service, viewOf } = context;
  return {
    ...commonView(urn, 'form', context),
    info: () => {
      const info = service.latest(urn, 'formInfo') ?? {};
      const actors = isJsonObject(info['actors']) ? info['actors'] : {};
      return {
        name: stringOr(info['name'], urn.replace(/^urn:li:form:/, '')),
        description: typeof info['description'] === 'string' ? info['description'] : null,
        type: info['type'] === 'VERIFICATION' ? 'VERIFICATION' : 'COMPLETION',
        prompts: listOf(info['prompts']).map((prompt) => {
          const params = isJsonObject(prompt['structuredPropertyParams'])
            ? prompt['structuredPropertyParams']
            : undefined;
          return {
            id: stringOr(prompt['id']),
            title: stringOr(prompt['title']),
            formUrn: urn,
            description: typeof prompt['description'] === 'string' ? prompt['description'] : null,
            type:
              prompt['type'] === 'FIELDS_STRUCTURED_PROPERTY'
                ? 'FIELDS_STRUCTURED_PROPERTY'
                : 'STRUCTURED_PROPERTY',
            required: prompt['required'] === true,
            structuredPropertyParams:
              params === undefined ? null : { structuredProperty: () => viewOf(stringOr(params['urn'])) },
          };
        }),
        actors: {
          owners: actors['owners'] !== false,
          users: Array.isArray(actors['users']) ? strings(actors['users']).map((user) => viewOf(user)) : null,
          groups: Array.isArray(actors['groups'])
            ? strings(actors['groups']).map((group) => viewOf(group))
            : null,
          isAssignedToMe: false,
        },
      };
    },
  };
}
