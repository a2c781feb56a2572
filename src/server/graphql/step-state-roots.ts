/**
 * The web app's step states (which onboarding steps, product updates and announcements a user has seen), as
 * DataHub v1.7.0's BatchGetStepStatesResolver and BatchUpdateStepStatesResolver keep them: one dataHubStepState
 * entity per id (DataHubStepStateKey.id, so urn:li:dataHubStepState:<id>) holding its properties.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { MutationWriter } from './mutation-writes.js';
import { guard, type RootResolverBuilder } from './resolver-context.js';

const PROPERTIES = 'dataHubStepStateProperties';

interface StepStateInput {
  readonly id: string;
  readonly properties: readonly ({ readonly key: string; readonly value?: string | null } | null)[];
}

const stepStateUrn = (id: string): string => `urn:li:dataHubStepState:${id}`;

export const stepStateRoots: RootResolverBuilder = ({ service, actor }) => {
  const writer = new MutationWriter(service, actor);
  return {
    // The ids whose step state exists, each with its properties; the others are left out.
    batchGetStepStates: (args: { input: { ids: readonly string[] } }) =>
      guard(() => ({
        results: args.input.ids.flatMap((id) => {
          const urn = stepStateUrn(id);
          if (!writer.exists(urn)) return [];
          const properties = writer.latest(urn, PROPERTIES);
          if (properties === undefined) return [];
          const map: JsonObject = isJsonObject(properties['properties']) ? properties['properties'] : {};
          return [{ id, properties: Object.entries(map).map(([key, value]) => ({ key, value })) }];
        }),
      })),
    // Each state's properties replace the previous ones, stamped now by the signed-in user; a state that cannot
    // be written is answered as not succeeded, the others still are.
    batchUpdateStepStates: (args: { input: { states: readonly StepStateInput[] } }) =>
      guard(() => ({
        results: args.input.states.map((state) => {
          const properties: Record<string, string> = {};
          for (const entry of state.properties) {
            // Collectors.toMap refuses a null value: the whole request fails, as in DataHub.
            if (entry === null || entry.value === undefined || entry.value === null)
              throw new Error(`step state ${state.id}: a property without a value`);
            properties[entry.key] = entry.value;
          }
          try {
            writer.persistAspect(stepStateUrn(state.id), PROPERTIES, {
              properties,
              lastModified: writer.stamp(),
            });
            return { id: state.id, succeeded: true };
          } catch {
            return { id: state.id, succeeded: false };
          }
        }),
      })),
  };
};
