import { describe, expect, it } from 'vitest';
import { diffEditableSchemaMetadata } from './editable-schema-differs.js';
import { columnUrn, diffSchemaMetadata, downgradeFieldPath } from './schema-differs.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,SchemaBlameTesterDataset,PROD)';
const field = (fieldPath: string, nativeDataType: string, description?: string, extra: object = {}) => ({
  fieldPath,
  nativeDataType,
  nullable: false,
  type: { type: { 'com.linkedin.schema.BooleanType': {} } },
  ...(description === undefined ? {} : { description }),
  ...extra,
});

describe('schema differs', () => {
  it('adds every column of a first schema (minor), and reports a removal as major', () => {
    const first = {
      fields: [field('field_foo', 'varchar(100)', 'Foo'), field('field_bar', 'boolean', 'Bar')],
    };
    const added = diffSchemaMetadata(null, first, URN, 'TECHNICAL_SCHEMA');
    expect(added.map((event) => [event.operation, event.modifier, event.semVerChange])).toEqual([
      ['ADD', columnUrn(URN, 'field_bar'), 'MINOR'],
      ['ADD', columnUrn(URN, 'field_foo'), 'MINOR'],
    ]);
    expect(added[0]?.description).toBe(
      "A forwards & backwards compatible change due to the newly added field 'field_bar'.",
    );
    expect(added[0]?.parameters).toEqual([
      ['fieldPath', 'field_bar'],
      ['fieldUrn', columnUrn(URN, 'field_bar')],
      ['nullable', 'false'],
      ['modificationCategory', 'OTHER'],
    ]);
    const second = {
      fields: [field('field_foo', 'varchar(100)', 'Foo'), field('field_baz', 'boolean', 'Baz')],
    };
    const changed = diffSchemaMetadata(first, second, URN, 'TECHNICAL_SCHEMA');
    expect(changed.map((event) => [event.operation, event.parameters?.[0]?.[1], event.semVerChange])).toEqual(
      [
        ['REMOVE', 'field_bar', 'MAJOR'],
        ['ADD', 'field_baz', 'MINOR'],
      ],
    );
  });

  it('recognizes a rename (same type, parent and description) and a native type change', () => {
    const before = { fields: [field('a.old', 'int', 'same'), field('a.kept', 'int')] };
    const after = { fields: [field('a.new', 'int', 'same'), field('a.kept', 'bigint')] };
    const events = diffSchemaMetadata(before, after, URN, 'TECHNICAL_SCHEMA');
    expect(events.map((event) => [event.operation, event.parameters?.[3]?.[1], event.description])).toEqual([
      ['MODIFY', 'TYPE_CHANGE', "A backwards incompatible change due to native datatype of the field 'a.kept' changed from 'int' to 'bigint'."], // prettier-ignore
      [
        'MODIFY',
        'RENAME',
        "A forwards & backwards compatible change due to renaming of the field 'a.old to a.new'.",
      ],
    ]);
  });

  it('reports primary key changes and only the category asked', () => {
    const events = diffSchemaMetadata({ fields: [], primaryKeys: ['id'] }, { fields: [], primaryKeys: ['key'] }, URN, 'TECHNICAL_SCHEMA'); // prettier-ignore
    expect(events.map((event) => event.description)).toEqual([
      "A backwards incompatible change due to removal of the primary key field 'id'",
      "A backwards incompatible change due to addition of the primary key field 'key'",
    ]);
    const tagged = {
      fields: [field('c', 'int', 'doc', { globalTags: { tags: [{ tag: 'urn:li:tag:T' }] } })],
    };
    expect(
      diffSchemaMetadata(null, tagged, URN, 'TAG').map((event) => [event.category, event.modifier]),
    ).toEqual([['TAG', 'urn:li:tag:T']]);
    const docs = diffSchemaMetadata(null, tagged, URN, 'DOCUMENTATION');
    expect(docs.map((event) => [event.entityUrn, event.modifier, event.parameters])).toEqual([
      [columnUrn(URN, 'c'), null, [['description', 'doc'], ['fieldPath', 'c'], ['parentUrn', URN]]],
    ]); // prettier-ignore
  });

  it('reports column edits: a description and a tag added to a column', () => {
    const edited = {
      editableSchemaFieldInfo: [
        { fieldPath: 'field_foo', description: 'Foo field description has changed', globalTags: { tags: [{ tag: 'urn:li:tag:Legacy' }] } }, // prettier-ignore
      ],
    };
    const docs = diffEditableSchemaMetadata(null, edited, URN, 'DOCUMENTATION');
    expect(docs.map((event) => [event.operation, event.modifier, event.description])).toEqual([
      ['ADD', 'field_foo', `Documentation for the field 'field_foo' of '${columnUrn(URN, 'field_foo')}' has been added: 'Foo field description has changed'`], // prettier-ignore
    ]);
    const tags = diffEditableSchemaMetadata(null, edited, URN, 'TAG');
    expect(tags.map((event) => [event.operation, event.parameters?.[0], event.parameters?.[2]])).toEqual([
      ['ADD', ['fieldPath', 'field_foo'], ['tagUrn', 'urn:li:tag:Legacy']],
    ]);
    expect(diffEditableSchemaMetadata(edited, { editableSchemaFieldInfo: [] }, URN, 'DOCUMENTATION')[0]?.description).toBe(
      `Documentation for the field 'Optional.empty' of '${columnUrn(URN, 'field_foo')}' has been removed: 'Foo field description has changed'`,
    ); // prettier-ignore
  });

  it('names columns as GMS does', () => {
    expect(columnUrn(URN, 'a(b),c')).toBe(`urn:li:schemaField:(${URN},a%28b%29%2Cc)`);
    expect(downgradeFieldPath('[version=2.0].[type=struct].address.[type=string].zip')).toBe('address.zip');
    expect(downgradeFieldPath('plain.path')).toBe('plain.path');
  });
});
