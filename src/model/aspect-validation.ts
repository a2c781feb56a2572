/**
 * Shape checks for the aspects of the product, as DataHub's Pegasus validation does them: a wrong type, a
 * missing required field or an unknown field makes the write fail with
 * `Failed to validate record with class <FQN>: [ERROR :: /path :: message]` (ValidationUtils.validateOrThrow).
 * Field lists are the union of the PDL versions in use (fields newer DataHub releases add are accepted).
 * Aspects outside the product are only checked to be records: they are stored as they are.
 */
import { isJsonObject } from './json.js';
import { fqnOfAspect } from './registry.js';
import { parseRawUrn } from './urn.js';

type FieldType =
  | 'string'
  | 'long'
  | 'boolean'
  | 'urn'
  | 'any'
  | { readonly enum: readonly string[] }
  | { readonly array: FieldType }
  | { readonly map: FieldType }
  | RecordSpec;

interface RecordSpec {
  readonly fields: Readonly<Record<string, FieldType>>;
  readonly required?: readonly string[];
}

const DATA_TYPES = [
  'USELESS', 'NOMINAL', 'ORDINAL', 'BINARY', 'COUNT', 'TIME', 'INTERVAL', 'IMAGE', 'VIDEO',
  'AUDIO', 'TEXT', 'MAP', 'SEQUENCE', 'SET', 'CONTINUOUS', 'BYTE', 'UNKNOWN',
]; // prettier-ignore

const AUDIT_STAMP: RecordSpec = {
  fields: { time: 'long', actor: 'urn', impersonator: 'urn', message: 'string' },
  required: ['time', 'actor'],
};
const TIME_STAMP: RecordSpec = { fields: { time: 'long', actor: 'urn' }, required: ['time'] };
const VERSION_TAG: RecordSpec = { fields: { versionTag: 'string', metadataAttribution: 'any' } };
const CUSTOM_PROPERTIES = { map: 'string' } as const;
const GLOSSARY_TERMS: RecordSpec = {
  fields: {
    terms: {
      array: {
        fields: { urn: 'urn', actor: 'urn', context: 'string', attribution: 'any' },
        required: ['urn'],
      },
    },
    auditStamp: AUDIT_STAMP,
  },
  required: ['terms', 'auditStamp'],
};
const ML_METRIC: FieldType = {
  array: { fields: { name: 'string', description: 'string', value: 'string', createdAt: 'long' } },
};
const ML_LINEAGE = { trainingJobs: { array: 'urn' }, downstreamJobs: { array: 'urn' } } as const;

const ASPECT_SPECS: Readonly<Record<string, RecordSpec>> = {
  status: { fields: { removed: 'boolean', lifecycleStage: 'urn', lifecycleLastUpdated: AUDIT_STAMP } },
  mlFeatureProperties: {
    fields: {
      customProperties: CUSTOM_PROPERTIES,
      description: 'string',
      dataType: { enum: DATA_TYPES },
      version: VERSION_TAG,
      sources: { array: 'urn' },
    },
  },
  mlFeatureTableProperties: {
    fields: {
      customProperties: CUSTOM_PROPERTIES,
      description: 'string',
      mlFeatures: { array: 'urn' },
      mlPrimaryKeys: { array: 'urn' },
    },
  },
  mlModelProperties: {
    fields: {
      customProperties: CUSTOM_PROPERTIES,
      externalUrl: 'string',
      name: 'string',
      description: 'string',
      date: 'long',
      created: TIME_STAMP,
      lastModified: TIME_STAMP,
      version: VERSION_TAG,
      type: 'string',
      hyperParameters: { map: 'any' },
      hyperParams: ML_METRIC,
      trainingMetrics: ML_METRIC,
      onlineMetrics: ML_METRIC,
      mlFeatures: { array: 'urn' },
      tags: { array: 'string' },
      deployments: { array: 'urn' },
      groups: { array: 'urn' },
      ...ML_LINEAGE,
    },
  },
  mlModelGroupProperties: {
    fields: {
      customProperties: CUSTOM_PROPERTIES,
      externalUrl: 'string',
      name: 'string',
      description: 'string',
      createdAt: 'long',
      date: 'long',
      created: TIME_STAMP,
      lastModified: TIME_STAMP,
      version: VERSION_TAG,
      tags: { array: 'string' },
      models: { array: 'urn' },
      ...ML_LINEAGE,
    },
  },
  glossaryTermInfo: {
    fields: {
      customProperties: CUSTOM_PROPERTIES,
      id: 'string',
      name: 'string',
      definition: 'string',
      parentNode: 'urn',
      termSource: 'string',
      sourceRef: 'string',
      sourceUrl: 'string',
      rawSchema: 'string',
    },
    required: ['definition', 'termSource'],
  },
  glossaryTerms: GLOSSARY_TERMS,
  editableSchemaMetadata: {
    fields: {
      created: AUDIT_STAMP,
      lastModified: AUDIT_STAMP,
      deleted: AUDIT_STAMP,
      editableSchemaFieldInfo: {
        array: {
          fields: {
            fieldPath: 'string',
            description: 'string',
            globalTags: 'any',
            glossaryTerms: GLOSSARY_TERMS,
          },
          required: ['fieldPath'],
        },
      },
    },
    required: ['editableSchemaFieldInfo'],
  },
  schemaMetadata: {
    fields: {
      schemaName: 'string',
      platform: 'urn',
      version: 'long',
      created: AUDIT_STAMP,
      lastModified: AUDIT_STAMP,
      deleted: AUDIT_STAMP,
      dataset: 'urn',
      cluster: 'string',
      hash: 'string',
      platformSchema: 'any',
      fields: { array: 'any' },
      primaryKeys: { array: 'string' },
      foreignKeysSpecs: 'any',
      foreignKeys: 'any',
    },
    required: ['fields'],
  },
};

