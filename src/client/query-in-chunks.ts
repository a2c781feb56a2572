import { CatalogError } from '../errors.js';
import { isJsonObject, type JsonObject } from '../model/json.js';
import { GraphQLRequestError, type GraphQLClient } from './graphql-client.js';
import type { GraphQLRequest } from './graphql-request.js';

/** One chunk's answer: the entities of `entities(urns:)` that were asked for, and the errors beside the data. */
export interface ChunkAnswer {
  readonly chunk: readonly string[];
  readonly entities: readonly JsonObject[];
  readonly problems: readonly string[];
}

/**
 * Sends one `entities(urns:)` request per chunk of URNs, all in flight at once (the client's limiter paces them),
 * and answers each chunk's entities, the ones asked for only. Errors beside the data are kept as problems (a
 * catalog answers what it can); an answer without data fails the read.
 */
export async function queryEntitiesInChunks(
  graphql: Pick<GraphQLClient, 'executeRaw'>,
  urns: readonly string[],
  chunkSize: number,
  requestFor: (chunk: readonly string[]) => GraphQLRequest,
): Promise<ChunkAnswer[]> {
  const chunks: string[][] = [];
  for (let at = 0; at < urns.length; at += chunkSize) chunks.push(urns.slice(at, at + chunkSize));
  return Promise.all(
    chunks.map(async (chunk) => {
      const request = requestFor(chunk);
      const { data, errors } = await graphql.executeRaw(request.query, request.variables, request.what);
      if (data === undefined) {
        if (errors.length > 0) throw new GraphQLRequestError(errors, request.what);
        throw new CatalogError('BAD_RESPONSE', `${request.what} failed: the catalog answered without data`);
      }
      const asked = new Set(chunk);
      const listed = data['entities'];
      const entities = (Array.isArray(listed) ? listed : []).filter(
        (entity): entity is JsonObject =>
          isJsonObject(entity) && typeof entity['urn'] === 'string' && asked.has(entity['urn']),
      );
      return { chunk, entities, problems: errors.map((error) => error.message) };
    }),
  );
}
