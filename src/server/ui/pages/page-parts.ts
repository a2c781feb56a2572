/**
 * Small parts the entity, lineage and history pages share: what a rendered page is, the page of an entity the
 * catalog does not have, a definition list of facts, a table of name/value pairs, and times as UTC.
 */
import { nodes, str, type Node } from '../catalog-reader.js';
import { html, type Html } from '../html.js';
import { errorPage } from './layout.js';

/** A rendered page and the HTTP status it is answered with. */
export interface Page {
  readonly status: number;
  readonly body: Html;
}

/** The 404 page of a URN the catalog does not hold. */
export function notInCatalogPage(urn: string, signedIn: boolean): Page {
  return {
    status: 404,
    body: errorPage(404, 'Not in the catalog', `There is no entity ${urn} in this catalog.`, signedIn),
  };
}

/** A definition list of the facts that have a value. */
export function facts(rows: readonly (readonly [string, string | Html | undefined])[]): Html {
  const present = rows.filter(([, value]) => value !== undefined && value !== '');
  if (present.length === 0) return html``;
  return html`<dl class="facts">
    ${present.map(
      ([name, value]) =>
        html`<div>
          <dt>${name}</dt>
          <dd>${value ?? ''}</dd>
        </div>`,
    )}
  </dl>`;
}

/** A table of name/value pairs; undefined when there are none (so `section` leaves the section out). */
export function pairs(items: readonly Node[]): Html | undefined {
  if (items.length === 0) return undefined;
  return html`<div class="table-wrap">
    <table>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        ${items.map(
          (item) =>
            html`<tr>
              <th scope="row">${str(item['name']) ?? ''}</th>
              <td>${str(item['value']) ?? ''}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** An entity's customProperties ({key, value} entries) as a table. */
export function customProperties(value: unknown): Html | undefined {
  return pairs(nodes(value).map((entry) => ({ name: entry['key'], value: entry['value'] })));
}

export function formatTime(millis: number): string {
  return `${new Date(millis).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
