/**
 * Every GraphQL document the client sends, built in one place: apply sends them, and the compatibility matrix
 * (test/compat/datahub-versions.test.ts) validates each shape against every supported DataHub release's schema.
 * A new document belongs here, in CLIENT_GRAPHQL_DOCUMENTS, or the matrix cannot see it.
 *
 * Many mutations go out as aliases of one document (a round trip costs more than the bytes): alias i answers
 * for input i, and an error's `path[0]` names the alias it belongs to.
 */
import type { JsonObject } from '../model/json.js';
import { dependencyGraphRequest } from './read-dependency-graph.js';
import { incomingEdgesRequest } from './read-incoming-edges.js';

export interface GraphQLRequest {
  readonly query: string;
  readonly variables: JsonObject;
  /** The root field the request calls, for messages ("createGlossaryTerm failed: …"). */
  readonly what: string;
}

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

/**
 * The documents the client can send, each with representative requests (one alias, several aliases, every
 * optional input field used): what the compatibility matrix validates against each release.
 */
export const CLIENT_GRAPHQL_DOCUMENTS: readonly {
  readonly name: string;
  readonly examples: readonly GraphQLRequest[];
}[] = [
  {
    name: 'createGlossaryTerm',
    examples: [
      createGlossaryTermsRequest([{ id: 'Classification.Sensitive', name: 'Sensitive', description: '' }]),
      createGlossaryTermsRequest([
        {
          id: 'Classification.Sensitive',
          name: 'Sensitive',
          description: 'Sensitive data.',
          parentNode: 'urn:li:glossaryNode:Classification',
        },
        { id: 'Pii', name: 'PII', description: 'Personal data.' },
        {
          id: 'Finance.Revenue',
          name: 'Revenue',
          description: '',
          parentNode: 'urn:li:glossaryNode:Finance',
        },
      ]),
    ],
  },
  {
    name: 'batchRemoveTerms',
    examples: [
      batchRemoveTermsRequest([
        {
          termUrns: ['urn:li:glossaryTerm:Pii'],
          resourceUrns: ['urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)'],
        },
      ]),
      batchRemoveTermsRequest([
        {
          termUrns: ['urn:li:glossaryTerm:Pii', 'urn:li:glossaryTerm:Classification.Sensitive'],
          resourceUrns: [
            'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)',
            'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
          ],
        },
        {
          termUrns: ['urn:li:glossaryTerm:Finance.Revenue'],
          resourceUrns: ['urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)'],
        },
      ]),
    ],
  },
  {
    // The impact walk of a plan (read-dependency-graph.ts): every entity type it reads, with and without the
    // upstream neighbours the picture needs.
    name: 'readDependencyGraph',
    examples: [
      dependencyGraphRequest(
        [
          'urn:li:mlFeature:(users,age)',
          'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)',
          'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)',
          'urn:li:glossaryTerm:Pii',
        ],
        { limitPerNode: 100, neighbours: true },
      ),
      dependencyGraphRequest(['urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)'], {
        limitPerNode: 1,
        neighbours: false,
      }),
    ],
  },
  {
    // What names a renamed entity's old URN (read-incoming-edges.ts), for the plan's notes on others' edges.
    name: 'readIncomingEdges',
    examples: [
      incomingEdgesRequest(
        ['urn:li:glossaryTerm:Pii', 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)'],
        1000,
      ),
    ],
  },
];
