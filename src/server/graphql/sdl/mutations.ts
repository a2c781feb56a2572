/** Inputs of the glossary mutations (datahub-graphql-core entity.graphql). */
export const MUTATION_INPUTS_SDL = /* GraphQL */ `
  input CreateGlossaryEntityInput {
    id: String
    name: String!
    description: String
    parentNode: String
  }

  input TermAssociationInput {
    termUrn: String!
    resourceUrn: String!
    subResourceType: SubResourceType
    subResource: String
  }

  input AddTermsInput {
    termUrns: [String!]!
    resourceUrn: String!
    subResourceType: SubResourceType
    subResource: String
  }

  input ResourceRefInput {
    resourceUrn: String!
    subResourceType: SubResourceType
    subResource: String
  }

  input BatchAddTermsInput {
    termUrns: [String!]!
    resources: [ResourceRefInput]!
  }

  input BatchRemoveTermsInput {
    termUrns: [String!]!
    resources: [ResourceRefInput]!
  }
`;
