import { CatalogError } from '../errors.js';
import { isJsonObject, parseJson, type JsonObject } from '../model/json.js';
import type { HttpClient } from './http-client.js';

export interface GraphQLErrorInfo {
  readonly message: string;
  /** DataHub's extensions.code (400, 403, 404, 409, 500), when present. */
  readonly code?: number;
}

/** A GraphQL answer that carried errors: like DataHub's Python GraphError. */
export class GraphQLRequestError extends CatalogError {
  constructor(
    readonly errors: readonly GraphQLErrorInfo[],
    what: string,
  ) {
    super('GRAPHQL_ERROR', `${what} failed: ${errors.map((error) => error.message).join('; ')}`);
  }
}

/** POST {query, variables} to DataHub's GraphQL endpoint (GMS `/api/graphql` by default). */
export class GraphQLClient {
  constructor(
    private readonly http: HttpClient,
    readonly url: string,
  ) {}

  /** Executes and throws on any error (as DataHub's Python client does). */
  async execute(query: string, variables: JsonObject, what: string): Promise<JsonObject> {
    const { data, errors } = await this.executeRaw(query, variables, what);
    if (errors.length > 0) throw new GraphQLRequestError(errors, what);
    if (data === undefined)
      throw new CatalogError('BAD_RESPONSE', `${what} failed: ${this.url} answered without data`);
    return data;
  }

  /**
   * Executes and returns data and errors both: a request of several aliased mutations can partly succeed, and
   * each error's `path` names the alias it belongs to.
   */
  async executeRaw(
    query: string,
    variables: JsonObject,
    what: string,
  ): Promise<{ data: JsonObject | undefined; errors: (GraphQLErrorInfo & { path?: string })[] }> {
    const response = await this.http.request('POST', this.url, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    // 401 and 403 never come here: the HTTP client fails on them with what to do about the token.
    if (response.status !== 200) {
      throw new CatalogError(
        'HTTP_ERROR',
        `${what} failed: ${this.url} answered ${response.status} ${response.text.slice(0, 300)}`,
      );
    }
    const parsed = parseJson(response.text);
    if (!parsed.ok || !isJsonObject(parsed.value)) {
      throw new CatalogError('BAD_RESPONSE', `${what} failed: ${this.url} answered with invalid JSON`);
    }
    const rawErrors = parsed.value['errors'];
    const errors = (Array.isArray(rawErrors) ? rawErrors : []).map((error) => {
      const extensions = isJsonObject(error) ? error['extensions'] : undefined;
      const code =
        isJsonObject(extensions) && typeof extensions['code'] === 'number' ? extensions['code'] : undefined;
      const message =
        isJsonObject(error) && typeof error['message'] === 'string' ? error['message'] : 'unknown error';
      const path: unknown =
        isJsonObject(error) && Array.isArray(error['path']) ? error['path'][0] : undefined;
      return {
        message,
        ...(code === undefined ? {} : { code }),
        ...(typeof path === 'string' ? { path } : {}),
      };
    });
    const data = parsed.value['data'];
    return { data: isJsonObject(data) ? data : undefined, errors };
  }
}
