/**
 * DataHub's limits on a GraphQL query, counted exactly as GMS counts them.
 *
 * GMS (DataHub v1.7.0, datahub-graphql-core GraphQLEngine.java) installs graphql-java's
 * MaxQueryDepthInstrumentation(depthLimit) and then MaxQueryComplexityInstrumentation(complexityLimit,
 * new DataHubFieldComplexityCalculator()); metadata-service/configuration application.yaml sets
 * graphQL.query.complexityLimit ${GRAPHQL_QUERY_COMPLEXITY_LIMIT:2000} and depthLimit ${GRAPHQL_QUERY_DEPTH_LIMIT:50}.
 * What follows is graphql-java 22.3 (tag v22.3, commit d6dbf6156e8a90a1420a7cee957de0b22100d47f), read in
 * src/main/java/graphql/analysis/{MaxQueryDepthInstrumentation, MaxQueryComplexityInstrumentation,
 * QueryComplexityCalculator, QueryTraverser, NodeVisitorWithTypeTracking}.java and
 * src/main/java/graphql/util/{Traverser, TraverserState, DefaultTraverserContext}.java:
 *
 * - Both limits walk the operation with QueryTraverser: a depth-first walk of the AST in document order in which a
 *   fragment spread's only child is its FragmentDefinition node. Traverser keeps one `visited` set of AST nodes
 *   (by identity: graphql-java's nodes do not override equals) per walk, and a node met again is a BACKREF whose
 *   children are not pushed. So each named fragment is expanded once per operation, at its first spread; every
 *   later spread of it, anywhere, adds nothing (graphql-java issue #1695). Inline fragments are expanded in place.
 * - @skip/@include are evaluated (on fields, inline fragments, spreads and fragment definitions); a skipped node
 *   and everything below it is not visited. Type conditions are not evaluated: every fragment is followed.
 * - Depth: the largest nesting level of any visited field (root fields are at 1; fragments add no level),
 *   `__typename` included.
 * - Complexity: post-order, each visited field gets calculate(env, sum of its children's values); `__typename` is
 *   0 without asking the calculator; the total is the sum over the root fields. DataHubFieldComplexityCalculator:
 *   1 + children, plus, when the field's coerced arguments have `input`: if it is an input object whose `count` is
 *   > 1 and the field's own selection set has a field named `searchResults` whose selection set has a field named
 *   `entity` whose selection set directly spreads `...searchResultFields`, 2 * count; if it is a list, its size.
 *   The arguments are ValuesResolver.getArgumentValues over the coerced variables: defaults of arguments and of
 *   input-object fields filled in, absent variables leaving their field absent.
 * - Depth is checked first (its instrumentation comes first in GMS's chain). Over a limit, graphql-java throws
 *   AbortExecutionException("maximum query depth exceeded D > L" / "maximum query complexity exceeded C > L");
 *   GraphQL.execute turns it into a result whose only error has no locations or path and
 *   extensions.classification "ExecutionAborted", TracingInstrumentation re-wraps it with data present (null), and
 *   GraphQLController drops `tracing` and answers HTTP 200 with
 *   {"errors":[{"message":…,"extensions":{"classification":"ExecutionAborted"}}],"data":null,"extensions":{}}.
 * - Variables are coerced before the instrumentation runs: a request whose variables do not coerce fails on them
 *   and is never measured.
 *
 * Because a fragment counts once, GMS lets through a small document that fans out (each fragment spread twice
 * under two aliases, a few dozen levels deep) and asks for billions of fields. GMS has no answer for it but to
 * grind; the embedded catalog refuses it instead, with a limit of its own on the fields the operation asks for
 * once every fragment is expanded (`expandedFields`, reported with its own message). That guard is not DataHub's.
 */
import {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getVariableValues,
  GraphQLError,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export const DEFAULT_COMPLEXITY_LIMIT = 2000;
export const DEFAULT_DEPTH_LIMIT = 50;
/**
 * The embedded catalog's own guard (see above). DataHub's web app (v1.7.0) asks for at most about 394,000 expanded
 * fields (getEntityLineage: fragments on every entity type are expanded, though one type applies per entity); a
 * fan-out document reaches billions.
 */
export const DEFAULT_EXPANDED_FIELDS_LIMIT = 5_000_000;

export interface QueryLimits {
  readonly complexity: number;
  readonly depth: number;
  /** Fields with every fragment expanded at every spread; not a DataHub limit. */
  readonly expandedFields: number;
}

export const DATAHUB_QUERY_LIMITS: QueryLimits = {
  complexity: DEFAULT_COMPLEXITY_LIMIT,
  depth: DEFAULT_DEPTH_LIMIT,
  expandedFields: DEFAULT_EXPANDED_FIELDS_LIMIT,
};

export interface QueryMeasure {
  /** As MaxQueryComplexityInstrumentation with DataHubFieldComplexityCalculator counts it. */
  readonly complexity: number;
  /** As MaxQueryDepthInstrumentation counts it. */
  readonly depth: number;
  /** Every fragment expanded at every spread (may be Infinity-large for hostile documents; never enumerated). */
  readonly expandedFields: number;
}

type Variables = Readonly<Record<string, unknown>>;

/**
 * The complexity and depth GMS would compute for `operation` (validated against `schema`), with the request's raw
 * `variableValues`. Variables that do not coerce are measured as absent (GMS would refuse the request on them).
 */
export function measureQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variableValues: Variables | null | undefined,
): QueryMeasure {
  const coerced = coerceVariables(schema, operation, variableValues);
  return measure(schema, document, operation, coerced ?? {});
}

