import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { copyExample } from './helpers/catalog-dir.js';
import { runCatalog } from './helpers/run-cli.js';
import { tempDir } from './helpers/server.js';

describe('catalog validate', () => {
  it('accepts the example catalog and summarises it', async () => {
    const run = await runCatalog(['validate', 'catalog']);
    expect(run.code).toBe(0);
    // The starter policy asking models for a technical owner is a warning: the example's models have none yet.
    expect(run.stderr.match(/ warning .* \[POLICY_VIOLATION\]/g)).toHaveLength(2);
    expect(run.stderr).not.toMatch(/ error /);
    expect(run.stdout).toMatch(
      /^✔ catalog is valid: 28 documents in 14 files \(1 Settings, 2 GlossaryNode, 7 GlossaryTerm, 2 Tag, 2 MLFeature, 2 MLFeatureTable, 1 MLModelGroup, 2 MLModel, 2 DatasetTerms, 1 OwnershipType, 2 StructuredProperty, 1 Form, 3 Policy\); 28 entities \(8 features\), 12 term attachments; 3 policies checked, 2 warnings\n$/,
    );
  });

  it('keeps a parse cache under .catalog/ that gives the same answer, unless --no-cache', async () => {
    const { dir, cleanup } = tempDir();
    try {
      copyExample(dir);
      const first = await runCatalog(['validate', 'catalog', '--output', 'json'], { cwd: dir });
      const cache = path.join(dir, '.catalog/cache/manifests');
      expect(readdirSync(cache).filter((name) => name.endsWith('.v8'))).toHaveLength(14);
      const second = await runCatalog(['validate', 'catalog', '--output', 'json'], { cwd: dir });
      expect(second).toEqual(first);
      expect(first.code).toBe(0);

      const { dir: other, cleanup: cleanupOther } = tempDir();
      try {
        copyExample(other);
        const uncached = await runCatalog(['validate', 'catalog', '--output', 'json', '--no-cache'], {
          cwd: other,
        });
        expect(uncached).toEqual(first);
        expect(existsSync(path.join(other, '.catalog'))).toBe(false);
      } finally {
        cleanupOther();
      }
    } finally {
      cleanup();
    }
  });

  it('defaults to catalog/', async () => {
    const run = await runCatalog(['validate']);
    expect(run.code).toBe(0);
  });

  it('reports every mistake of the broken fixtures at once, located, in a stable order', async () => {
    const run = await runCatalog(['validate', 'test/fixtures/broken', '--output', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { valid: boolean; diagnostics: Record<string, unknown>[] };
    expect(report.valid).toBe(false);
    const found = report.diagnostics.map(
      (d) =>
        `${String(d['file']).replace('test/fixtures/broken/', '')}:${String(d['line'])}:${String(d['column'])} ${String(d['code'])}`,
    );
    expect(found).toEqual([
      '01-yaml-syntax.yaml:5:13 YAML_SYNTAX',
      '02-missing-api-version.yaml:1:1 MISSING_API_VERSION',
      '03-unknown-kind.yaml:2:7 UNKNOWN_KIND',
      '04-unknown-field.yaml:5:1 UNKNOWN_FIELD',
      '04-unknown-field.yaml:8:5 UNKNOWN_FIELD',
      '05-missing-required.yaml:1:1 MISSING_FIELD',
      '06-wrong-type.yaml:5:10 WRONG_TYPE',
      '06-wrong-type.yaml:6:11 WRONG_TYPE',
      '07-invalid-enum.yaml:5:11 INVALID_VALUE',
      '07-invalid-enum.yaml:11:6 INVALID_VALUE',
      '07-invalid-enum.yaml:17:13 INVALID_VALUE',
      '08-malformed-urn.yaml:3:10 MALFORMED_URN',
      '08-malformed-urn.yaml:11:5 MALFORMED_URN',
      '09-duplicate.yaml:8:5 DUPLICATE_DECLARATION',
      '10-unknown-reference.yaml:9:9 UNKNOWN_REFERENCE',
      '10-unknown-reference.yaml:15:10 UNKNOWN_REFERENCE',
      '10-unknown-reference.yaml:16:12 UNKNOWN_REFERENCE',
    ]);
    const hints = Object.fromEntries(
      report.diagnostics.map((d) => [`${String(d['file'])}:${String(d['line'])}`, d['hint']]),
    );
    expect(hints['test/fixtures/broken/03-unknown-kind.yaml:2']).toBe("did you mean 'MLFeatureTable'?");
    expect(hints['test/fixtures/broken/04-unknown-field.yaml:5']).toBe("did you mean 'description'?");
    expect(hints['test/fixtures/broken/04-unknown-field.yaml:8']).toBe("did you mean 'dataType'?");
    expect(hints['test/fixtures/broken/10-unknown-reference.yaml:9']).toBe("did you mean 'Known.Term'?");
    expect(hints['test/fixtures/broken/10-unknown-reference.yaml:16']).toBe("did you mean 'risk.velocity'?");
    expect(hints['test/fixtures/broken/09-duplicate.yaml:8']).toContain('09-duplicate.yaml:3:5');
  });

  it('prints a code frame with a caret under each mistake', async () => {
    const run = await runCatalog(['validate', 'test/fixtures/broken']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      [
        "test/fixtures/broken/04-unknown-field.yaml:8:5 error unknown field 'dataTyp' in features[0] [UNKNOWN_FIELD]",
        '  8 |     dataTyp: CONTINUOUS',
        '    |     ^',
        "  hint: did you mean 'dataType'?",
      ].join('\n'),
    );
    expect(run.stderr).toContain('✖ 17 problems in 10 files; nothing was loaded');
  });

  it('fails clearly on a missing directory', async () => {
    const run = await runCatalog(['validate', 'no/such/dir']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cannot read the catalog directory no\/such\/dir/);
  });
});

describe('JSON Schemas used alone by ajv', () => {
  const ajv = new Ajv2020({ allErrors: true });
  (addFormatsModule as unknown as { default: (a: Ajv2020) => void }).default(ajv);
  for (const file of readdirSync('schemas'))
    ajv.addSchema(JSON.parse(readFileSync(`schemas/${file}`, 'utf8')) as object);
  const validate = ajv.getSchema('catalog.schema.json');
  const documentsOf = (file: string): unknown[] =>
    parseAllDocuments(readFileSync(`test/fixtures/broken/${file}`, 'utf8')).map(
      (doc) => doc.toJS() as unknown,
    );

  it('accept every document of the example catalog', () => {
    const files = readdirSync('catalog', { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.yaml'),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const doc of parseAllDocuments(readFileSync(`catalog/${file}`, 'utf8'))) {
        expect(validate?.(doc.toJS()), `${file}: ${JSON.stringify(validate?.errors)}`).toBe(true);
      }
    }
  });

  it.each([
    ['02-missing-api-version.yaml', 'required'],
    ['03-unknown-kind.yaml', 'enum'],
    ['04-unknown-field.yaml', 'additionalProperties'],
    ['05-missing-required.yaml', 'required'],
    ['06-wrong-type.yaml', 'type'],
    ['07-invalid-enum.yaml', 'enum'],
    ['08-malformed-urn.yaml', 'pattern'],
  ])('reject %s (%s)', (file, keyword) => {
    for (const doc of documentsOf(file)) {
      expect(validate?.(doc)).toBe(false);
      expect(validate?.errors?.map((error) => error.keyword)).toContain(keyword);
    }
  });
});
