/**
 * The editableSchemaMetadata differ: the column edits the UI writes (a description, tags, terms per field path),
 * matched by field path (EditableSchemaMetadataChangeEventGenerator at v1.7.0).
 */
import type { JsonObject } from '../../model/json.js';
import { objectsOf, stringField } from './association-differs.js';
import { changeEvent, type ChangeCategory, type ChangeEvent, type ChangeOperation } from './change-event.js';
import { byPath, columnEvents, columnUrn, pathOf, withColumn } from './schema-differs.js';

/** The column edits of two editableSchemaMetadata values, by field path, in one category. */
export function diffEditableSchemaMetadata(
  base: JsonObject | null,
  target: JsonObject,
  datasetUrn: string,
  category: ChangeCategory,
): ChangeEvent[] {
  const from = objectsOf(base?.['editableSchemaFieldInfo']).sort(byPath);
  const to = objectsOf(target['editableSchemaFieldInfo']).sort(byPath);
  const events: ChangeEvent[] = [];
  let b = 0;
  let t = 0;
  while (b < from.length || t < to.length) {
    const baseInfo = from[b];
    const targetInfo = to[t];
    const order = baseInfo === undefined ? 1 : targetInfo === undefined ? -1 : byPath(baseInfo, targetInfo);
    if (order === 0) {
      events.push(...editedColumnEvents(baseInfo ?? null, targetInfo ?? null, datasetUrn, category));
      b += 1;
      t += 1;
    } else if (order < 0) {
      events.push(...editedColumnEvents(baseInfo ?? null, null, datasetUrn, category));
      b += 1;
    } else {
      events.push(...editedColumnEvents(null, targetInfo ?? null, datasetUrn, category));
      t += 1;
    }
  }
  return events;
}

function editedColumnEvents(
  from: JsonObject | null,
  to: JsonObject | null,
  datasetUrn: string,
  category: ChangeCategory,
): ChangeEvent[] {
  const fieldPath = pathOf((to ?? from) as JsonObject);
  // getDatasetFieldUrn names the column from the earlier value's path where there is one.
  const urn = columnUrn(datasetUrn, pathOf((from ?? to) as JsonObject));
  if (category === 'DOCUMENTATION') {
    const event = editedDescriptionChange(from, to, urn);
    return event === null ? [] : [withColumn(event, fieldPath, datasetUrn)];
  }
  if (category === 'TAG' || category === 'GLOSSARY_TERM') return columnEvents(from, to, datasetUrn, category);
  return [];
}

function editedDescriptionChange(
  from: JsonObject | null,
  to: JsonObject | null,
  urn: string,
): ChangeEvent | null {
  const before = stringField(from, 'description');
  const after = stringField(to, 'description');
  const event = (
    operation: ChangeOperation,
    modifier: string,
    description: string,
    value: string,
  ): ChangeEvent =>
    changeEvent({
      entityUrn: urn,
      category: 'DOCUMENTATION',
      operation,
      modifier,
      semVerChange: operation === 'MODIFY' ? 'PATCH' : 'MINOR',
      description,
      parameters: [['description', value]],
    });
  if (before === null && after !== null && to !== null) {
    const text = `Documentation for the field '${pathOf(to)}' of '${urn}' has been added: '${after}'`;
    return event('ADD', pathOf(to), text, after);
  }
  if (before !== null && after === null && from !== null) {
    // GMS formats the later value's path as a java.util.Optional here.
    const later = to === null ? 'Optional.empty' : `Optional[${pathOf(to)}]`;
    const text = `Documentation for the field '${later}' of '${urn}' has been removed: '${before}'`;
    return event('REMOVE', pathOf(from), text, before);
  }
  if (before !== null && after !== null && before !== after && to !== null) {
    const text = `Documentation for the field '${pathOf(to)}' of '${urn}' has been updated from '${before}' to '${after}'.`;
    return event('MODIFY', pathOf(to), text, after);
  }
  return null;
}
