/**
 * The differs of the properties aspects that carry a name and a description: glossaryTermInfo
 * (GlossaryTermInfoChangeEventGenerator), domainProperties (DomainPropertiesChangeEventGenerator) and
 * dataProductProperties with its assets (DataProductPropertiesChangeEventGenerator), and a term's related terms
 * (GlossaryRelatedTermsChangeEventGenerator), at v1.7.0. None of these events carries parameters.
 */
import type { JsonObject, JsonValue } from '../../model/json.js';
import { objectsOf, sortedMergeDiff, stringField } from './association-differs.js';
import {
  changeEvent,
  urnId,
  type ChangeCategory,
  type ChangeEvent,
  type ChangeOperation,
} from './change-event.js';

interface PropertiesShape {
  /** The field holding the description (a term's `definition`). */
  readonly descriptionField: string;
  /** Whether a name going away is reported (data products only: the others' name is required or kept). */
  readonly nameRemoved: boolean;
  /** The description formats: DocumentationChangeEventGenerator's for terms, "Description …" for the others. */
  readonly added: (urn: string, text: string) => string;
  readonly removed: (urn: string, text: string) => string;
  readonly changed: (urn: string, from: string, to: string) => string;
}

const DOCUMENTATION_FORMATS = {
  added: (urn: string, text: string) => `Documentation for '${urn}' has been added: '${text}'.`,
  removed: (urn: string, text: string) => `Documentation for '${urn}' has been removed: '${text}'.`,
  changed: (urn: string, from: string, to: string) => `Documentation of '${urn}' has been changed from '${from}' to '${to}'.`, // prettier-ignore
};
const DESCRIPTION_FORMATS = {
  added: (urn: string, text: string) => `Description for '${urn}' has been added: '${text}'.`,
  removed: (urn: string, text: string) => `Description for '${urn}' has been removed: '${text}'.`,
  changed: (urn: string, from: string, to: string) => `Description of '${urn}' has been changed from '${from}' to '${to}'.`, // prettier-ignore
};

function diffNameAndDescription(
  shape: PropertiesShape,
  base: JsonObject | null,
  target: JsonObject,
  entityUrn: string,
): ChangeEvent[] {
  const event = (operation: ChangeOperation, description: string): ChangeEvent =>
    changeEvent({ entityUrn, category: 'DOCUMENTATION', operation, semVerChange: 'MINOR', description });
  const events: ChangeEvent[] = [];
  const [fromName, toName] = [stringField(base, 'name'), stringField(target, 'name')];
  if (fromName === null && toName !== null)
    events.push(event('ADD', `Name for '${entityUrn}' has been set: '${toName}'.`));
  else if (fromName !== null && toName === null && shape.nameRemoved) {
    events.push(event('REMOVE', `Name for '${entityUrn}' has been removed: '${fromName}'.`));
  } else if (fromName !== null && toName !== null && fromName !== toName) {
    events.push(
      event('MODIFY', `Name of '${entityUrn}' has been changed from '${fromName}' to '${toName}'.`),
    );
  }
  const from = stringField(base, shape.descriptionField);
  const to = stringField(target, shape.descriptionField);
  if (from === null && to !== null) events.push(event('ADD', shape.added(entityUrn, to)));
  else if (from !== null && to === null) events.push(event('REMOVE', shape.removed(entityUrn, from)));
  else if (from !== null && to !== null && from !== to)
    events.push(event('MODIFY', shape.changed(entityUrn, from, to)));
  return events;
}

export function diffGlossaryTermInfo(
  base: JsonObject | null,
  target: JsonObject,
  entityUrn: string,
): ChangeEvent[] {
  const shape = { descriptionField: 'definition', nameRemoved: false, ...DOCUMENTATION_FORMATS };
  return diffNameAndDescription(shape, base, target, entityUrn);
}

export function diffDomainProperties(
  base: JsonObject | null,
  target: JsonObject,
  entityUrn: string,
): ChangeEvent[] {
  const shape = { descriptionField: 'description', nameRemoved: false, ...DESCRIPTION_FORMATS };
  return diffNameAndDescription(shape, base, target, entityUrn);
}

/** A data product's name and description (DOCUMENTATION), or the assets added and removed (ASSET_MEMBERSHIP). */
export function diffDataProductProperties(
  base: JsonObject | null,
  target: JsonObject,
  entityUrn: string,
  category: ChangeCategory,
): ChangeEvent[] {
  if (category === 'DOCUMENTATION') {
    const shape = { descriptionField: 'description', nameRemoved: true, ...DESCRIPTION_FORMATS };
    return diffNameAndDescription(shape, base, target, entityUrn);
  }
  if (category !== 'ASSET_MEMBERSHIP') return [];
  const assets = (value: JsonObject | null): string[] =>
    objectsOf(value?.['assets']).flatMap((asset) => stringField(asset, 'destinationUrn') ?? []);
  return sortedMergeDiff(
    assets(base),
    assets(target),
    (urn) => urn,
    (urn, operation) =>
      changeEvent({
        entityUrn,
        category: 'ASSET_MEMBERSHIP',
        operation,
        modifier: urn,
        semVerChange: 'MINOR',
        description:
          operation === 'ADD'
            ? `Asset '${urn}' added to data product '${entityUrn}'.`
            : `Asset '${urn}' removed from data product '${entityUrn}'.`,
      }),
  );
}

/** GlossaryRelatedTerms' four lists, each with the relationship name the web app labels. */
const RELATIONSHIPS = [
  ['isRelatedTerms', 'Is A'],
  ['hasRelatedTerms', 'Has A'],
  ['values', 'Has Value'],
  ['relatedTerms', 'Is Related To'],
] as const;

export function diffGlossaryRelatedTerms(
  base: JsonObject | null,
  target: JsonObject,
  entityUrn: string,
): ChangeEvent[] {
  const urns = (value: JsonValue | undefined): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return RELATIONSHIPS.flatMap(([field, relationship]) =>
    sortedMergeDiff(
      urns(base?.[field]),
      urns(target[field]),
      (urn) => urn,
      (urn, operation) =>
        changeEvent({
          entityUrn,
          category: 'GLOSSARY_TERM',
          operation,
          modifier: urn,
          semVerChange: 'MINOR',
          description: `'${relationship}' relationship '${urnId(urn)}' ${operation === 'ADD' ? 'added to' : 'removed from'} '${entityUrn}'.`, // prettier-ignore
          parameters: [
            ['termUrn', urn],
            ['relationshipType', relationship],
          ],
        }),
    ),
  );
}
