/**
 * Sample requests of every GraphQL document the client sends (one alias, several aliases, every optional input
 * field used): what the compatibility matrix (datahub-versions.test.ts) validates against each release's schema,
 * beside the documents a real run sends. A document the client learns to send needs its samples here.
 */
import { batchRemoveTermsRequest, createGlossaryTermsRequest } from '../../src/client/graphql-documents.js';
import type { GraphQLRequest } from '../../src/client/graphql-request.js';
import { dependencyGraphRequest } from '../../src/client/read-dependency-graph.js';
import { incomingEdgesRequest } from '../../src/client/read-incoming-edges.js';

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
