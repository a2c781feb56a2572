/**
 * /glossary: the business glossary as a tree of nodes and terms, read in one search (every node and term with
 * its nearest parent node) and nested here. Nodes fold with the browser's own <details>, so the tree works with
 * the keyboard and without script.
 */
import { node, nodes, str, type CatalogReader } from '../catalog-reader.js';
import { LABEL_FRAGMENT, labelOf, type Label } from '../label.js';
import { entityPath, html, type Html } from '../html.js';
import { entityLink, layout } from './layout.js';
import { appendTo } from '../../../model/group.js';

/** More glossary entries than this are listed by search, not drawn as a tree. */
export const MAX_GLOSSARY_ENTRIES = 10_000;

const GLOSSARY_QUERY = /* GraphQL */ `
  query Glossary($count: Int!) {
    searchAcrossEntities(
      input: {
        query: "*"
        types: [GLOSSARY_NODE, GLOSSARY_TERM]
        count: $count
        searchFlags: { skipAggregates: true }
      }
    ) {
      total
      searchResults {
        entity {
          ...Label
          ... on GlossaryTerm {
            parentNodes {
              nodes {
                urn
              }
            }
          }
          ... on GlossaryNode {
            parentNodes {
              nodes {
                urn
              }
            }
          }
        }
      }
    }
  }
  ${LABEL_FRAGMENT}
`;

interface Entry {
  readonly label: Label;
  readonly parent: string | undefined;
}

export async function renderGlossaryPage(reader: CatalogReader, signedIn: boolean): Promise<Html> {
  const data = await reader.query(GLOSSARY_QUERY, { count: MAX_GLOSSARY_ENTRIES });
  const result = node(data['searchAcrossEntities']) ?? {};
  const entries: Entry[] = nodes(result['searchResults']).flatMap((hit) => {
    const entity = node(hit['entity']);
    if (entity === undefined) return [];
    const parents = nodes(node(entity['parentNodes'])?.['nodes']);
    return [{ label: labelOf(entity), parent: str(parents[0]?.['urn']) }];
  });
  const known = new Set(entries.map((entry) => entry.label.urn));
  const children = new Map<string, Entry[]>();
  for (const entry of entries) {
    // A parent that is not in the catalog leaves its children at the top rather than hiding them.
    const parent = entry.parent !== undefined && known.has(entry.parent) ? entry.parent : '';
    appendTo(children, parent, entry);
  }
  const total = typeof result['total'] === 'number' ? result['total'] : entries.length;
  const count = (type: string, noun: string): string => {
    const n = entries.filter((entry) => entry.label.type === type).length;
    return `${n} ${n === 1 ? noun : `${noun}s`}`;
  };
  const main = html` <h1>Glossary</h1>
    <p>
      ${count('GLOSSARY_TERM', 'term')} in
      ${count('GLOSSARY_NODE', 'node')}.${total > entries.length ? ` Showing the first ${entries.length} of ${total}; search finds the rest.` : ''}
    </p>
    ${entries.length === 0 ? html`<p class="notice">The glossary is empty.</p>` : html`<div class="tree">${branch('', children, 0, new Set())}</div>`}`;
  return layout({ title: 'Glossary', signedIn }, main);
}

function branch(
  parent: string,
  children: ReadonlyMap<string, readonly Entry[]>,
  depth: number,
  seen: Set<string>,
): Html {
  const items = [...(children.get(parent) ?? [])].sort(
    (a, b) => rank(a) - rank(b) || a.label.name.localeCompare(b.label.name),
  );
  if (items.length === 0) return html``;
  return html`<ul>
    ${items.map((item) => {
      if (item.label.type !== 'GLOSSARY_NODE' || seen.has(item.label.urn)) {
        return html`<li class="term">${entityLink(item.label)}</li>`;
      }
      const below = branch(item.label.urn, children, depth + 1, new Set([...seen, item.label.urn]));
      const count = (children.get(item.label.urn) ?? []).length;
      return html`<li class="node"><details${depth < 2 ? html` open` : ''}>
      <summary><span class="node-name">${item.label.name}</span> <span class="count">${String(count)}</span></summary>
      <p class="node-link"><a href="${entityPath(item.label.urn)}">About ${item.label.name}</a></p>
      ${below}
    </details></li>`;
    })}
  </ul>`;
}

/** Nodes before terms. */
function rank(entry: Entry): number {
  return entry.label.type === 'GLOSSARY_NODE' ? 0 : 1;
}
