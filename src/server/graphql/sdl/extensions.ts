/**
 * What the embedded catalog serves beyond DataHub's schema, named so that they cannot be taken for DataHub's:
 * - GenericEntity: entities of registered types that have no GraphQL type of their own here (DataHub has types
 *   for them, with fields this catalog does not model); `aspects` shows their stored aspects.
 * - aspectHistory: every stored version of an entity's aspects, who wrote it and when, and what changed from
 *   the version before (DataHub keeps the same rows in metadata_aspect_v2 and serves old versions through
 *   `GET /aspects/<urn>?aspect=&version=N`).
 */
export const EXTENSIONS_SDL = /* GraphQL */ `
  type GenericEntity implements Entity {
    urn: String!
    type: EntityType!
    "The name search shows for it: its info or properties aspect's name, else its key."
    name: String!
    relationships(input: RelationshipsInput!): EntityRelationshipsResult
    exists: Boolean
    aspects(input: AspectParams): [RawAspect!]
  }

  input AspectHistoryInput {
    urn: String!
    "One aspect; all of the entity's aspects when absent."
    aspect: String
    start: Int
    count: Int
  }

  type AspectHistoryResult {
    urn: String!
    start: Int!
    count: Int!
    total: Int!
    versions: [AspectVersion!]!
  }

  type AspectVersion {
    aspectName: String!
    "0 is the latest value; older values are 1 (oldest) to N, as in GET /aspects/<urn>?aspect=&version=N."
    version: Long!
    "systemMetadata.version: the change counter that If-Version-Match compares."
    revision: String
    "When the version was written (epoch milliseconds) and by whom."
    createdOn: Long!
    createdBy: String!
    "The aspect value as JSON."
    payload: String!
    "systemMetadata as JSON (runId, properties such as the tool that wrote it)."
    systemMetadata: String
    "What changed from the version before it; empty for the first version."
    changes: [AspectFieldChange!]!
  }

  type AspectFieldChange {
    "Path of the changed value, e.g. description or mlFeatures[2]."
    path: String!
    "Old and new values as JSON; absent where the value did not exist."
    before: String
    after: String
  }
`;
