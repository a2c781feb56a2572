/**
 * What the indexes hold for one entity, derived from its latest aspects (pure): its search document and the
 * relationships its aspects declare. An entity without a key aspect is not in the indexes.
 */
import type { JsonObject } from '../../model/json.js';
import { extractRelationships, type ExtractedRelationship } from './extract-relationships.js';
import { buildSearchDocument, type SearchDocument } from './search-document.js';

/** The aspects of entities a search of the catalog never finds (besides access tokens). */
const NOT_SEARCHED = ['dataHubViewKey', 'dataHubViewInfo', 'globalSettingsKey', 'globalSettingsInfo'];

export interface DerivedEntity {
  readonly document: SearchDocument;
  readonly relationships: readonly ExtractedRelationship[];
}

/** The entity's index rows, or undefined when it has no key aspect (it is gone, or was never created). */
export function deriveEntity(
  urn: string,
  aspects: ReadonlyMap<string, JsonObject>,
): DerivedEntity | undefined {
  // Access tokens are listed by listAccessTokens alone (DataHub's search never shows them); their entity holds
  // a token's hash and owner, nothing a search of the catalog should find.
  if (aspects.has('dataHubAccessTokenKey') || aspects.has('dataHubAccessTokenInfo')) return undefined;
  // Saved views and the global settings are not among the types DataHub searches (SearchUtils'
  // SEARCHABLE_ENTITY_TYPES); views are listed by their own resolvers (saved-views.ts), from the aspect store.
  if (NOT_SEARCHED.some((aspect) => aspects.has(aspect))) return undefined;
  for (const name of aspects.keys()) {
    if (name.endsWith('Key')) {
      return { document: buildSearchDocument(urn, aspects), relationships: extractRelationships(aspects) };
    }
  }
  return undefined;
}
