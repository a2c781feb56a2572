/** DataHub's search API (datahub-graphql-core search.graphql): search, searchAcrossEntities and autocomplete. */
export const SEARCH_SDL = /* GraphQL */ `
  input SearchInput {
    type: EntityType!
    query: String!
    start: Int
    count: Int
    filters: [FacetFilterInput!] @deprecated(reason: "Use \`orFilters\`- they are more expressive")
    orFilters: [AndFilterInput!]
    searchFlags: SearchFlags
  }

  input SearchFlags {
    skipCache: Boolean
    maxAggValues: Int
    fulltext: Boolean
    skipHighlighting: Boolean
    skipAggregates: Boolean
    getSuggestions: Boolean
    includeSoftDeleted: Boolean
    includeRestricted: Boolean
  }

  input SearchAcrossEntitiesInput {
    types: [EntityType!]
    query: String!
    start: Int
    count: Int
    filters: [FacetFilterInput!] @deprecated(reason: "Use \`orFilters\`- they are more expressive")
    orFilters: [AndFilterInput!]
    viewUrn: String
    searchFlags: SearchFlags
    sortInput: SearchSortInput
  }

  input AndFilterInput {
    and: [FacetFilterInput!]
  }

  input FacetFilterInput {
    field: String!
    value: String @deprecated(reason: "Prefer \`values\` for single elements")
    values: [String!]
    negated: Boolean
    condition: FilterOperator
  }

  enum FilterOperator {
    CONTAIN
    EQUAL
    IEQUAL
    IN
    EXISTS
    GREATER_THAN
    GREATER_THAN_OR_EQUAL_TO
    LESS_THAN
    LESS_THAN_OR_EQUAL_TO
    START_WITH
    END_WITH
    DESCENDANTS_INCL
    ANCESTORS_INCL
    RELATED_INCL
  }

  input SearchSortInput {
    sortCriterion: SortCriterion @deprecated(reason: "Use sortCriteria instead")
    sortCriteria: [SortCriterion!]
  }

  enum SortOrder {
    ASCENDING
    DESCENDING
  }

  input SortCriterion {
    field: String!
    sortOrder: SortOrder!
  }

  type SearchResults {
    start: Int!
    count: Int!
    total: Int!
    searchResults: [SearchResult!]!
    facets: [FacetMetadata!]
    suggestions: [SearchSuggestion!]
  }

  type ExtraProperty {
    name: String!
    value: String!
  }

  type SearchResult {
    entity: Entity!
    insights: [SearchInsight!]
    matchedFields: [MatchedField!]!
    extraProperties: [ExtraProperty!]
  }

  type MatchedField {
    name: String!
    value: String!
    entity: Entity
  }

  type SearchInsight {
    text: String!
    icon: String
  }

  type FacetMetadata {
    field: String!
    displayName: String
    entity: Entity
    aggregations: [AggregationMetadata!]!
  }

  type AggregationMetadata {
    value: String!
    count: Long!
    entity: Entity
  }

  type SearchSuggestion {
    text: String!
    score: Float
    frequency: Int
  }

  input AutoCompleteInput {
    type: EntityType
    query: String!
    field: String
    limit: Int
    filters: [FacetFilterInput!]
    orFilters: [AndFilterInput!]
  }

  input AutoCompleteMultipleInput {
    types: [EntityType!]
    query: String!
    field: String
    limit: Int
    filters: [FacetFilterInput!]
    orFilters: [AndFilterInput!]
    viewUrn: String
  }

  type AutoCompleteResultForEntity {
    type: EntityType!
    suggestions: [String!]!
    entities: [Entity!]!
  }

  type AutoCompleteMultipleResults {
    query: String!
    suggestions: [AutoCompleteResultForEntity!]!
  }

  type AutoCompleteResults {
    query: String!
    suggestions: [String!]!
    entities: [Entity!]!
  }
`;
