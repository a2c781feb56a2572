/**
 * What every root resolver of the GraphQL endpoint is built from, and the shared error mapping. Each area of the
 * API (entities, search, glossary and tags, the signed-in user and the app's settings, steward mutations) has a
 * module exporting a `RootResolverBuilder`; graphql-endpoint.ts lists them.
 */
import type { CatalogService } from '../catalog-service.js';
import { ServiceError } from '../catalog-service.js';
import type { EntityViews } from './entity-views.js';
import type { SearchResolvers } from './search-resolvers.js';
import { DataHubGraphQLError } from './term-mutations.js';

export interface ResolverContext {
  readonly service: CatalogService;
  readonly views: EntityViews;
  readonly search: SearchResolvers;
  /** The signed-in user's URN (urn:li:corpuser:…): who `me` is and who mutations are stamped with. */
  readonly actor: string;
}

/** Root fields of Query and Mutation by name; graphql-js calls each with the field's arguments. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resolver types its own arguments
export type RootResolvers = Record<string, (args: any) => unknown>;

export type RootResolverBuilder = (context: ResolverContext) => RootResolvers;

/** Maps failures to DataHub's error classes: bad input is a 400 with its message, the rest a 500. */
export function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof DataHubGraphQLError) throw error;
    if (error instanceof ServiceError && error.status < 500)
      throw new DataHubGraphQLError(400, error.message);
    throw new DataHubGraphQLError(500, 'An unknown error occurred.');
  }
}

/** The non-null items of a list whose items GraphQL lets be null. */
export function present<T>(items: readonly (T | null)[]): T[] {
  return items.filter((item): item is T => item !== null);
}
