import { describe, expect, it } from 'vitest';
import { collectRelationships, parsePdl, resolveTypeName } from '../../scripts/pdl.mjs';

// Shapes taken from DataHub's PDL files (trimmed): a lenient annotation (a missing comma, as in
// MLFeatureTableProperties.pdl), an included record, a nested record, and a path-keyed annotation that overrides
// a nested one (EditableSchemaFieldInfo.glossaryTerms over GlossaryTermAssociation.urn).
const files: Record<string, string> = {
  'com.linkedin.common.GlossaryTermAssociation': `namespace com.linkedin.common
record GlossaryTermAssociation {
  @Relationship = { "name": "TermedWith", "entityTypes": [ "glossaryTerm" ] }
  urn: GlossaryTermUrn
  /* comment with a "quote" */ context: optional string
}`,
  'com.linkedin.common.GlossaryTerms': `namespace com.linkedin.common
@Aspect = { "name": "glossaryTerms" }
record GlossaryTerms {
  terms: array[GlossaryTermAssociation]
  auditStamp: AuditStamp
}`,
  'com.linkedin.schema.EditableSchemaFieldInfo': `namespace com.linkedin.schema
import com.linkedin.common.GlossaryTerms
record EditableSchemaFieldInfo {
  fieldPath: string
  @Relationship = {
    "/terms/*/urn": { "name": "EditableSchemaFieldWithGlossaryTerm", "entityTypes": [ "glossaryTerm" ] }
  }
  glossaryTerms: optional GlossaryTerms
}`,
  'com.linkedin.schema.EditableSchemaMetadata': `namespace com.linkedin.schema
import com.linkedin.common.ChangeAuditStamps
@Aspect = {
  "name": "editableSchemaMetadata",
  "schemaVersion": 2
}
record EditableSchemaMetadata includes ChangeAuditStamps {
  editableSchemaFieldInfo: array[EditableSchemaFieldInfo]
}`,
  'com.linkedin.ml.metadata.MLFeatureTableProperties': `namespace com.linkedin.ml.metadata
import com.linkedin.common.Urn
// a line comment: "mlFeatures" is not a field here
@Aspect = {
  "name": "mlFeatureTableProperties"
}
record MLFeatureTableProperties includes LineageInfo {
  description: optional string = "x // not a comment"
  @Relationship = {
    "/*": {
      "name": "KeyedBy",
      "isLineage": true
      "entityTypes": [ "mlPrimaryKey" ]
    }
  }
  mlPrimaryKeys: optional array[Urn]
  type: optional enum Kind { A, B } = "A"
}`,
  'com.linkedin.ml.metadata.LineageInfo': `namespace com.linkedin.ml.metadata
record LineageInfo {
  @Relationship = { "/*": { "name": "TrainedBy", "entityTypes": [ "dataJob" ] } }
  trainingJobs: optional array[Urn]
}`,
};

const parsed = Object.fromEntries(Object.entries(files).map(([fqn, text]) => [fqn, parsePdl(text)]));
const lookup = (fqn: string) => {
  const file = parsed[fqn];
  return file?.record === undefined ? undefined : { record: file.record, file };
};

describe('parsePdl', () => {
  it('reads the namespace, the @Aspect annotation, includes and fields, tolerating missing commas and comments', () => {
    const file = parsed['com.linkedin.ml.metadata.MLFeatureTableProperties']!;
    expect(file.namespace).toBe('com.linkedin.ml.metadata');
    expect(file.record?.fullName).toBe('com.linkedin.ml.metadata.MLFeatureTableProperties');
    expect(file.record?.annotations['Aspect']).toEqual({ name: 'mlFeatureTableProperties' });
    expect(file.record?.includes).toEqual(['LineageInfo']);
    expect(file.record?.fields.map((field) => [field.name, field.optional])).toEqual([
      ['description', true],
      ['mlPrimaryKeys', true],
      ['type', true],
    ]);
    expect(file.record?.fields[1]?.annotations['Relationship']).toEqual({
      '/*': { name: 'KeyedBy', isLineage: true, entityTypes: ['mlPrimaryKey'] },
    });
  });

  it('resolves type names through imports, then the file namespace', () => {
    const file = parsed['com.linkedin.schema.EditableSchemaFieldInfo']!;
    expect(resolveTypeName('GlossaryTerms', file)).toBe('com.linkedin.common.GlossaryTerms');
    expect(resolveTypeName('SchemaField', file)).toBe('com.linkedin.schema.SchemaField');
    expect(resolveTypeName('com.linkedin.x.Y', file)).toBe('com.linkedin.x.Y');
  });
});

