/**
 * The deprecation banner of every entity page: DataHub's Deprecation (the `deprecation` aspect: note,
 * decommission time, who marked it, and the replacement), shown at the top so nobody builds on a retired entity
 * without seeing it, with a link to what to use instead.
 */
import { isObjectType } from 'graphql';
import { catalogSchema } from '../../graphql/graphql-endpoint.js';
import { node, str, type Node } from '../catalog-reader.js';
import { labelOf } from '../label.js';
import { html, type Html } from '../html.js';
import { entityLink } from './layout.js';

const DEPRECATION_FIELDS =
  'deprecation { deprecated note decommissionTime actor actorEntity { ...Label } replacement { ...Label } }';

/**
 * The `... on Type { deprecation … }` selection, for the GraphQL types that have the field in DataHub's schema
 * (asking a type without it is an invalid query); read from the served schema so a new type needs no list here.
 */
export function deprecationSelection(graphqlType: string): string {
  const type = catalogSchema().getType(graphqlType);
  return isObjectType(type) && type.getFields()['deprecation'] !== undefined
    ? `... on ${graphqlType} { ${DEPRECATION_FIELDS} }`
    : '';
}

/** The banner, or nothing when the entity is not deprecated (an aspect with `deprecated: false` included). */
export function renderDeprecation(entity: Node): Html {
  const deprecation = node(entity['deprecation']);
  if (deprecation === undefined || deprecation['deprecated'] !== true) return html``;
  const replacement = node(deprecation['replacement']);
  const actorEntity = node(deprecation['actorEntity']);
  const actor = actorEntity === undefined ? undefined : labelOf(actorEntity);
  const note = str(deprecation['note'])?.trim();
  const when = deprecation['decommissionTime'];
  const decommission = typeof when === 'number' ? formatDay(when) : undefined;
  return html`<div class="banner warn deprecated" role="note" aria-label="Deprecated">
    <p>
      <strong>Deprecated.</strong>
      ${
        replacement === undefined
          ? 'Do not build anything new on it.'
          : html`Use ${entityLink(labelOf(replacement))} instead.`
      }
    </p>
    ${note === undefined || note === '' ? '' : html`<p class="deprecation-note">${note}</p>`}
    ${
      decommission === undefined && actor === undefined
        ? ''
        : html`<p class="deprecation-facts">
            ${decommission === undefined ? '' : html`<span>To be decommissioned on ${decommission}.</span>`}
            ${actor === undefined ? '' : html`<span>Marked by ${entityLink(actor)}.</span>`}
          </p>`
    }
  </div>`;
}

/** A decommission time is a day (manifests write dates); the time of day is shown only when it is not midnight UTC. */
export function formatDay(millis: number): string {
  // Beyond what a Date can hold (±8.64e15 ms) the number is shown as written rather than failing the page.
  if (!Number.isFinite(millis) || Math.abs(millis) > 8.64e15) return String(millis);
  const iso = new Date(millis).toISOString();
  const time = iso.slice(11, 16);
  return time === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time} UTC`;
}
