import { describe, expect, it } from 'vitest';
import { importForms } from './forms-yaml.js';
import { importStructuredProperties } from './structured-properties-yaml.js';

describe("DataHub's list files", () => {
  it('refuse a file that is not a list, naming what the verb reads, at the file', () => {
    expect(importForms('id: one\n', 'forms.yaml').errors).toEqual([
      expect.stringMatching(
        /^forms\.yaml:1:1: the file is not a list of forms \(what `datahub forms upsert` reads\)$/,
      ),
    ]);
    expect(importStructuredProperties('{}\n', 'props.yaml').errors[0]).toContain(
      'the file is not a list of structured properties (what `datahub properties upsert` reads)',
    );
  });

  it('refuse an entry that is not a mapping at its line, and write nothing', () => {
    const result = importStructuredProperties(
      '- id: io.example.tier\n  type: string\n  entity_types: [dataset]\n- just a string\n',
      'props.yaml',
    );
    expect(result.files).toEqual([]);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^props\.yaml:4:\d+: .*Input should be a valid dictionary or instance of StructuredProperties$/,
      ),
    ]);
  });

  it('make one manifest file of the entries, counted by kind', () => {
    const result = importStructuredProperties(
      '- id: io.example.tier\n  type: string\n  entity_types: [dataset]\n- id: io.example.days\n  type: number\n  entity_types: [dataset]\n',
      'props.yaml',
    );
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ StructuredProperty: 2 });
    expect(result.files.map((file) => [file.path, file.documents.length])).toEqual([
      ['structured-properties.yaml', 2],
    ]);
  });
});
