/**
 * The schemaMetadata differ: columns added, removed, renamed or retyped and the primary key
 * (SchemaMetadataChangeEventGenerator at v1.7.0), and each column's description, tags and terms, in the category
 * asked. The column edits of editableSchemaMetadata are in editable-schema-differs.ts.
 */
import { isJsonObject, jsonEqual, type JsonObject } from '../../model/json.js';
import { asColumnEvents, diffTags, diffTerms, objectsOf, stringField } from './association-differs.js';
import { changeEvent, type ChangeCategory, type ChangeEvent, type ChangeOperation } from './change-event.js';

const INCOMPATIBLE = 'A backwards incompatible change due to';
const COMPATIBLE = 'A forwards & backwards compatible change due to ';

/** SchemaFieldUtils.generateSchemaFieldUrn: the column's URN, with `(`, `)` and `,` of its path encoded. */
export function columnUrn(datasetUrn: string, fieldPath: string): string {
  const encoded = fieldPath.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/,/g, '%2C');
  return `urn:li:schemaField:(${datasetUrn},${encoded})`;
}

/** SchemaFieldUtils.downgradeFieldPath: a v2 path without its `[…]` components. */
export function downgradeFieldPath(fieldPath: string): string {
  const v2 = '[version=2.0].';
  if (!fieldPath.startsWith(v2)) return fieldPath;
  return fieldPath
    .slice(v2.length)
    .split('.')
    .filter((part) => part !== '' && !(part.startsWith('[') && part.endsWith(']')))
    .join('.');
}

export const pathOf = (field: JsonObject): string => stringField(field, 'fieldPath') ?? '';
export const byPath = (a: JsonObject, b: JsonObject): number =>
  pathOf(a) < pathOf(b) ? -1 : pathOf(a) > pathOf(b) ? 1 : 0;

/** The events between two schemaMetadata values in one category (GMS runs the differ once per category). */
export function diffSchemaMetadata(
  base: JsonObject | null,
  target: JsonObject,
  datasetUrn: string,
  category: ChangeCategory,
): ChangeEvent[] {
  const from = objectsOf(base?.['fields']).sort(byPath);
  const to = objectsOf(target['fields']).sort(byPath);
  const events: ChangeEvent[] = [];
  const renamed: JsonObject[] = [];
  const isRenamedAlready = (field: JsonObject): boolean => renamed.some((other) => other === field);
  const schemaEvents = category === 'TECHNICAL_SCHEMA';
  let b = 0;
  let t = 0;
  while (b < from.length && t < to.length) {
    const baseField = from[b] as JsonObject;
    const targetField = to[t] as JsonObject;
    const order = byPath(baseField, targetField);
    if (isRenamedAlready(baseField)) b += 1;
    else if (isRenamedAlready(targetField)) t += 1;
    else if (order === 0) {
      if (
        stringField(baseField, 'nativeDataType') !== stringField(targetField, 'nativeDataType') &&
        schemaEvents
      ) {
        events.push(typeChange(datasetUrn, baseField, targetField));
      }
      events.push(...columnEvents(baseField, targetField, datasetUrn, category));
      b += 1;
      t += 1;
    } else if (order < 0) {
      const renamedTo = findRenamed(baseField, from.slice(b), to.slice(t), renamed);
      if (renamedTo === undefined) {
        events.push(...removal(baseField, datasetUrn, category));
      } else {
        if (schemaEvents) events.push(rename(datasetUrn, baseField, renamedTo));
        events.push(...columnEvents(baseField, renamedTo, datasetUrn, category));
        renamed.push(renamedTo);
      }
      b += 1;
    } else {
      const renamedFrom = findRenamed(targetField, to.slice(t), from.slice(b), renamed);
      if (renamedFrom === undefined) {
        events.push(...addition(targetField, datasetUrn, category));
      } else {
        if (schemaEvents) events.push(rename(datasetUrn, renamedFrom, targetField));
        events.push(...columnEvents(renamedFrom, targetField, datasetUrn, category));
        renamed.push(renamedFrom);
      }
      t += 1;
    }
  }
  for (; b < from.length; b += 1) {
    const field = from[b] as JsonObject;
    if (!isRenamedAlready(field)) events.push(...removal(field, datasetUrn, category));
  }
  for (; t < to.length; t += 1) {
    const field = to[t] as JsonObject;
    if (!isRenamedAlready(field)) events.push(...addition(field, datasetUrn, category));
  }
  if (schemaEvents) events.push(...primaryKeyChanges(base, target, datasetUrn));
  return events.filter((event) => event.category === category);
}

