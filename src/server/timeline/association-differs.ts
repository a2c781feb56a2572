/**
 * The differs of the association lists: tags (GlobalTagsChangeEventGenerator), glossary terms
 * (GlossaryTermsChangeEventGenerator) and applications (ApplicationsChangeEventGenerator), each a sorted merge of
 * the two lists by URN, and the column form of the tag and term events (ChangeEventGeneratorUtils), at v1.7.0.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../model/json.js';
import { changeEvent, urnId, type ChangeEvent, type ChangeOperation } from './change-event.js';

/** The sorted-merge diff of two lists keyed by a string: REMOVE for keys only in `base`, ADD for keys only in `target`. */
export function sortedMergeDiff<T>(
  base: readonly T[],
  target: readonly T[],
  keyOf: (item: T) => string,
  eventOf: (item: T, operation: ChangeOperation) => ChangeEvent,
): ChangeEvent[] {
  // Java's String.compareTo orders by UTF-16 code unit, as `<` does.
  const byKey = (a: T, b: T): number => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);
  const from = [...base].sort(byKey);
  const to = [...target].sort(byKey);
  const events: ChangeEvent[] = [];
  let b = 0;
  let t = 0;
  while (b < from.length && t < to.length) {
    const baseItem = from[b] as T;
    const targetItem = to[t] as T;
    const order = byKey(baseItem, targetItem);
    if (order === 0) {
      b += 1;
      t += 1;
    } else if (order < 0) {
      events.push(eventOf(baseItem, 'REMOVE'));
      b += 1;
    } else {
      events.push(eventOf(targetItem, 'ADD'));
      t += 1;
    }
  }
  for (; b < from.length; b += 1) events.push(eventOf(from[b] as T, 'REMOVE'));
  for (; t < to.length; t += 1) events.push(eventOf(to[t] as T, 'ADD'));
  return events;
}

/** The objects of a list field (absent or malformed: none). */
export function objectsOf(value: JsonValue | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

export function stringField(value: JsonObject | null | undefined, field: string): string | null {
  const found = value?.[field];
  return typeof found === 'string' ? found : null;
}

/** ChangeEventParameterUtils.serializeSourceDetail: the attribution's sourceDetail as JSON, `{}` without one. */
export function sourceDetails(attribution: JsonValue | undefined): string {
  if (!isJsonObject(attribution)) return '{}';
  const detail = attribution['sourceDetail'];
  return detail === undefined ? 'null' : JSON.stringify(detail);
}

/** GlobalTagsChangeEventGenerator.computeDiffs: the tags of two GlobalTags values (either may be absent). */
export function diffTags(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  return sortedMergeDiff(
    objectsOf(base?.['tags']),
    objectsOf(target?.['tags']),
    (association) => stringField(association, 'tag') ?? '',
    (association, operation) => {
      const tag = stringField(association, 'tag') ?? '';
      return changeEvent({
        entityUrn,
        category: 'TAG',
        operation,
        modifier: tag,
        semVerChange: 'MINOR',
        description:
          operation === 'ADD'
            ? `Tag '${urnId(tag)}' added to entity '${entityUrn}'.`
            : `Tag '${urnId(tag)}' removed from entity '${entityUrn}'.`,
        parameters: [
          ['tagUrn', tag],
          ['context', stringField(association, 'context') ?? '{}'],
          ['sourceDetails', sourceDetails(association['attribution'])],
        ],
      });
    },
  );
}

/** GlossaryTermsChangeEventGenerator.computeDiffs: the terms of two GlossaryTerms values. */
export function diffTerms(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  return sortedMergeDiff(
    objectsOf(base?.['terms']),
    objectsOf(target?.['terms']),
    (association) => stringField(association, 'urn') ?? '',
    (association, operation) => {
      const term = stringField(association, 'urn') ?? '';
      return changeEvent({
        entityUrn,
        category: 'GLOSSARY_TERM',
        operation,
        modifier: term,
        semVerChange: 'MINOR',
        description:
          operation === 'ADD'
            ? `Term '${urnId(term)}' added to entity '${entityUrn}'.`
            : `Term '${urnId(term)}' removed from entity '${entityUrn}'.`,
        parameters: [
          ['termUrn', term],
          ['context', stringField(association, 'context') ?? '{}'],
          ['sourceDetails', sourceDetails(association['attribution'])],
        ],
      });
    },
  );
}

/**
 * ChangeEventGeneratorUtils.convertEntityTagChangeEvents / convertEntityGlossaryTermChangeEvents: a column's tag or
 * term event names the column and its dataset, and keeps the association's URN and context.
 */
export function asColumnEvents(
  events: readonly ChangeEvent[],
  fieldPath: string,
  parentUrn: string,
): ChangeEvent[] {
  return events.map((event) => {
    const urnKey = event.category === 'TAG' ? 'tagUrn' : 'termUrn';
    const parameter = (key: string): string => event.parameters?.find(([name]) => name === key)?.[1] ?? '';
    return {
      ...event,
      parameters: [
        ['fieldPath', fieldPath],
        ['parentUrn', parentUrn],
        [urnKey, parameter(urnKey)],
        ['context', parameter('context')],
      ],
    };
  });
}

/** ApplicationsChangeEventGenerator.computeDiffs: the applications of two Applications values. */
export function diffApplications(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  const urns = (value: JsonObject | null): string[] => {
    const list = value?.['applications'];
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  };
  return sortedMergeDiff(
    urns(base),
    urns(target),
    (urn) => urn,
    (urn, operation) =>
      changeEvent({
        entityUrn,
        category: 'APPLICATION',
        operation,
        modifier: urn,
        semVerChange: 'MINOR',
        description:
          operation === 'ADD'
            ? `Application '${urnId(urn)}' added to entity '${entityUrn}'.`
            : `Application '${urnId(urn)}' removed from entity '${entityUrn}'.`,
      }),
  );
}
