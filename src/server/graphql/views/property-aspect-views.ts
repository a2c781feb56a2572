/**
 * The aspects of any entity that structured properties and forms give it, as DataHub v1.7.0's GraphQL serves them
 * (datahub-graphql-core .../types/structuredproperty/StructuredPropertiesMapper.java, .../types/form/FormsMapper.java):
 * its `structuredProperties` entries (the property, its values as StringValue or NumberValue, the entities URN
 * values name, the attribution) and its `forms` (each form with its prompts' states).
 */
import { primitiveOf, urnEntityType } from '../../../datahub/structured-properties.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../../../model/json.js';
import { resolvedStamp } from './aspect-views.js';
import type { ResolvedAuditStampView, ViewOf } from './view-types.js';

/** An object graphql-js answers with: its fields, some of them functions resolved when a query selects them. */
export type Obj = Readonly<Record<string, unknown>>;

export type PropertyValueView =
  | { readonly __typename: 'StringValue'; readonly stringValue: string }
  | { readonly __typename: 'NumberValue'; readonly numberValue: number };

export function propertyValue(value: JsonValue | undefined): PropertyValueView | null {
  const primitive = primitiveOf(value);
  if (primitive === undefined) return null;
  return 'string' in primitive
    ? { __typename: 'StringValue', stringValue: primitive.string }
    : { __typename: 'NumberValue', numberValue: primitive.double };
}

export function listOf(value: JsonValue | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

export function strings(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** MetadataAttribution: when, who, from where (the tool's marker shows as its sourceDetail). */
function attributionView(value: JsonValue | undefined, viewOf: ViewOf): Obj | null {
  if (!isJsonObject(value)) return null;
  const detail = isJsonObject(value['sourceDetail']) ? value['sourceDetail'] : {};
  return {
    time: typeof value['time'] === 'number' ? value['time'] : 0,
    actor: () => viewOf(stringOr(value['actor'], 'urn:li:corpuser:unknown')),
    source: () => (typeof value['source'] === 'string' ? viewOf(value['source']) : null),
    sourceDetail: Object.entries(detail).map(([key, item]) => ({ key, value: stringOr(item) })),
  };
}

/** StructuredPropertiesMapper: each assignment, the entities its URN values name, and its attribution. */
export function structuredPropertiesView(
  aspect: JsonObject | undefined,
  urn: string,
  viewOf: ViewOf,
): { readonly properties: readonly Obj[] } | null {
  if (aspect === undefined) return null;
  return {
    properties: listOf(aspect['properties']).map((assignment): Obj => ({
      structuredProperty: () => viewOf(stringOr(assignment['propertyUrn'])),
      values: listOf(assignment['values']).map((value) => propertyValue(value)),
      valueEntities: () =>
        listOf(assignment['values']).flatMap((value) => {
          const text = primitiveOf(value);
          return text !== undefined && 'string' in text && urnEntityType(text.string) !== undefined
            ? [viewOf(text.string)]
            : [];
        }),
      associatedUrn: urn,
      attribution: () => attributionView(assignment['attribution'], viewOf),
    })),
  };
}

interface FormPromptAssociationView {
  readonly id: string;
  readonly lastModified: ResolvedAuditStampView | null;
  readonly fieldAssociations: null;
}

/** FormsMapper: the forms of an entity, each with its prompts' states; verifications by form. */
export function formsView(aspect: JsonObject | undefined, urn: string, viewOf: ViewOf): Obj | null {
  if (aspect === undefined) return null;
  const prompts = (value: JsonValue | undefined): FormPromptAssociationView[] =>
    listOf(value).map((prompt) => ({
      id: stringOr(prompt['id']),
      lastModified: resolvedStamp(prompt['lastModified'], viewOf),
      fieldAssociations: null,
    }));
  const association = (form: JsonObject): Obj => ({
    form: () => viewOf(stringOr(form['urn'])),
    associatedUrn: urn,
    incompletePrompts: prompts(form['incompletePrompts']),
    completedPrompts: prompts(form['completedPrompts']),
  });
  return {
    incompleteForms: listOf(aspect['incompleteForms']).map(association),
    completedForms: listOf(aspect['completedForms']).map(association),
    verifications: listOf(aspect['verifications']).map((verification): Obj => ({
      form: () => viewOf(stringOr(verification['form'])),
      lastModified: resolvedStamp(verification['lastModified'], viewOf),
    })),
  };
}