/**
 * The error GMS answers for an operation over a limit (depth first, then complexity), then the embedded
 * catalog's guard on expanded fields; undefined when within them, or when the variables do not coerce (execution
 * reports that, as GMS does before measuring).
 */
export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variableValues: Variables | null | undefined,
  limits: QueryLimits,
): GraphQLError | undefined {
  const coerced = coerceVariables(schema, operation, variableValues);
  if (coerced === undefined) return undefined;
  const { complexity, depth, expandedFields } = measure(schema, document, operation, coerced);
  if (depth > limits.depth) return aborted(`maximum query depth exceeded ${depth} > ${limits.depth}`);
  if (complexity > limits.complexity)
    return aborted(`maximum query complexity exceeded ${complexity} > ${limits.complexity}`);
  if (expandedFields > limits.expandedFields) {
    return aborted(
      `query too large: it asks for more than ${limits.expandedFields} fields once its fragments are expanded`,
    );
  }
  return undefined;
}

/** As AbortExecutionException.toExecutionResult: no locations, no path, classification ExecutionAborted. */
function aborted(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { classification: 'ExecutionAborted' } });
}

function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variableValues: Variables | null | undefined,
): Variables | undefined {
  const result = getVariableValues(schema, operation.variableDefinitions ?? [], variableValues ?? {});
  return result.coerced;
}

function measure(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Variables,
): QueryMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    // graphql-java's NodeUtil.getOperation keeps the last definition of a name; validation allows only one.
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  // QueryTraverser starts from the operation's root type (validation has checked that the schema has it).
  const rootType = schema.getRootType(operation.operation) ?? undefined;
  const walk = new GmsWalk(schema, fragments, variables);
  const complexity = walk.selectionSet(operation.selectionSet, rootType, 1);
  const expanded = new ExpandedCount(fragments, variables);
  return {
    complexity,
    depth: walk.maxDepth,
    expandedFields: expanded.selectionSet(operation.selectionSet),
  };
}

/**
 * QueryTraverser's walk with both reducers at once: the depth and complexity walks of GMS visit the same nodes
 * (each has its own `visited` set, filled in the same order).
 */
class GmsWalk {
  maxDepth = 0;
  /** Fragment definitions entered so far: a later spread of one is a back-reference and adds nothing. */
  private readonly visited = new Set<FragmentDefinitionNode>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly variables: Variables,
  ) {}

  /** The sum of the values of the fields under `set`: what they add to the enclosing field's childComplexity. */
  selectionSet(set: SelectionSetNode, parentType: GraphQLCompositeType | undefined, level: number): number {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) total += this.field(selection, parentType, level);
      else if (selection.kind === Kind.INLINE_FRAGMENT)
        total += this.inlineFragment(selection, parentType, level);
      else total += this.fragmentSpread(selection, level);
    }
    return total;
  }

  private field(node: FieldNode, parentType: GraphQLCompositeType | undefined, level: number): number {
    if (!included(node, this.variables)) return 0;
    this.maxDepth = Math.max(this.maxDepth, level);
    // QueryComplexityCalculator gives __typename 0 without calling the calculator; it has no children.
    if (node.name.value === '__typename') return 0;
    const definition = fieldDefinition(this.schema, parentType, node.name.value);
    const childType = definition === undefined ? undefined : getNamedType(definition.type);
    const children =
      node.selectionSet === undefined
        ? 0
        : this.selectionSet(node.selectionSet, isCompositeType(childType) ? childType : undefined, level + 1);
    const args = definition === undefined ? {} : argumentValues(definition, node, this.variables);
    return 1 + dataHubExtra(args, node) + children;
  }

  private inlineFragment(
    node: InlineFragmentNode,
    parentType: GraphQLCompositeType | undefined,
    level: number,
  ): number {
    if (!included(node, this.variables)) return 0;
    const type =
      node.typeCondition === undefined
        ? parentType
        : compositeType(this.schema, node.typeCondition.name.value);
    return this.selectionSet(node.selectionSet, type, level);
  }

  private fragmentSpread(node: FragmentSpreadNode, level: number): number {
    if (!included(node, this.variables)) return 0;
    const fragment = this.fragments.get(node.name.value);
    if (fragment === undefined || !included(fragment, this.variables)) return 0;
    if (this.visited.has(fragment)) return 0;
    this.visited.add(fragment);
    return this.selectionSet(
      fragment.selectionSet,
      compositeType(this.schema, fragment.typeCondition.name.value),
      level,
    );
  }
}

