import { GraphQLClient } from './graphql-client.js';
import { HttpClient, type HttpClientOptions } from './http-client.js';
import { CatalogError } from '../errors.js';
import { RestliClient } from './restli-client.js';
import { serverReleaseOf, type ServerRelease } from './server-capabilities.js';

/** One DataHub: its Rest.li and GraphQL endpoints over one connection pool. */
export interface DataHubClient {
  readonly gmsUrl: string;
  readonly restli: RestliClient;
  readonly graphql: GraphQLClient;
  /** How many requests the connection pool keeps in flight at most (--parallelism). */
  readonly parallelism: number;
  close(): Promise<void>;
}

export function createDataHubClient(options: {
  readonly gmsUrl: string;
  readonly graphqlUrl?: string;
  readonly http?: HttpClientOptions;
}): DataHubClient {
  const http = new HttpClient(options.http);
  return {
    gmsUrl: options.gmsUrl,
    restli: new RestliClient(http, options.gmsUrl),
    graphql: new GraphQLClient(http, options.graphqlUrl ?? `${options.gmsUrl}/api/graphql`),
    parallelism: http.parallelism,
    close: () => http.close(),
  };
}

/**
 * The DataHub release the server says it is (GMS /config), mapped onto the compatibility matrix; a release
 * older than the matrix is refused here, before anything is written.
 */
export async function readServerRelease(restli: RestliClient): Promise<ServerRelease> {
  const outcome = serverReleaseOf(await restli.config());
  if (!outcome.ok) throw new CatalogError('UNSUPPORTED_SERVER', outcome.error);
  return outcome.value;
}