/** A column of the other side with the same type, parent and description, not matched already. */
function findRenamed(
  field: JsonObject,
  sameSide: readonly JsonObject[],
  otherSide: readonly JsonObject[],
  renamed: readonly JsonObject[],
): JsonObject | undefined {
  return otherSide.find(
    (candidate) =>
      stringField(field, 'nativeDataType') === stringField(candidate, 'nativeDataType') &&
      parentPath(pathOf(field)) === parentPath(pathOf(candidate)) &&
      stringField(field, 'description') === stringField(candidate, 'description') &&
      !renamed.includes(candidate) &&
      !sameSide.some((other) => jsonEqual(other, candidate)),
  );
}

function parentPath(path: string): string | null {
  const dot = path.lastIndexOf('.');
  return dot > 0 ? path.slice(0, dot) : null;
}

function fieldEvent(
  datasetUrn: string,
  field: JsonObject,
  operation: ChangeOperation,
  semVerChange: 'MAJOR' | 'MINOR',
  description: string,
  modificationCategory: 'OTHER' | 'TYPE_CHANGE' | 'RENAME',
): ChangeEvent {
  const urn = columnUrn(datasetUrn, pathOf(field));
  return changeEvent({
    entityUrn: datasetUrn,
    category: 'TECHNICAL_SCHEMA',
    operation,
    modifier: urn,
    semVerChange,
    description,
    parameters: [
      ['fieldPath', pathOf(field)],
      ['fieldUrn', urn],
      ['nullable', String(field['nullable'] === true)],
      ['modificationCategory', modificationCategory],
    ],
  });
}

function removal(field: JsonObject, datasetUrn: string, category: ChangeCategory): ChangeEvent[] {
  const removed = fieldEvent(
    datasetUrn,
    field,
    'REMOVE',
    'MAJOR',
    `${INCOMPATIBLE} removal of field: '${downgradeFieldPath(pathOf(field))}'.`,
    'OTHER',
  );
  return [
    ...(category === 'TECHNICAL_SCHEMA' ? [removed] : []),
    ...columnEvents(field, null, datasetUrn, category),
  ];
}

function addition(field: JsonObject, datasetUrn: string, category: ChangeCategory): ChangeEvent[] {
  const added = fieldEvent(
    datasetUrn,
    field,
    'ADD',
    'MINOR',
    `${COMPATIBLE}the newly added field '${downgradeFieldPath(pathOf(field))}'.`,
    'OTHER',
  );
  return [
    ...(category === 'TECHNICAL_SCHEMA' ? [added] : []),
    ...columnEvents(null, field, datasetUrn, category),
  ];
}

function typeChange(datasetUrn: string, from: JsonObject, to: JsonObject): ChangeEvent {
  const description = `${INCOMPATIBLE} native datatype of the field '${downgradeFieldPath(pathOf(to))}' changed from '${
    stringField(from, 'nativeDataType') ?? ''
  }' to '${stringField(to, 'nativeDataType') ?? ''}'.`;
  return fieldEvent(datasetUrn, from, 'MODIFY', 'MAJOR', description, 'TYPE_CHANGE');
}

function rename(datasetUrn: string, from: JsonObject, to: JsonObject): ChangeEvent {
  const description = `${COMPATIBLE}renaming of the field '${downgradeFieldPath(pathOf(from))} to ${downgradeFieldPath(
    pathOf(to),
  )}'.`;
  return fieldEvent(datasetUrn, from, 'MODIFY', 'MINOR', description, 'RENAME');
}

