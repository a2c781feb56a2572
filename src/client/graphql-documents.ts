/**
 * The GraphQL mutations apply sends: createGlossaryTerm and batchRemoveTerms. The compatibility matrix
 * (test/compat/datahub-versions.test.ts) validates each shape against every supported DataHub release's schema,
 * from the sample requests in test/compat/client-graphql-documents.ts: a new document needs its samples there, or
 * the matrix cannot see it.
 *
 * Many mutations go out as aliases of one document (a round trip costs more than the bytes): alias i answers
 * for input i, and an error's `path[0]` names the alias it belongs to.
 */
import type { JsonObject } from '../model/json.js';
import type { GraphQLRequest } from './graphql-request.js';

/** createGlossaryTerm's input (CreateGlossaryEntityInput). */
export interface CreateGlossaryTermInput {
  /** The id as it appears in the URN (urn:li:glossaryTerm:<id>). */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The glossary node the term is created in. */
  readonly parentNode?: string;
}

/** batchRemoveTerms' input (BatchRemoveTermsInput): the same terms removed from every resource. */
export interface BatchRemoveTermsInput {
  readonly termUrns: readonly string[];
  readonly resourceUrns: readonly string[];
}

export const createTermAlias = (index: number): string => `t${index}`;
export const removeTermsAlias = (index: number): string => `r${index}`;

/** One createGlossaryTerm per input, as aliases t0…tN of one mutation; each answers the term's URN. */
export function createGlossaryTermsRequest(inputs: readonly CreateGlossaryTermInput[]): GraphQLRequest {
  return aliasedMutation(
    'createTerms',
    'createGlossaryTerm',
    'CreateGlossaryEntityInput',
    createTermAlias,
    inputs.map((input) => ({
      id: input.id,
      name: input.name,
      description: input.description,
      ...(input.parentNode === undefined ? {} : { parentNode: input.parentNode }),
    })),
  );
}

/** One batchRemoveTerms per input, as aliases r0…rN of one mutation; each answers true. */
export function batchRemoveTermsRequest(inputs: readonly BatchRemoveTermsInput[]): GraphQLRequest {
  return aliasedMutation(
    'removeTerms',
    'batchRemoveTerms',
    'BatchRemoveTermsInput',
    removeTermsAlias,
    inputs.map((input) => ({
      termUrns: [...input.termUrns],
      resources: input.resourceUrns.map((resourceUrn) => ({ resourceUrn })),
    })),
  );
}

function aliasedMutation(
  operation: string,
  field: string,
  inputType: string,
  alias: (index: number) => string,
  inputs: readonly JsonObject[],
): GraphQLRequest {
  if (inputs.length === 0) throw new Error(`assertion: ${field} request without inputs`);
  const declarations = inputs.map((_, index) => `$input${index}: ${inputType}!`).join(', ');
  const fields = inputs.map((_, index) => `${alias(index)}: ${field}(input: $input${index})`).join('\n  ');
  const variables: Record<string, JsonObject> = {};
  inputs.forEach((input, index) => {
    variables[`input${index}`] = input;
  });
  return { query: `mutation ${operation}(${declarations}) {\n  ${fields}\n}`, variables, what: field };
}
