import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';

const PROPERTIES = `apiVersion: catalog/v1
kind: Settings
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.riskTier
type: string
allowedValues: [{ value: "1", description: Low }, { value: "2", description: High }]
entityTypes: [mlModel, mlModelGroup]
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.reviewed
type: date
cardinality: MULTIPLE
entityTypes: [mlModel]
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.validator
type: urn
allowedTypes: [corpuser]
entityTypes: [mlModel]
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.retentionDays
qualifiedName: io.example.retention
type: number
entityTypes: [mlModel, glossaryTerm]
`;

const load = (model: string) =>
  buildCatalog([
    { path: 'catalog/properties.yaml', text: PROPERTIES },
    { path: 'catalog/model.yaml', text: `apiVersion: catalog/v1\nkind: MLModel\nname: m\n${model}` },
  ]);

describe('`properties:` of a declaration', () => {
  it('resolves each property by id, qualified name or URN, values as DataHub stores them', () => {
    const loaded = load(
      'properties:\n  io.example.riskTier: "2"\n  io.example.retention: 30\n' +
        '  urn:li:structuredProperty:io.example.reviewed: [2024-01-31, 2024-06-30]\n',
    );
    expect(loaded.diagnostics).toEqual([]);
    const model = loaded.state?.entities.find((entity) => entity.entityType === 'mlModel');
    expect(model?.associations?.properties?.map(({ propertyUrn, values }) => [propertyUrn, values])).toEqual([
      ['urn:li:structuredProperty:io.example.riskTier', [{ string: '2' }]],
      ['urn:li:structuredProperty:io.example.retentionDays', [{ double: 30 }]],
      ['urn:li:structuredProperty:io.example.reviewed', [{ string: '2024-01-31' }, { string: '2024-06-30' }]],
    ]);
    // Policies see the values by the property's id, always as a list.
    expect(
      loaded.declarations?.find((declaration) => declaration.kind === 'MLModel')?.entity['properties'],
    ).toEqual({
      'io.example.riskTier': ['2'],
      'io.example.retentionDays': [30],
      'io.example.reviewed': ['2024-01-31', '2024-06-30'],
    });
  });

  it('reports every bad value at its line, with the fix', () => {
    const loaded = load(
      [
        'properties:',
        '  io.example.riskTeir: "1"', // 5: unknown, a typo of a declared one
        '  io.example.riskTier: ["1", "2"]', // 6: two values for a SINGLE property
        '  io.example.retention: "30"', // 7: a string for a number property
        '  io.example.reviewed: [2024-02-30]', // 8: not a date
        '  io.example.validator: urn:li:corpGroup:risk', // 9: a URN of a type it does not allow
        '',
      ].join('\n'),
    );
    expect(
      loaded.diagnostics.map((diagnostic) => [
        diagnostic.location?.line,
        diagnostic.message,
        diagnostic.hint,
      ]),
    ).toEqual([
      [5, "unknown property 'io.example.riskTeir'", "did you mean 'io.example.riskTier'?"],
      [
        6,
        "property 'io.example.riskTier' takes one value (cardinality SINGLE), not 2",
        'keep one value, or make the property MULTIPLE',
      ],
      [7, "'30' is not a number, and property 'io.example.retention' takes numbers", 'write it unquoted: 30'],
      [8, "'2024-02-30' is not a date", 'write a day as YYYY-MM-DD, from 1000-01-01 to 9999-12-31'],
      [
        9,
        "'urn:li:corpGroup:risk' is a corpGroup URN, and property 'io.example.validator' takes corpuser URNs",
        'name a corpuser',
      ],
    ]);
  });

  it('refuses a value outside the allowed list, and a property not for the entity type', () => {
    const loaded = buildCatalog([
      { path: 'catalog/properties.yaml', text: PROPERTIES },
      {
        path: 'catalog/term.yaml',
        text: 'apiVersion: catalog/v1\nkind: GlossaryTerm\nid: t\nname: T\nproperties:\n  io.example.riskTier: "3"\n',
      },
    ]);
    expect(loaded.diagnostics.map((diagnostic) => [diagnostic.message, diagnostic.hint])).toEqual([
      [
        "property 'io.example.riskTier' is not for glossaryTerm entities: it applies to mlModel, mlModelGroup",
        "add glossaryTerm to the property's entityTypes, or remove the value here",
      ],
      ["'3' is not an allowed value of property 'io.example.riskTier'", 'allowed: 1 (Low), 2 (High)'],
    ]);
  });

  it('refuses values on a kind whose entity has no structuredProperties aspect', () => {
    const loaded = buildCatalog([
      { path: 'catalog/properties.yaml', text: PROPERTIES },
      {
        path: 'catalog/tag.yaml',
        text: 'apiVersion: catalog/v1\nkind: Tag\nid: gold\nproperties: { io.example.riskTier: "1" }\n',
      },
    ]);
    expect(loaded.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      "unknown field 'properties'",
    ]);
  });
});
