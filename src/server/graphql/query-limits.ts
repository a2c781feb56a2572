/**
 * DataHub's limits on a GraphQL query (GMS application.yaml graphQL.query: complexityLimit
 * ${GRAPHQL_QUERY_COMPLEXITY_LIMIT:2000}, depthLimit ${GRAPHQL_QUERY_DEPTH_LIMIT:50}), enforced like graphql-java's
 * MaxQueryComplexityInstrumentation and MaxQueryDepthInstrumentation which GMS installs: every field (each alias
 * on its own, fragments expanded) costs 1, a root field is at depth 1, and a query over either limit is aborted
 * before anything runs, with graphql-java's messages.
 */
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export const DEFAULT_COMPLEXITY_LIMIT = 2000;
export const DEFAULT_DEPTH_LIMIT = 50;

export interface QueryLimits {
  readonly complexity: number;
  readonly depth: number;
}

export const DATAHUB_QUERY_LIMITS: QueryLimits = {
  complexity: DEFAULT_COMPLEXITY_LIMIT,
  depth: DEFAULT_DEPTH_LIMIT,
};

/** The complexity and depth of the operation that would run; fragment cycles are already refused by validation. */
export function measureQuery(
  document: DocumentNode,
  operation: OperationDefinitionNode,
): { complexity: number; depth: number } {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  let complexity = 0;
  let maxDepth = 0;
  const walk = (selectionSet: SelectionSetNode, depth: number, seen: ReadonlySet<string>): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        complexity += 1;
        maxDepth = Math.max(maxDepth, depth);
        if (selection.selectionSet !== undefined) walk(selection.selectionSet, depth + 1, seen);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth, seen);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment === undefined || seen.has(fragment.name.value)) continue;
        walk(fragment.selectionSet, depth, new Set([...seen, fragment.name.value]));
      }
      // A pathological document (fragments spread many times) is stopped as soon as it is over any sane limit.
      if (complexity > 1_000_000) return;
    }
  };
  walk(operation.selectionSet, 1, new Set());
  return { complexity, depth: maxDepth };
}

/** The error graphql-java returns for a query over a limit, or undefined when it is within them. */
export function checkQueryLimits(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  limits: QueryLimits,
): GraphQLError | undefined {
  const { complexity, depth } = measureQuery(document, operation);
  if (depth > limits.depth) return aborted(`maximum query depth exceeded ${depth} > ${limits.depth}`);
  if (complexity > limits.complexity)
    return aborted(`maximum query complexity exceeded ${complexity} > ${limits.complexity}`);
  return undefined;
}

function aborted(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { classification: 'ExecutionAborted' } });
}
