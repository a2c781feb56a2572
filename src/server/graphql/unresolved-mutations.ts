/**
 * Mutations of DataHub's schema that the catalog does not perform. Answering them through the default field
 * resolver would make up a result (null, or an object of empty fields) and let the app believe the write was
 * done; instead the request is refused before anything runs, with the error GMS gives for a field it does not
 * have (graphql-java's validation error: `Validation error (FieldUndefined@[name]) : Field 'name' in type
 * 'Mutation' is undefined`, classification ValidationError).
 */
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** The validation error of the first root field of a mutation that has no resolver, if any. */
export function unresolvedMutation(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  isResolved: (field: string) => boolean,
): GraphQLError | undefined {
  const field = rootFields(document, operation.selectionSet, new Set()).find(
    (node) => node.name.value !== '__typename' && !isResolved(node.name.value),
  );
  if (field === undefined) return undefined;
  const name = field.name.value;
  return new GraphQLError(
    `Validation error (FieldUndefined@[${name}]) : Field '${name}' in type 'Mutation' is undefined`,
    { nodes: [field], extensions: { classification: 'ValidationError' } },
  );
}

/** The fields of a selection set, through inline fragments and fragment spreads (each fragment once). */
function rootFields(document: DocumentNode, selectionSet: SelectionSetNode, seen: Set<string>): FieldNode[] {
  return selectionSet.selections.flatMap((selection): FieldNode[] => {
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(document, selection.selectionSet, seen);
    const name = selection.name.value;
    if (seen.has(name)) return [];
    seen.add(name);
    const fragment = document.definitions.find(
      (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === name,
    );
    return fragment?.kind === Kind.FRAGMENT_DEFINITION
      ? rootFields(document, fragment.selectionSet, seen)
      : [];
  });
}
