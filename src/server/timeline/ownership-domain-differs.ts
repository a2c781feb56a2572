/**
 * The differs of owners (OwnershipChangeEventGenerator), the domain (SingleDomainChangeEventGenerator) and
 * structured property assignments (StructuredPropertyChangeEventGenerator), at v1.7.0.
 */
import { isJsonObject, jsonEqual, type JsonObject, type JsonValue } from '../../model/json.js';
import { objectsOf, sourceDetails, stringField } from './association-differs.js';
import { changeEvent, urnId, type ChangeEvent, type ChangeOperation } from './change-event.js';

/**
 * Owners added and removed per (type, type URN): an owner moved to another type is removed from one and added to
 * the other, as GMS keys its maps. Events are ordered by type, then owner URN (GMS iterates hash sets).
 */
export function diffOwnership(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  const before = ownersByType(base);
  const after = ownersByType(target);
  const types = [...new Set([...before.keys(), ...after.keys()])].sort();
  const events: ChangeEvent[] = [];
  for (const type of types) {
    const oldOwners = before.get(type) ?? new Map<string, JsonObject>();
    const newOwners = after.get(type) ?? new Map<string, JsonObject>();
    for (const [urn, owner] of [...newOwners].sort(byKey)) {
      if (!oldOwners.has(urn)) events.push(ownerEvent(owner, 'ADD', entityUrn));
    }
    for (const [urn, owner] of [...oldOwners].sort(byKey)) {
      if (!newOwners.has(urn)) events.push(ownerEvent(owner, 'REMOVE', entityUrn));
    }
  }
  return events;
}

function byKey(a: readonly [string, unknown], b: readonly [string, unknown]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

function ownersByType(ownership: JsonObject | null): Map<string, Map<string, JsonObject>> {
  const map = new Map<string, Map<string, JsonObject>>();
  for (const owner of objectsOf(ownership?.['owners'])) {
    const key = `${stringField(owner, 'type') ?? ''}\u0000${stringField(owner, 'typeUrn') ?? ''}`;
    const owners = map.get(key) ?? new Map<string, JsonObject>();
    owners.set(stringField(owner, 'owner') ?? '', owner);
    map.set(key, owners);
  }
  return map;
}

function ownerEvent(owner: JsonObject, operation: ChangeOperation, entityUrn: string): ChangeEvent {
  const urn = stringField(owner, 'owner') ?? '';
  // Owner.type is required (Owner.pdl) and stored aspects are validated, so it is always there.
  const type = stringField(owner, 'type') ?? '';
  const typeUrn = stringField(owner, 'typeUrn');
  const verb = operation === 'ADD' ? 'added' : 'removed';
  return changeEvent({
    entityUrn,
    category: 'OWNERSHIP',
    operation,
    modifier: urn,
    semVerChange: 'MINOR',
    description: `'${urnId(urn)}' ${verb} as a \`${type}\` of '${entityUrn}'.`,
    parameters: [
      ['ownerUrn', urn],
      ['ownerType', type],
      ...(typeUrn === null ? [] : [['ownerTypeUrn', typeUrn] as const]),
      ['sourceDetails', sourceDetails(owner['attribution'])],
    ],
  });
}

/** The first domain of each value: set, unset, or changed (a REMOVE of the old then an ADD of the new). */
export function diffDomain(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  const from = firstDomain(base);
  const to = firstDomain(target);
  if (from === to) return [];
  const events: ChangeEvent[] = [];
  if (from !== null && base !== null) events.push(domainEvent(base, from, 'REMOVE', entityUrn));
  if (to !== null && target !== null) events.push(domainEvent(target, to, 'ADD', entityUrn));
  return events;
}

function firstDomain(domains: JsonObject | null): string | null {
  const list = domains?.['domains'];
  const first: unknown = Array.isArray(list) ? (list as readonly JsonValue[])[0] : undefined;
  return typeof first === 'string' ? first : null;
}

function domainEvent(
  domains: JsonObject,
  domain: string,
  operation: ChangeOperation,
  entityUrn: string,
): ChangeEvent {
  const associations = objectsOf(domains['domainAssociations']).filter(
    (association) => stringField(association, 'domain') === domain,
  );
  const context = associations
    .map((association) => stringField(association, 'context'))
    .find((c) => c !== null);
  const attribution = associations.map((association) => association['attribution']).find(isJsonObject);
  return changeEvent({
    entityUrn,
    category: 'DOMAIN',
    operation,
    modifier: domain,
    semVerChange: 'MINOR',
    description:
      operation === 'ADD'
        ? `Domain '${urnId(domain)}' added to entity '${entityUrn}'.`
        : `Domain '${urnId(domain)}' removed from entity '${entityUrn}'.`,
    parameters: [
      ['domainUrn', domain],
      ['context', context ?? '{}'],
      ['sourceDetails', sourceDetails(attribution)],
    ],
  });
}

/** Assignments added, removed, or whose values changed, by property URN. */
export function diffStructuredProperties(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  const before = assignments(base);
  const after = assignments(target);
  const urns = [...new Set([...before.keys(), ...after.keys()])].sort();
  const events: ChangeEvent[] = [];
  for (const urn of urns) {
    const from = before.get(urn);
    const to = after.get(urn);
    if (from === undefined && to !== undefined) events.push(propertyEvent(to, urn, 'ADD', entityUrn));
    else if (to === undefined && from !== undefined)
      events.push(propertyEvent(from, urn, 'REMOVE', entityUrn));
    else if (from !== undefined && to !== undefined && !jsonEqual(from['values'], to['values'])) {
      events.push(propertyEvent(to, urn, 'MODIFY', entityUrn));
    }
  }
  return events;
}

function assignments(value: JsonObject | null): Map<string, JsonObject> {
  const map = new Map<string, JsonObject>();
  for (const assignment of objectsOf(value?.['properties'])) {
    map.set(stringField(assignment, 'propertyUrn') ?? '', assignment);
  }
  return map;
}

const PROPERTY_FORMATS: Record<ChangeOperation, string> = {
  ADD: 'added to',
  REMOVE: 'removed from',
  MODIFY: 'changed on',
};

function propertyEvent(
  assignment: JsonObject,
  urn: string,
  operation: ChangeOperation,
  entityUrn: string,
): ChangeEvent {
  // StructuredPropertyAssignmentChangeEvent: the values as a JSON array of strings and numbers.
  const values = objectsOf(assignment['values']).map((value) => {
    const member = value['string'] ?? value['double'] ?? null;
    return typeof member === 'string' || typeof member === 'number' ? member : null;
  });
  const verb = operation === 'MODIFY' ? 'changed on entity' : `${PROPERTY_FORMATS[operation]} entity`;
  return changeEvent({
    entityUrn,
    category: 'STRUCTURED_PROPERTY',
    operation,
    modifier: urn,
    semVerChange: 'MINOR',
    description: `Structured property '${urnId(urn)}' ${verb} '${entityUrn}'.`,
    parameters: [
      ['propertyUrn', urn],
      ['propertyValues', JSON.stringify(values)],
      ['sourceDetails', sourceDetails(assignment['attribution'])],
    ],
  });
}
