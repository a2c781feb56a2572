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
