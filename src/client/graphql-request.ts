import type { JsonObject } from '../model/json.js';

/** A GraphQL document with its variables, as the client sends it to `/api/graphql`. */
export interface GraphQLRequest {
  readonly query: string;
  readonly variables: JsonObject;
  /** The root field the request calls, for messages ("createGlossaryTerm failed: …"). */
  readonly what: string;
}
