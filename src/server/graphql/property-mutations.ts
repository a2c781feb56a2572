/**
 * The mutations stewards set structured property values with in DataHub's web app, as DataHub v1.7.0's resolvers
 * do them (datahub-graphql-core .../resolvers/structuredproperties/UpsertStructuredPropertiesResolver.java and
 * RemoveStructuredPropertiesResolver.java):
 * - upsertStructuredProperties: an assignment already there takes the new values, a new lastModified, and loses its
 *   attribution (so a value the tool set and a steward changed is no longer the tool's); a new one is added with
 *   created and lastModified. A schema field need not exist; any other asset must.
 * - removeStructuredProperties: the named assignments go.
 * createStructuredProperty, updateStructuredProperty and deleteStructuredProperty (the properties themselves) are
 * property-definition-mutations.ts.
 * The write goes through the catalog's checks (GMS's StructuredPropertiesValidator); a refusal, like any failure,
 * is DataHub's RuntimeException: "Failed to perform update against input …", with its cause.
 */
import { isJsonObject, stringOr, type JsonObject, type JsonValue } from '../../model/json.js';
import { parseRawUrn } from '../../model/urn.js';
import { MutationWriter, wrapped } from './mutation-writes.js';
import {
  PropertyDefinitionMutations,
  type CreateStructuredPropertyInput,
  type UpdateStructuredPropertyInput,
} from './property-definition-mutations.js';
import { structuredPropertiesView } from './views/property-aspect-views.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';

interface PropertyValueInput {
  readonly stringValue?: string | null;
  readonly numberValue?: number | null;
}

interface UpsertInput {
  readonly assetUrn: string;
  readonly structuredPropertyInputParams: readonly {
    readonly structuredPropertyUrn: string;
    readonly values: readonly PropertyValueInput[];
  }[];
}

interface RemoveInput {
  readonly assetUrn: string;
  readonly structuredPropertyUrns: readonly string[];
}

/** StructuredPropertyUtils.mapPropertyValueInput: a string value, else the number. */
function primitive(value: PropertyValueInput): JsonObject {
  return typeof value.stringValue === 'string'
    ? { string: value.stringValue }
    : { double: value.numberValue ?? 0 };
}

function assignmentsOf(aspect: JsonObject | undefined): JsonObject[] {
  const properties = aspect?.['properties'];
  return Array.isArray(properties) ? properties.filter(isJsonObject) : [];
}

export const propertyMutationRoots: RootResolverBuilder = ({ service, views, actor }) => {
  const writer = new MutationWriter(service, actor);
  const failed = (input: unknown, cause: unknown): never => {
    throw wrapped(
      `Failed to perform update against input ${JSON.stringify(input)}`,
      cause instanceof Error ? cause.message : String(cause),
    );
  };

  const upsert = (input: UpsertInput): JsonObject => {
    const raw = parseRawUrn(input.assetUrn);
    // schemaField entities often do not exist: a value on one creates it.
    if ((!raw.ok || raw.value.entityType !== 'schemaField') && !writer.exists(input.assetUrn))
      throw new Error(`Asset with provided urn ${input.assetUrn} does not exist`);
    const stamp = writer.stamp();
    const updates = new Map(
      input.structuredPropertyInputParams.map((param) => [
        param.structuredPropertyUrn,
        param.values.map(primitive),
      ]),
    );
    const properties: JsonValue[] = assignmentsOf(writer.latest(input.assetUrn, 'structuredProperties')).map(
      (assignment) => {
        const values = updates.get(stringOr(assignment['propertyUrn']));
        if (values === undefined) return assignment;
        updates.delete(stringOr(assignment['propertyUrn']));
        const { attribution: _attribution, ...kept } = assignment;
        return { ...kept, values, lastModified: stamp };
      },
    );
    for (const [propertyUrn, values] of updates)
      properties.push({ propertyUrn, values, created: stamp, lastModified: stamp });
    const aspect: JsonObject = { properties };
    writer.persist(writer.proposal(input.assetUrn, 'structuredProperties', aspect));
    return aspect;
  };

  const remove = (input: RemoveInput): JsonObject => {
    if (!writer.exists(input.assetUrn))
      throw new Error(`Asset with provided urn ${input.assetUrn} does not exist`);
    const removed = new Set(input.structuredPropertyUrns);
    const aspect: JsonObject = {
      properties: assignmentsOf(writer.latest(input.assetUrn, 'structuredProperties')).filter(
        (assignment) => !removed.has(stringOr(assignment['propertyUrn'])),
      ),
    };
    writer.persist(writer.proposal(input.assetUrn, 'structuredProperties', aspect));
    return aspect;
  };

  const answer = (urn: string, aspect: JsonObject) => structuredPropertiesView(aspect, urn, views.view);
  const definitions = new PropertyDefinitionMutations(writer);
  return {
    // Create and update answer the property as read back after the write (StructuredPropertyMapper).
    createStructuredProperty: (args: { input: CreateStructuredPropertyInput }) =>
      guard(() => views.entity(definitions.createStructuredProperty(args.input), 'structuredProperty')),
    updateStructuredProperty: (args: { input: UpdateStructuredPropertyInput }) =>
      guard(() => views.entity(definitions.updateStructuredProperty(args.input), 'structuredProperty')),
    deleteStructuredProperty: (args: { input: { urn: string } }) =>
      guard(() => definitions.deleteStructuredProperty(args.input)),
    upsertStructuredProperties: (args: { input: UpsertInput }) =>
      guard(() => {
        try {
          return answer(args.input.assetUrn, upsert(args.input));
        } catch (error) {
          return failed(args.input, error);
        }
      }),
    removeStructuredProperties: (args: { input: RemoveInput }) =>
      guard(() => {
        try {
          return answer(args.input.assetUrn, remove(args.input));
        } catch (error) {
          return failed(args.input, error);
        }
      }),
  };
};