/**
 * Fields with every spread expanded, memoized per fragment so a fan-out document is counted in linear time. The
 * count of a fragment does not depend on where it is spread (directives read only the request's variables).
 */
class ExpandedCount {
  private readonly sizes = new Map<FragmentDefinitionNode, number>();
  /** Guards against a fragment cycle in a document that skipped validation. */
  private readonly open = new Set<FragmentDefinitionNode>();

  constructor(
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly variables: Variables,
  ) {}

  selectionSet(set: SelectionSetNode): number {
    let total = 0;
    for (const selection of set.selections) {
      if (!included(selection, this.variables)) continue;
      if (selection.kind === Kind.FIELD) {
        total += 1 + (selection.selectionSet === undefined ? 0 : this.selectionSet(selection.selectionSet));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += this.selectionSet(selection.selectionSet);
      } else {
        const fragment = this.fragments.get(selection.name.value);
        if (fragment === undefined || !included(fragment, this.variables) || this.open.has(fragment))
          continue;
        let size = this.sizes.get(fragment);
        if (size === undefined) {
          this.open.add(fragment);
          size = this.selectionSet(fragment.selectionSet);
          this.open.delete(fragment);
          this.sizes.set(fragment, size);
        }
        total += size;
      }
    }
    return total;
  }
}

/**
 * DataHubFieldComplexityCalculator's addition to 1 + childComplexity. Its Java casts `input.count` to Integer:
 * an explicit null count throws there (GMS answers a server error); it adds nothing here.
 */
function dataHubExtra(args: Readonly<Record<string, unknown>>, node: FieldNode): number {
  if (!Object.hasOwn(args, 'input')) return 0;
  const input = args['input'];
  if (Array.isArray(input)) return input.length;
  if (typeof input !== 'object' || input === null) return 0;
  const count: unknown = 'count' in input ? input.count : undefined;
  if (typeof count !== 'number' || count <= 1) return 0;
  return spreadsSearchResultFields(node) ? 2 * count : 0;
}

/** `field { searchResults { entity { ...searchResultFields } } }`, by field names and direct selections only. */
function spreadsSearchResultFields(node: FieldNode): boolean {
  const childFields = (set: SelectionSetNode | undefined, name: string): FieldNode[] =>
    (set?.selections ?? []).filter(
      (selection): selection is FieldNode => selection.kind === Kind.FIELD && selection.name.value === name,
    );
  return childFields(node.selectionSet, 'searchResults')
    .flatMap((results) => childFields(results.selectionSet, 'entity'))
    .some((entity) =>
      entity.selectionSet?.selections.some(
        (selection) =>
          selection.kind === Kind.FRAGMENT_SPREAD && selection.name.value === 'searchResultFields',
      ),
    );
}

/** ConditionalNodes.shouldInclude: @skip(if: true) or @include(if: false) leaves the node out. */
function included(
  node: FieldNode | InlineFragmentNode | FragmentSpreadNode | FragmentDefinitionNode,
  variables: Variables,
): boolean {
  if (node.directives === undefined || node.directives.length === 0) return true;
  try {
    const skip = getDirectiveValues(GraphQLSkipDirective, node, variables);
    if (skip?.['if'] === true) return false;
    const include = getDirectiveValues(GraphQLIncludeDirective, node, variables);
    return include?.['if'] !== false;
  } catch {
    // Only measureQuery with variables that did not coerce gets here (GMS never measures such a request).
    return true;
  }
}

/** Introspection.getFieldDef: __schema and __type on the query type, else the type's own field. */
function fieldDefinition(
  schema: GraphQLSchema,
  parentType: GraphQLCompositeType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (parentType !== undefined && parentType === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  }
  if (isObjectType(parentType) || isInterfaceType(parentType)) return parentType.getFields()[name];
  return undefined;
}

function compositeType(schema: GraphQLSchema, name: string): GraphQLCompositeType | undefined {
  const type = schema.getType(name);
  return isCompositeType(type) ? type : undefined;
}

/** ValuesResolver.getArgumentValues; a value that does not coerce (validation lets none through) counts as absent. */
function argumentValues(
  definition: GraphQLField<unknown, unknown>,
  node: FieldNode,
  variables: Variables,
): Readonly<Record<string, unknown>> {
  try {
    return getArgumentValues(definition, node, variables);
  } catch {
    return {};
  }
}
