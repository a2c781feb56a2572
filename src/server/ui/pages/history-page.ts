/**
 * /e/<urn>/history: every stored version of every aspect of an entity, newest first, with when and who wrote it
 * and what changed from the version before; any two versions of an aspect can be compared
 * (`?aspect=<name>&from=<version>&to=<version>`).
 */
import { diffJson, type JsonChange } from '../../../model/json-diff.js';
import { parseJson, type JsonValue } from '../../../model/json.js';
import { node, nodes, str, writerProperties, type CatalogReader, type Node } from '../catalog-reader.js';
import { LABEL_FRAGMENT, labelOf } from '../label.js';
import { entityPath, html, type Html } from '../html.js';
import { layout } from './layout.js';
import { managedBy } from './managed-by.js';
import { formatTime, notInCatalogPage, type Page } from './page-parts.js';
import { appendTo } from '../../../model/group.js';

export interface Comparison {
  readonly aspect: string;
  readonly from: number;
  readonly to: number;
}

const HISTORY_QUERY = /* GraphQL */ `
  query EntityHistory($urn: String!) {
    entity(urn: $urn) {
      ...Label
    }
    aspectHistory(input: { urn: $urn, count: 1000 }) {
      total
      versions {
        aspectName
        version
        revision
        createdOn
        createdBy
        payload
        systemMetadata
        changes {
          path
          before
          after
        }
      }
    }
  }
  ${LABEL_FRAGMENT}
`;

export function parseComparison(params: URLSearchParams): Comparison | undefined {
  const aspect = params.get('aspect');
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  if (aspect === null || aspect === '' || !Number.isInteger(from) || !Number.isInteger(to)) return undefined;
  if (params.get('from') === null || params.get('to') === null) return undefined;
  return { aspect, from, to };
}

export async function renderHistoryPage(
  reader: CatalogReader,
  urn: string,
  comparison: Comparison | undefined,
  signedIn: boolean,
): Promise<Page> {
  const data = await reader.query(HISTORY_QUERY, { urn });
  const entity = node(data['entity']);
  if (entity === undefined) return notInCatalogPage(urn, signedIn);
  const label = labelOf(entity);
  const versions = nodes(node(data['aspectHistory'])?.['versions']);
  const byAspect = new Map<string, Node[]>();
  for (const version of versions) {
    const name = str(version['aspectName']) ?? '';
    appendTo(byAspect, name, version);
  }
  const managed = managedBy(versions);
  const main = html` <nav class="breadcrumbs" aria-label="Breadcrumbs">
      <a href="${entityPath(label.urn)}">${label.name}</a> › History
    </nav>
    <h1>History of ${label.name}</h1>
    <p>
      ${String(versions.length)} stored versions of ${String(byAspect.size)} aspects, newest first.
      ${
        managed?.manifest === undefined ? '' : html`Written by catalog from <code>${managed.manifest}</code>.`
      }
    </p>
    ${comparison === undefined ? '' : comparisonSection(comparison, byAspect.get(comparison.aspect) ?? [])}
    ${[...byAspect.keys()].sort().map((aspect) => aspectHistory(label.urn, aspect, byAspect.get(aspect) ?? [], comparison))}`;
  return { status: 200, body: layout({ title: `History of ${label.name}`, signedIn }, main) };
}

