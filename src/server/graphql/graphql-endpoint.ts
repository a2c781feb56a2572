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
import { ServiceError } from '../catalog-service.js';
import { EntityViews } from './entity-views.js';
import { aspectHistory, type AspectHistoryInput } from './history-resolver.js';
import { answerAbsentAsDataHubDoes } from './absent-values.js';
import { readSchemaSdl } from './schema-sdl.js';
import {
  SearchResolvers,
  type AutoCompleteInput,
  type SearchAcrossEntitiesInput,
  type SearchInput,
} from './search-resolvers.js';
import { DataHubGraphQLError, TermMutations, type ResourceRef } from './term-mutations.js';

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  403: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  500: 'SERVER_ERROR',
};

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
  const views = new EntityViews(service);
  const search = new SearchResolvers(service, views);
  views.childSearchResolver = (request) => search.childSearch(request);
  const mutations = new TermMutations(service, actor);
  const byType = (entityType: string) => (args: { urn: string }) =>
    guard(() => views.entity(args.urn, entityType));
  const rootValue = {
    dataset: byType('dataset'),
    mlFeature: byType('mlFeature'),
    mlFeatureTable: byType('mlFeatureTable'),
    mlModel: byType('mlModel'),
    mlModelGroup: byType('mlModelGroup'),
    mlPrimaryKey: byType('mlPrimaryKey'),
    glossaryTerm: byType('glossaryTerm'),
    glossaryNode: byType('glossaryNode'),
    tag: byType('tag'),
    corpUser: byType('corpuser'),
    corpGroup: byType('corpGroup'),
    dataPlatform: byType('dataPlatform'),
    container: byType('container'),
    domain: byType('domain'),
    entity: (args: { urn: string }) => guard(() => views.entity(args.urn)),
    entities: (args: { urns: string[] }) => guard(() => args.urns.map((urn) => views.entity(urn))),
    entityExists: (args: { urn: string }) => guard(() => service.exists(args.urn)),
    search: (args: { input: SearchInput }) => guard(() => search.search(args.input)),
    searchAcrossEntities: (args: { input: SearchAcrossEntitiesInput }) =>
      guard(() => search.searchAcrossEntities(args.input)),
    autoComplete: (args: { input: AutoCompleteInput }) => guard(() => search.autoComplete(args.input)),
    autoCompleteForMultiple: (args: { input: AutoCompleteInput }) =>
      guard(() => search.autoCompleteForMultiple(args.input)),
    getRootGlossaryTerms: (args: { input: { start: number; count: number } }) =>
      guard(() => search.rootGlossaryEntities('glossaryTerm', args.input)),
    getRootGlossaryNodes: (args: { input: { start: number; count: number } }) =>
      guard(() => search.rootGlossaryEntities('glossaryNode', args.input)),
    aspectHistory: (args: { input: AspectHistoryInput }) => guard(() => aspectHistory(service, args.input)),
    createGlossaryTerm: (args: { input: Parameters<TermMutations['createGlossaryTerm']>[0] }) =>
      guard(() => mutations.createGlossaryTerm(args.input)),
    addTerms: (args: { input: ResourceRef & { termUrns: string[] } }) =>
      guard(() => mutations.addTerms(args.input.termUrns, args.input)),
    addTerm: (args: { input: ResourceRef & { termUrn: string } }) =>
      guard(() => mutations.addTerms([args.input.termUrn], args.input)),
    removeTerm: (args: { input: ResourceRef & { termUrn: string } }) =>
      guard(() => mutations.removeTerms([args.input.termUrn], [args.input])),
    batchAddTerms: (args: { input: { termUrns: string[]; resources: (ResourceRef | null)[] } }) =>
      guard(() => mutations.batchAddTerms(args.input.termUrns, present(args.input.resources))),
    batchRemoveTerms: (args: { input: { termUrns: string[]; resources: (ResourceRef | null)[] } }) =>
      guard(() => mutations.removeTerms(args.input.termUrns, present(args.input.resources))),
  };
  const result = await run(request, rootValue, service);
  return {
    data: result.data ?? null,
    ...(result.errors === undefined ? {} : { errors: result.errors.map(formatError) }),
    extensions: {},
  };
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
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    return { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { errors: invalid };
  const operation = getOperationAST(document, request.operationName ?? null);
  if (operation !== null && operation !== undefined) {
    const overLimit = checkQueryLimits(document, operation, DATAHUB_QUERY_LIMITS);
    if (overLimit !== undefined) return { errors: [overLimit], data: null };
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

/** Maps failures to DataHub's error classes: bad input is a 400 with its message, the rest a 500. */
function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof DataHubGraphQLError) throw error;
    if (error instanceof ServiceError && error.status < 500)
      throw new DataHubGraphQLError(400, error.message);
    throw new DataHubGraphQLError(500, 'An unknown error occurred.');
  }
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

function present<T>(items: readonly (T | null)[]): T[] {
  return items.filter((item): item is T => item !== null);
}