describe('collectRelationships', () => {
  it('finds relationships in nested and included records, as paths into the aspect value', () => {
    const glossaryTerms = lookup('com.linkedin.common.GlossaryTerms')!;
    expect(collectRelationships(glossaryTerms.record, glossaryTerms.file, lookup)).toEqual([
      { name: 'TermedWith', path: ['terms', '*', 'urn'], entityTypes: ['glossaryTerm'] },
    ]);
    const table = lookup('com.linkedin.ml.metadata.MLFeatureTableProperties')!;
    expect(collectRelationships(table.record, table.file, lookup)).toEqual([
      { name: 'TrainedBy', path: ['trainingJobs', '*'], entityTypes: ['dataJob'] },
      { name: 'KeyedBy', path: ['mlPrimaryKeys', '*'], entityTypes: ['mlPrimaryKey'] },
    ]);
  });

  it('lets a path-keyed annotation on an enclosing field override the nested one', () => {
    const metadata = lookup('com.linkedin.schema.EditableSchemaMetadata')!;
    expect(collectRelationships(metadata.record, metadata.file, lookup)).toEqual([
      {
        name: 'EditableSchemaFieldWithGlossaryTerm',
        path: ['editableSchemaFieldInfo', '*', 'glossaryTerms', 'terms', '*', 'urn'],
        entityTypes: ['glossaryTerm'],
      },
    ]);
  });
});

describe('parsePdl on full Pegasus', () => {
  it('reads typerefs with escaped annotation names, enums with symbol annotations, and fixed types', () => {
    const urn = parsePdl(`namespace com.linkedin.common
@java.class = "com.linkedin.common.urn.GlossaryTermUrn"
@validate.\`com.linkedin.common.validator.TypedUrnValidator\` = { "entityType" : "glossaryTerm", "fields" : [ { "name" : "name" } ] }
typeref GlossaryTermUrn = string`);
    expect(urn.main).toMatchObject({
      kind: 'typeref',
      fullName: 'com.linkedin.common.GlossaryTermUrn',
      ref: { kind: 'primitive', name: 'string' },
    });
    expect(urn.main.annotations['validate.com.linkedin.common.validator.TypedUrnValidator']).toMatchObject({
      entityType: 'glossaryTerm',
    });
    const kind = parsePdl(`namespace a.b
enum Kind {
  /** doc */
  @deprecated = "use B"
  A
  B,
  C
}`);
    expect(kind.main).toMatchObject({ kind: 'enum', symbols: ['A', 'B', 'C'] });
    expect(parsePdl('namespace a\nfixed Md5 16').main).toMatchObject({
      kind: 'fixed',
      fullName: 'a.Md5',
      size: 16,
    });
  });

  it('reads unions (plain and aliased), maps, defaults and inline named types in the enclosing namespace', () => {
    const file = parsePdl(`namespace a.b
import x.y.Other
record R includes Base, x.y.More {
  plain: union[null, string, Other, array[int]]
  aliased: optional union[@doc = "x" first: string, second: record Inline { v: long = 1 }] = { "first": "z" }
  values: map[string, enum Color { RED, GREEN }] = {}
  nested: typeref Id = string
}`);
    expect(file.record?.includes).toEqual(['Base', 'x.y.More']);
    const [plain, aliased, values, nested] = file.record?.fields ?? [];
    expect(plain?.type).toMatchObject({
      kind: 'union',
      members: [
        { alias: undefined, type: { kind: 'primitive', name: 'null' } },
        { alias: undefined, type: { kind: 'primitive', name: 'string' } },
        { alias: undefined, type: { kind: 'named', name: 'Other' } },
        { alias: undefined, type: { kind: 'array', items: { kind: 'primitive', name: 'int' } } },
      ],
    });
    expect(aliased).toMatchObject({ optional: true, hasDefault: true, default: { first: 'z' } });
    expect(aliased?.type).toMatchObject({
      kind: 'union',
      members: [{ alias: 'first' }, { alias: 'second' }],
    });
    expect(values).toMatchObject({ hasDefault: true, type: { kind: 'map', values: { kind: 'enum' } } });
    expect(nested?.type).toMatchObject({ kind: 'typeref' });
    expect(file.named.map((named) => named.fullName).sort()).toEqual([
      'a.b.Color',
      'a.b.Id',
      'a.b.Inline',
      'a.b.R',
    ]);
    expect(resolveTypeName('Inline', file)).toBe('a.b.Inline');
    expect(resolveTypeName('Other', file)).toBe('x.y.Other');
  });

  it('fails loudly, naming the line, on what it cannot read', () => {
    expect(() => parsePdl('namespace a\nrecord R {\n  f: \n}')).toThrow(/line 4/);
    expect(() => parsePdl('namespace a\nrecord R { f: string } extra')).toThrow(/unexpected text/);
  });
});
