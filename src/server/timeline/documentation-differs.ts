/**
 * The documentation differs: a description set, removed or changed (DatasetPropertiesChangeEventGenerator and
 * EditableDatasetPropertiesChangeEventGenerator share it), links (InstitutionalMemoryChangeEventGenerator), and
 * version milestones (VersionPropertiesChangeEventGenerator), at v1.7.0.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import { objectsOf, sortedMergeDiff, stringField } from './association-differs.js';
import { changeEvent, type ChangeEvent } from './change-event.js';

/** DocumentationChangeEventGenerator's formats, which the two properties differs use. */
export function diffDescription(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  const from = stringField(base, 'description');
  const to = stringField(target, 'description');
  const event = (
    operation: 'ADD' | 'REMOVE' | 'MODIFY',
    description: string,
    parameters: [string, string][],
  ) =>
    changeEvent({
      entityUrn,
      category: 'DOCUMENTATION',
      operation,
      semVerChange: 'MINOR',
      description,
      parameters,
    });
  if (from === null && to !== null) {
    return [event('ADD', `Documentation for '${entityUrn}' has been added: '${to}'.`, [['description', to]])];
  }
  if (from !== null && to === null) {
    return [
      event('REMOVE', `Documentation for '${entityUrn}' has been removed: '${from}'.`, [
        ['description', from],
      ]),
    ];
  }
  if (from !== null && to !== null && from !== to) {
    return [
      event('MODIFY', `Documentation of '${entityUrn}' has been changed from '${from}' to '${to}'.`, [
        ['description', to],
        ['previousDescription', from],
      ]),
    ];
  }
  return [];
}

/** Links added or removed by URL, or whose description changed. */
export function diffInstitutionalMemory(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  const from = objectsOf(base?.['elements']);
  const to = objectsOf(target?.['elements']);
  const url = (element: JsonObject): string => stringField(element, 'url') ?? '';
  const text = (element: JsonObject): string => stringField(element, 'description') ?? '';
  const events = sortedMergeDiff(from, to, url, (element, operation) =>
    changeEvent({
      entityUrn,
      category: 'DOCUMENTATION',
      operation,
      modifier: url(element),
      semVerChange: 'MINOR',
      description: `Institutional Memory '${url(element)}' with documentation of '${entityUrn}' has been ${
        operation === 'ADD' ? 'added' : 'removed'
      }: '${text(element)}'`,
    }),
  );
  // Kept links whose description changed, in URL order among the others (GMS's merge emits them in place).
  const previous = new Map(from.map((element) => [url(element), element]));
  for (const element of to) {
    const before = previous.get(url(element));
    if (before === undefined || text(before) === text(element)) continue;
    events.push(
      changeEvent({
        entityUrn,
        category: 'DOCUMENTATION',
        operation: 'MODIFY',
        modifier: url(before),
        semVerChange: 'PATCH',
        description: `Documentation of Institutional Memory '${url(before)}' of  '${entityUrn}' has been changed from '${text(
          before,
        )}' to '${text(element)}'.`,
      }),
    );
  }
  return events.sort((a, b) =>
    (a.modifier ?? '') < (b.modifier ?? '') ? -1 : (a.modifier ?? '') > (b.modifier ?? '') ? 1 : 0,
  );
}

/**
 * A version created (the first versionProperties value) or its versionTag changed, with the parameters the web
 * app's milestone reads (versionTag, comment, versionSetUrn, isLatest).
 */
export function diffVersionProperties(
  base: JsonObject | null,
  target: JsonObject | null,
  entityUrn: string,
): ChangeEvent[] {
  if (target === null) return [];
  const tagOf = (value: JsonObject | null): string | null => {
    const version = value?.['version'];
    return isJsonObject(version) ? stringField(version, 'versionTag') : null;
  };
  const to = tagOf(target);
  const from = tagOf(base);
  const comment = stringField(target, 'comment');
  const hasComment = comment !== null && comment.trim() !== '';
  const versionSet = stringField(target, 'versionSet');
  const parameters: [string, string][] = [
    ...(to === null ? [] : [['versionTag', to] as [string, string]]),
    ...(hasComment ? [['comment', comment] as [string, string]] : []),
    ...(versionSet === null ? [] : [['versionSetUrn', versionSet] as [string, string]]),
    ['isLatest', String(target['isLatest'] === true)],
  ];
  if (base === null) {
    const tag = to ?? 'unknown';
    return [
      changeEvent({
        entityUrn,
        category: 'VERSIONING',
        operation: 'ADD',
        semVerChange: 'MINOR',
        description: hasComment
          ? `Version '${tag}' created for '${entityUrn}' — ${comment}`
          : `Version '${tag}' created for '${entityUrn}'`,
        parameters,
      }),
    ];
  }
  if (to !== null && to !== from) {
    return [
      changeEvent({
        entityUrn,
        category: 'VERSIONING',
        operation: 'MODIFY',
        semVerChange: 'PATCH',
        description: `Version tag of '${entityUrn}' changed from '${from ?? 'null'}' to '${to}'`,
        parameters: [
          ...parameters,
          ...(from === null ? [] : [['previousVersionTag', from] as [string, string]]),
        ],
      }),
    ];
  }
  return [];
}