/** getFieldPropertyChangeEvents: a column's description, tags and terms, in the category asked. */
export function columnEvents(
  from: JsonObject | null,
  to: JsonObject | null,
  datasetUrn: string,
  category: ChangeCategory,
): ChangeEvent[] {
  const field = (to ?? from) as JsonObject;
  const fieldPath = pathOf(field);
  const urn = columnUrn(datasetUrn, fieldPath);
  if (category === 'DOCUMENTATION') {
    const event = columnDescriptionChange(from, to, urn);
    return event === null ? [] : [withColumn(event, fieldPath, datasetUrn)];
  }
  const object = (value: JsonObject | null, name: string): JsonObject | null => {
    const found = value?.[name];
    return isJsonObject(found) ? found : null;
  };
  if (category === 'TAG') {
    return asColumnEvents(
      diffTags(object(from, 'globalTags'), object(to, 'globalTags'), urn),
      fieldPath,
      datasetUrn,
    );
  }
  if (category === 'GLOSSARY_TERM') {
    return asColumnEvents(
      diffTerms(object(from, 'glossaryTerms'), object(to, 'glossaryTerms'), urn),
      fieldPath,
      datasetUrn,
    );
  }
  return [];
}

function columnDescriptionChange(
  from: JsonObject | null,
  to: JsonObject | null,
  urn: string,
): ChangeEvent | null {
  const before = stringField(from, 'description');
  const after = stringField(to, 'description');
  const event = (
    operation: ChangeOperation,
    description: string,
    value: string,
    patch = false,
  ): ChangeEvent =>
    changeEvent({
      entityUrn: urn,
      category: 'DOCUMENTATION',
      operation,
      semVerChange: patch ? 'PATCH' : 'MINOR',
      description,
      parameters: [['description', value]],
    });
  if (before === null && after !== null && to !== null) {
    return event('ADD', `The description '${after}' for the field '${pathOf(to)}' has been added.`, after);
  }
  if (before !== null && after === null && from !== null) {
    return event(
      'REMOVE',
      `The description '${before}' for the field '${pathOf(from)}' has been removed.`,
      before,
    );
  }
  if (before !== null && after !== null && before !== after && from !== null) {
    const text = `The description for the field '${pathOf(from)}' has been changed from '${before}' to '${after}'.`;
    return event('MODIFY', text, after, true);
  }
  return null;
}

/** ChangeEventGeneratorUtils.convertEntityDocumentationChangeEvent: the event's parameters, plus the column's. */
export function withColumn(event: ChangeEvent, fieldPath: string, parentUrn: string): ChangeEvent {
  return {
    ...event,
    parameters: [...(event.parameters ?? []), ['fieldPath', fieldPath], ['parentUrn', parentUrn]],
  };
}

function primaryKeyChanges(base: JsonObject | null, target: JsonObject, datasetUrn: string): ChangeEvent[] {
  const keys = (value: JsonObject | null): Set<string> => {
    const list = value?.['primaryKeys'];
    return new Set(Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : []);
  };
  const before = keys(base);
  const after = keys(target);
  const event = (field: string, what: string): ChangeEvent => {
    const urn = columnUrn(datasetUrn, field);
    return changeEvent({
      entityUrn: datasetUrn,
      category: 'TECHNICAL_SCHEMA',
      operation: 'MODIFY',
      modifier: urn,
      semVerChange: 'MAJOR',
      description: `${INCOMPATIBLE} ${what} of the primary key field '${field}'`,
      // DatasetSchemaFieldChangeEvent's parameters: a key field has no column to take `nullable` from.
      parameters: [
        ['fieldPath', field],
        ['fieldUrn', urn],
        ['nullable', 'false'],
        ['modificationCategory', 'OTHER'],
      ],
    });
  };
  return [
    ...[...before]
      .filter((key) => !after.has(key))
      .sort()
      .map((key) => event(key, 'removal')),
    ...[...after]
      .filter((key) => !before.has(key))
      .sort()
      .map((key) => event(key, 'addition')),
  ];
}
