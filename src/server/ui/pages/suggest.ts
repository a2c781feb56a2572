import { node, nodes, type CatalogReader } from '../catalog-reader.js';
import { LABEL_FRAGMENT, labelOf, typeName } from '../label.js';
import { entityPath } from '../html.js';

export interface Suggestion {
  readonly name: string;
  readonly type: string;
  readonly href: string;
}

/** At most this many suggestions of one entity type, and in all. */
const PER_TYPE = 4;
const TOTAL = 12;

const SUGGEST_QUERY = /* GraphQL */ `
  query Suggest($input: AutoCompleteMultipleInput!) {
    autoCompleteForMultiple(input: $input) {
      suggestions {
        type
        entities {
          ...Label
        }
      }
    }
  }
  ${LABEL_FRAGMENT}
`;

/** What the search box suggests as you type: autoCompleteForMultiple's entities, named as the pages name them. */
export async function suggest(reader: CatalogReader, query: string): Promise<Suggestion[]> {
  const data = await reader.query(SUGGEST_QUERY, { input: { query, limit: PER_TYPE } });
  const groups = nodes(node(data['autoCompleteForMultiple'])?.['suggestions']);
  return groups
    .flatMap((group) => nodes(group['entities']).map(labelOf))
    .slice(0, TOTAL)
    .map((label) => ({ name: label.name, type: typeName(label.type), href: entityPath(label.urn) }));
}