function aspectHistory(
  urn: string,
  aspect: string,
  versions: readonly Node[],
  comparison: Comparison | undefined,
): Html {
  const id = `aspect-${aspect}`;
  const ordered = [...versions].sort((a, b) => order(b) - order(a));
  const newest = ordered[0];
  const previous = ordered[1];
  const comparable = ordered.length > 1;
  return html`<section class="history" aria-labelledby="${id}">
    <h2 id="${id}">${aspect}</h2>
    <form method="get" action="${entityPath(urn)}/history">
      <input type="hidden" name="aspect" value="${aspect}" />
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">
            Versions of ${aspect}
          </caption>
          <thead>
            <tr>
              <th scope="col">Revision</th>
              <th scope="col">Written</th>
              <th scope="col">By</th>
              <th scope="col">What changed</th>
              ${
                comparable
                  ? html`<th scope="col">From</th>
                      <th scope="col">To</th>`
                  : ''
              }
            </tr>
          </thead>
          <tbody>
            ${ordered.map((version) => {
              const number = Number(version['version']);
              const changes = nodes(version['changes']);
              const fromChecked =
                comparison?.aspect === aspect ? comparison.from === number : version === previous;
              const toChecked = comparison?.aspect === aspect ? comparison.to === number : version === newest;
              return html`<tr>
                <th scope="row">
                  ${str(version['revision']) ?? String(number)}${number === 0 ? html` <span class="badge">latest</span>` : ''}
                </th>
                <td>${typeof version['createdOn'] === 'number' ? formatTime(version['createdOn']) : ''}</td>
                <td>${writer(version)}</td>
                <td>
                  ${
                    changes.length === 0
                      ? version === ordered.at(-1)
                        ? 'first version'
                        : 'no field changed'
                      : html`<ul class="changes">
                          ${changes.map((change) => changeItem(str(change['path']) ?? '', str(change['before']), str(change['after'])))}
                        </ul>`
                  }
                </td>
                ${
                  comparable
                    ? html`<td>${compareChoice('from', number, str(version['revision']), fromChecked)}</td>
                        <td>${compareChoice('to', number, str(version['revision']), toChecked)}</td>`
                    : ''
                }
              </tr>`;
            })}
          </tbody>
        </table>
      </div>
      ${comparable ? html`<button type="submit">Compare the two selected versions</button>` : ''}
    </form>
  </section>`;
}

/** One of the radio buttons that pick the two versions to compare. */
function compareChoice(
  side: 'from' | 'to',
  version: number,
  revision: string | undefined,
  checked: boolean,
): Html {
  return html`<input
    type="radio"
    name="${side}"
    value="${String(version)}"
    aria-label="Compare ${side} revision ${revision ?? String(version)}"
    ${checked ? html` checked` : ''}
  />`;
}

/** Who wrote a version: the actor its writer recorded (the reconciler records its Settings actor), else the caller. */
function writer(version: Node): string {
  return str(writerProperties(version)?.['actor']) ?? str(version['createdBy']) ?? '';
}

function comparisonSection(comparison: Comparison, versions: readonly Node[]): Html {
  const find = (number: number) => versions.find((version) => Number(version['version']) === number);
  const from = find(comparison.from);
  const to = find(comparison.to);
  if (from === undefined || to === undefined) {
    return html`<p class="notice" role="alert">Those versions of ${comparison.aspect} are not stored.</p>`;
  }
  const changes = diffJson(payload(from), payload(to));
  const name = (version: Node) => str(version['revision']) ?? String(version['version']);
  return html`<section class="comparison" aria-labelledby="comparison">
    <h2 id="comparison">${comparison.aspect}: revision ${name(from)} → revision ${name(to)}</h2>
    ${
      changes.length === 0
        ? html`<p>The two versions are equal.</p>`
        : html`<ul class="changes">
            ${changes.map((change) => changeItem(change.path, json(change, 'before'), json(change, 'after')))}
          </ul>`
    }
  </section>`;
}

function changeItem(path: string, before: string | undefined, after: string | undefined): Html {
  return html`<li>
    <code>${path}</code>:
    ${
      before === undefined
        ? html`<ins>${after ?? ''}</ins>`
        : after === undefined
          ? html`<del>${before}</del>`
          : html`<del>${before}</del> → <ins>${after}</ins>`
    }
  </li>`;
}

function json(change: JsonChange, side: 'before' | 'after'): string | undefined {
  const value = change[side];
  return value === undefined ? undefined : JSON.stringify(value);
}

function payload(version: Node): JsonValue {
  const parsed = parseJson(str(version['payload']) ?? 'null');
  return parsed.ok ? (parsed.value as JsonValue) : null;
}

/** Newest first: the latest row (version 0) above the kept history N … 1. */
function order(version: Node): number {
  const number = Number(version['version']);
  return number === 0 ? Number.MAX_SAFE_INTEGER : number;
}