/** Messages in DataHub's format, or an empty list when the aspect is acceptable. */
export function validateAspect(aspectName: string, value: unknown): string[] {
  const messages: string[] = [];
  if (!isJsonObject(value)) {
    messages.push(`ERROR :: / :: ${describe(value)} is not backed by a DataMap`);
  } else {
    const spec = ASPECT_SPECS[aspectName];
    if (spec !== undefined) checkRecord(spec, value, '', messages);
    if (aspectName === 'schemaMetadata') checkSchemaFields(value, messages);
  }
  if (messages.length === 0) return [];
  const fqn = fqnOfAspect(aspectName) ?? aspectName;
  return [`Failed to validate record with class ${fqn}: [${messages.join(', ')}]`];
}

function checkRecord(
  spec: RecordSpec,
  value: Readonly<Record<string, unknown>>,
  path: string,
  messages: string[],
): void {
  for (const name of spec.required ?? []) {
    if (value[name] === undefined) {
      messages.push(`ERROR :: ${path}/${name} :: field is required but not found and has no default value`);
    }
  }
  for (const [name, item] of Object.entries(value)) {
    const type = spec.fields[name];
    if (type === undefined)
      messages.push(`ERROR :: ${path}/${name} :: unrecognized field found but not allowed`);
    else checkValue(type, item, `${path}/${name}`, messages);
  }
}

function checkValue(type: FieldType, value: unknown, path: string, messages: string[]): void {
  const fail = (what: string): void =>
    void messages.push(`ERROR :: ${path} :: ${describe(value)} is not backed by ${what}`);
  if (type === 'any') return;
  if (type === 'string') {
    if (typeof value !== 'string') fail('a String');
  } else if (type === 'long') {
    if (typeof value !== 'number' || !Number.isInteger(value)) fail('a Long');
  } else if (type === 'boolean') {
    if (typeof value !== 'boolean') fail('a Boolean');
  } else if (type === 'urn') {
    if (typeof value !== 'string') fail('a String');
    else if (!parseRawUrn(value).ok) messages.push(`ERROR :: ${path} :: "${value}" is not a valid Urn`);
  } else if ('enum' in type) {
    if (typeof value !== 'string' || !type.enum.includes(value)) {
      messages.push(`ERROR :: ${path} :: ${describe(value)} is not an enum symbol`);
    }
  } else if ('array' in type) {
    if (!Array.isArray(value)) fail('a DataList');
    else value.forEach((item, index) => checkValue(type.array, item, `${path}/${index}`, messages));
  } else if ('map' in type) {
    if (!isJsonObject(value)) fail('a DataMap');
    else
      for (const [key, item] of Object.entries(value)) checkValue(type.map, item, `${path}/${key}`, messages);
  } else if (!isJsonObject(value)) {
    fail('a DataMap');
  } else {
    checkRecord(type, value, path, messages);
  }
}

/** Column terms are matched against schemaMetadata.fields[].fieldPath, so each field must have one. */
function checkSchemaFields(value: Readonly<Record<string, unknown>>, messages: string[]): void {
  const fields = value['fields'];
  if (!Array.isArray(fields)) return;
  fields.forEach((field, index) => {
    if (!isJsonObject(field) || typeof field['fieldPath'] !== 'string') {
      messages.push(
        `ERROR :: /fields/${index}/fieldPath :: field is required but not found and has no default value`,
      );
    }
  });
}

function describe(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}
