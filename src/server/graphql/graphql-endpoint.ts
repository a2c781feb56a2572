import { checkQueryLimits, DATAHUB_QUERY_LIMITS } from './query-limits.js';
import {
  buildSchema,
  execute,
  executeSync,
  getOperationAST,
  OperationTypeNode,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { isJsonObject } from '../../model/json.js';
import type { CatalogService } from '../catalog-service.js';
import { accessTokenRoots } from './access-token-roots.js';
import { analyticsRoots } from './analytics-roots.js';
import { applicationMutationRoots } from './application-mutations.js';
import { assertionMutationRoots } from './assertion-mutations.js';
import { incidentMutationRoots } from './incident-mutations.js';
import { ownershipTypeRoots } from './ownership-type-roots.js';
import { domainMutationRoots } from './domain-mutations.js';
import { roleRoots } from './role-roots.js';
import { groupRoots } from './group-mutations.js';
import { postRoots } from './post-roots.js';
import { policyRoots } from './policy-roots.js';
import { serviceAccountRoots } from './service-account-roots.js';
import { appRoots } from './app-roots.js';
import { withAuthorizedWrites } from './authorized-writes.js';
import { browseRoots } from './browse-roots.js';
import { coreRoots } from './core-roots.js';
import { EntityViews } from './entity-views.js';
import { answerAbsentAsDataHubDoes } from './absent-values.js';
import { propertyMutationRoots } from './property-mutations.js';
import { readSchemaSdl } from './schema-sdl.js';
import type { ResolverContext, RootResolverBuilder, RootResolvers } from './resolver-context.js';
import { SearchResolvers } from './search-resolvers.js';
import { savedViewRoots } from './saved-view-roots.js';
import { searchRoots } from './search-roots.js';
import { stepStateRoots } from './step-state-roots.js';
import { stewardMutationRoots } from './steward-mutations.js';
import { timelineRoots } from './timeline-roots.js';
import { DataHubGraphQLError } from './term-mutations.js';
import { LruMap } from '../../model/lru-map.js';
import { unresolvedMutation } from './unresolved-mutations.js';

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  403: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  500: 'SERVER_ERROR',
};

/** The areas of the API, each contributing root fields of Query and Mutation. */
const ROOT_RESOLVERS: readonly RootResolverBuilder[] = [
  coreRoots,
  searchRoots,
  browseRoots,
  appRoots,
  stewardMutationRoots,
  propertyMutationRoots,
  accessTokenRoots,
  ownershipTypeRoots,
  domainMutationRoots,
  roleRoots,
  applicationMutationRoots,
  incidentMutationRoots,
  assertionMutationRoots,
  analyticsRoots,
  stepStateRoots,
  savedViewRoots,
  timelineRoots,
  groupRoots,
  postRoots,
  policyRoots,
  serviceAccountRoots,
];

let schema: GraphQLSchema | undefined;
export function catalogSchema(): GraphQLSchema {
  schema ??= buildSchema(readSchemaSdl());
  return schema;
}

export interface GraphQLRequest {
  readonly query: string;
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
}

/** Reads `{query, variables?, operationName?}`; undefined when the body is not a GraphQL request (→ 400). */
export function parseGraphQLRequest(body: unknown): GraphQLRequest | undefined {
  if (!isJsonObject(body) || typeof body['query'] !== 'string') return undefined;
  const variables = body['variables'];
  const operationName = body['operationName'];
  return {
    query: body['query'],
    ...(isJsonObject(variables) ? { variables } : {}),
    ...(typeof operationName === 'string' ? { operationName } : {}),
  };
}

/**
 * Executes a GraphQL request. As DataHub's GraphQLController: the answer is the spec result plus
 * `"extensions": {}`, and resolver errors carry `extensions: {code, type}` (DataHubGraphQLError).
 */
