/**
 * The depth and complexity GMS would count for a recorded operation, by the server's own implementation of
 * graphql-java 22.3's instrumentations with DataHub's field complexity calculator (src/server/graphql/query-limits.ts).
 */
import { getOperationAST, parse } from 'graphql';
import { catalogSchema } from '../../src/server/graphql/graphql-endpoint.js';
import { measureQuery } from '../../src/server/graphql/query-limits.js';

export interface OperationLimits {
  readonly depth: number;
  readonly complexity: number;
}

export function measureOperation(
  query: string,
  operationName: string | null,
  variables: Readonly<Record<string, unknown>>,
): OperationLimits {
  const document = parse(query);
  const operation = getOperationAST(document, operationName);
  if (operation === null || operation === undefined) {
    throw new Error(`no operation ${operationName ?? '(anonymous)'} in the document`);
  }
  const { depth, complexity } = measureQuery(catalogSchema(), document, operation, variables);
  return { depth, complexity };
}
