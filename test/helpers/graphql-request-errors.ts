import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildASTSchema, getOperationAST, getVariableValues, parse, validate } from 'graphql';
import type { GraphQLSchema } from 'graphql';

/**
 * What a GraphQL server with this schema would refuse in a request the client sends: validation errors of the
 * document and of its variables (as DataHub's GMS checks both before running anything). Empty: accepted.
 */
export function requestErrors(
  schema: GraphQLSchema,
  request: { readonly query: string; readonly variables?: Readonly<Record<string, unknown>> },
): string[] {
  const document = parse(request.query);
  const errors = validate(schema, document).map((error) => error.message);
  const operation = getOperationAST(document);
  if (!operation) return [...errors, 'no operation'];
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
  return [...errors, ...(coerced.errors ?? []).map((error) => error.message)];
}

/** The GraphQL schema of one release of the compatibility matrix (test/fixtures/datahub-releases/<tag>). */
export function releaseSchema(tag: string): GraphQLSchema {
  const file = path.join('test/fixtures/datahub-releases', tag, 'schema.graphql.gz');
  return buildASTSchema(parse(gunzipSync(readFileSync(file)).toString('utf8')));
}