export async function executeGraphQL(
  request: GraphQLRequest,
  service: CatalogService,
  actor: string,
): Promise<Record<string, unknown>> {
  // Every write a mutation makes is checked against what the user may do (authorized-writes.ts).
  const catalog = withAuthorizedWrites(service, actor);
  // Views and search refer to each other: a view's Container.entities is a search, a search result is a view.
  const views: EntityViews = new EntityViews(catalog, (request) => search.childSearch(request), actor);
  const search = new SearchResolvers(catalog, views.view);
  const context: ResolverContext = { service: catalog, views, search, actor };
  const rootValue: RootResolvers = Object.fromEntries(
    ROOT_RESOLVERS.flatMap((build) => Object.entries(build(context))),
  );
  const result = await run(request, rootValue, service);
  return {
    data: result.data ?? null,
    ...(result.errors === undefined ? {} : { errors: result.errors.map(formatError) }),
    extensions: {},
  };
}

type CheckedDocument = { readonly document: DocumentNode } | { readonly errors: readonly GraphQLError[] };

/** How many checked documents are kept, and the longest query text kept (a document is reused, not a payload). */
const CHECKED_DOCUMENTS = 128;
const LONGEST_KEPT_QUERY = 65_536;
const checkedDocuments = new LruMap<string, CheckedDocument>(CHECKED_DOCUMENTS);

/**
 * A query text parsed and validated against the schema, or why it is not a valid document. Clients send the same
 * few texts again and again with new variables (the tool's batches of aliased mutations, the web app's queries),
 * and validation walks the whole document against the schema (a quarter of the time of a request of 50
 * createGlossaryTerm): each text is checked once and kept, the most recently used ones first. Documents are never
 * changed by execution.
 */
function checkedDocument(schema: GraphQLSchema, query: string): CheckedDocument {
  const kept = checkedDocuments.get(query);
  if (kept !== undefined) return kept;
  let checked: CheckedDocument;
  try {
    const document = parse(query);
    const invalid = validate(schema, document);
    checked = invalid.length > 0 ? { errors: invalid } : { document };
  } catch (error) {
    checked = { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
  }
  if (query.length <= LONGEST_KEPT_QUERY) checkedDocuments.set(query, checked);
  return checked;
}

/**
 * Parses, validates and executes. The mutations of one request (a batch of aliased createGlossaryTerm, say) run
 * in one store transaction, each in a savepoint of its own: a failing mutation undoes only itself, as if it
 * had run alone, and the request's writes are committed once.
 */
async function run(
  request: GraphQLRequest,
  rootValue: object,
  service: CatalogService,
): Promise<ExecutionResult> {
  const schema = catalogSchema();
  const checked = checkedDocument(schema, request.query);
  if ('errors' in checked) return { errors: checked.errors };
  const { document } = checked;
  const operation = getOperationAST(document, request.operationName ?? null);
  if (operation !== null && operation !== undefined) {
    const overLimit = checkQueryLimits(schema, document, operation, request.variables, DATAHUB_QUERY_LIMITS);
    if (overLimit !== undefined) return { errors: [overLimit], data: null };
    if (operation.operation === OperationTypeNode.MUTATION) {
      const unresolved = unresolvedMutation(document, operation, (field) => field in rootValue);
      if (unresolved !== undefined) return { errors: [unresolved] };
    }
  }
  const args = {
    schema,
    document,
    rootValue,
    variableValues: request.variables ?? null,
    operationName: request.operationName ?? null,
    fieldResolver: answerAbsentAsDataHubDoes,
  };
  return operation?.operation === OperationTypeNode.MUTATION
    ? service.transaction(() => executeSync(args))
    : await execute(args);
}

function formatError(error: GraphQLError): Record<string, unknown> {
  const json: Record<string, unknown> = { ...error.toJSON() };
  const original = error.originalError;
  if (original instanceof DataHubGraphQLError) {
    return {
      ...json,
      message: original.message,
      extensions: { code: original.code, type: ERROR_TYPES[original.code] },
    };
  }
  return json;
}
