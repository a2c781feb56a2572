/**
 * The embedded catalog's GraphQL schema: DataHub's own SDL (datahub-graphql-core entity.graphql and
 * search.graphql) with names and nullability exactly as DataHub has them, plus the few extensions in
 * sdl/extensions.ts. test/server/schema-compat.test.ts checks it against DataHub's excerpt with
 * findBreakingChanges.
 */
import { CORE_SDL } from './sdl/core.js';
import { ENTITIES_SDL } from './sdl/entities.js';
import { EXTENSIONS_SDL } from './sdl/extensions.js';
import { MUTATION_INPUTS_SDL } from './sdl/mutations.js';
import { SEARCH_SDL } from './sdl/search.js';

export const SCHEMA_SDL = [CORE_SDL, ENTITIES_SDL, SEARCH_SDL, MUTATION_INPUTS_SDL, EXTENSIONS_SDL].join(
  '\n',
);
