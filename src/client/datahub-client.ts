import { GraphQLClient } from './graphql-client.js';
import { HttpClient, type HttpClientOptions } from './http-client.js';
import { RestliClient } from './restli-client.js';

/** One DataHub: its Rest.li and GraphQL endpoints over one connection pool. */
export interface DataHubClient {
  readonly gmsUrl: string;
  readonly restli: RestliClient;
  readonly graphql: GraphQLClient;
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
    close: () => http.close(),
  };
}
