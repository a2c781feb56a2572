import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { renderManifests } from '../manifest/render-manifests.js';

const file = (text: string) => ({
  path: 'catalog/properties.yaml',
  text: text
    .split('---\n')
    .map((doc) => `apiVersion: catalog/v1\nkind: StructuredProperty\n${doc}`)
    .join('---\n'),
});

describe('StructuredProperty', () => {
  it("declares the propertyDefinition DataHub's CLI writes for the same fields", () => {
    // metadata-ingestion/examples/structured_properties/structured_properties.yaml at v1.7.0, in this format, and
    // the aspects of example_structured_properties_golden.json (its version made one GMS accepts).
    const load = buildCatalog([
      file(
        [
          'id: io.acryl.privacy.retentionTime\ntype: number\nversion: "20240610000000"\ncardinality: MULTIPLE\n' +
            'displayName: Retention Time\nentityTypes: [dataset, urn:li:entityType:datahub.dataFlow]\n' +
            'description: How long to retain records.\nallowedValues:\n  - { value: 30, description: 30 days }\n' +
            '  - { value: 90, description: 90 days }\n',
          'id: io.acryl.dataManagement.steward\ntype: urn\nallowedTypes: [corpuser, corpGroup]\n' +
            'displayName: Steward\nentityTypes: [dataset, dataFlow, dataJob]\n',
        ].join('---\n'),
      ),
    ]);
    expect(load.diagnostics).toEqual([]);
    expect(load.state?.entities.map((entity) => [entity.urn, entity.aspectName, entity.fields])).toEqual([
      [
        'urn:li:structuredProperty:io.acryl.dataManagement.steward',
        'propertyDefinition',
        {
          qualifiedName: 'io.acryl.dataManagement.steward',
          displayName: 'Steward',
          valueType: 'urn:li:dataType:datahub.urn',
          typeQualifier: {
            allowedTypes: ['urn:li:entityType:datahub.corpuser', 'urn:li:entityType:datahub.corpGroup'],
          },
          cardinality: 'SINGLE',
          entityTypes: [
            'urn:li:entityType:datahub.dataset',
            'urn:li:entityType:datahub.dataFlow',
            'urn:li:entityType:datahub.dataJob',
          ],
          immutable: false,
        },
      ],
      [
        'urn:li:structuredProperty:io.acryl.privacy.retentionTime',
        'propertyDefinition',
        {
          qualifiedName: 'io.acryl.privacy.retentionTime',
          displayName: 'Retention Time',
          valueType: 'urn:li:dataType:datahub.number',
          allowedValues: [
            { value: { double: 30 }, description: '30 days' },
            { value: { double: 90 }, description: '90 days' },
          ],
          cardinality: 'MULTIPLE',
          entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.dataFlow'],
          description: 'How long to retain records.',
          immutable: false,
          version: '20240610000000',
        },
      ],
    ]);
    // No settings: structuredPropertySettings is not declared (left as it is).
    expect(load.state?.entities[0]?.aspects).toEqual([
      expect.objectContaining({ aspectName: 'structuredPropertySettings', value: null }),
    ]);
  });

  it('declares the settings with every display setting, false where left out', () => {
    const load = buildCatalog([
      file('id: tier\ntype: string\nentityTypes: [mlModel]\nsettings: { showInAssetSummary: true }\n'),
    ]);
    expect(load.diagnostics).toEqual([]);
    expect(load.state?.entities[0]?.aspects?.[0]?.value).toEqual({
      isHidden: false,
      showInSearchFilters: false,
      showInAssetSummary: true,
      hideInAssetSummaryWhenEmpty: false,
      showAsAssetBadge: false,
      showInColumnsTable: false,
    });
  });

  it('refuses what DataHub would refuse, each at its line', () => {
    const load = buildCatalog([
      file(
        [
          'id: a\ntype: string\nentityTypes: [mlModl, tag]\nallowedTypes: [corpuser]\n',
          'id: b c\ntype: number\nversion: "1.0.0"\nallowedValues: [{ value: "30" }]\n',
          'id: d\ntype: date\nallowedValues: [{ value: 2024-13-01 }, { value: 20 }]\n',
          'id: e\ntype: string\nsettings: { isHidden: true, showInSearchFilters: true }\n',
          'id: f.g\ntype: string\nsettings: { showAsAssetBadge: true }\n',
          'id: f_g\ntype: string\nsettings: { showAsAssetBadge: true }\n',
        ].join('---\n'),
      ),
    ]);
    expect(
      load.diagnostics.map((diagnostic) => [diagnostic.location?.line, diagnostic.message, diagnostic.hint]),
    ).toEqual([
      [5, "'mlModl' is not an entity type of DataHub", "did you mean 'mlModel'?"],
      [
        5,
        "DataHub's tag entity has no structuredProperties aspect: a property cannot be set on it",
        "remove 'tag' (DataHub's entity registry, entity tag)",
      ],
      [
        6,
        "allowedTypes restricts the values of a urn property; this one's type is string",
        'remove allowedTypes, or make the type urn',
      ],
      [
        10,
        "'b c' has a space",
        expect.stringContaining('DataHub refuses a property whose URN id has spaces'),
      ],
      [12, "version '1.0.0' is not 14 digits", expect.stringContaining('exactly 14 digits')],
      [13, "allowed value '30' is not a number", 'write it as a number: 30, not "30"'],
      [19, "allowed value '2024-13-01' is not a date", 'write a day as YYYY-MM-DD'],
      [19, 'allowed value 20 of a date property is a number', expect.stringContaining('quote it')],
      [25, expect.stringContaining('Cannot have property isHidden = true'), expect.any(String)],
      [
        35,
        "properties urn:li:structuredProperty:f.g and urn:li:structuredProperty:f_g are indexed under the same search field 'f_g'",
        expect.stringContaining("differ only by '.' and '_'"),
      ],
      [37, 'urn:li:structuredProperty:f.g is already shown as a badge', expect.stringContaining('one')],
    ]);
  });

  it('shows policies the manifest’s own fields', () => {
    const load = buildCatalog([
      file(
        'id: io.example.tier\ntype: string\nentityTypes: [urn:li:entityType:datahub.mlModel]\nallowedValues: [{ value: "1" }]\n',
      ),
    ]);
    expect(load.declarations?.[0]?.entity).toEqual({
      kind: 'StructuredProperty',
      urn: 'urn:li:structuredProperty:io.example.tier',
      id: 'io.example.tier',
      qualifiedName: 'io.example.tier',
      type: 'string',
      cardinality: 'SINGLE',
      entityTypes: ['mlModel'],
      allowedTypes: [],
      allowedValues: ['1'],
      immutable: false,
    });
  });

  it('exports a definition back to the document that declares it', () => {
    const out = renderManifests({
      StructuredProperty: [
        {
          urn: 'urn:li:structuredProperty:io.example.retention',
          aspects: new Map([
            [
              'propertyDefinition',
              {
                qualifiedName: 'io.example.retention',
                displayName: 'Retention',
                valueType: 'urn:li:dataType:datahub.number',
                allowedValues: [{ value: { double: 30 }, description: '30 days' }],
                cardinality: 'MULTIPLE',
                entityTypes: ['urn:li:entityType:datahub.dataset'],
                immutable: false,
                version: '20240610000000',
              },
            ],
            ['structuredPropertySettings', { isHidden: false, showInAssetSummary: true }],
          ]),
        },
      ],
    });
    expect(out.files.get('structured-properties.yaml')).toBe(
      '# Exported from the live catalog by `catalog export`.\napiVersion: catalog/v1\nkind: StructuredProperty\nid: io.example.retention\ndisplayName: Retention\n' +
        'type: number\ncardinality: MULTIPLE\nallowedValues:\n  - value: 30\n    description: 30 days\n' +
        'entityTypes:\n  - dataset\nversion: "20240610000000"\nsettings:\n  showInAssetSummary: true\n',
    );
  });
});
