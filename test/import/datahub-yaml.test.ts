import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/** DataHub's example files and unit-test goldens at v1.7.0 (PROVENANCE.md there). */
const FIXTURES = path.resolve('test/fixtures/datahub-yaml');
const fixture = (name: string): string => readFileSync(path.join(FIXTURES, name), 'utf8');

interface GoldenMcp {
  readonly entityUrn: string;
  readonly aspectName: string;
  readonly aspect: { readonly json: Record<string, unknown> };
}
const golden = (name: string): GoldenMcp[] => JSON.parse(fixture(name)) as GoldenMcp[];

const SETTINGS = 'apiVersion: catalog/v1\nkind: Settings\nactor: urn:li:corpuser:datahub\n';

describe("importing DataHub's YAML files", () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog(args, { cwd: dir });

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  describe('structured-properties', () => {
    it("refuses DataHub's example as GMS v1.7.0 would, at the line, and writes nothing", async () => {
      writeFileSync(path.join(dir, 'properties.yaml'), fixture('structured_properties.yaml'));
      const imported = await run('import', 'structured-properties', 'properties.yaml', '--out', 'catalog');
      expect(imported.code).toBe(1);
      expect(imported.stderr).toContain(
        `error properties.yaml:5:12: [0].version: version '1.0.0': DataHub v1.7.0 refuses it (PropertyDefinitionValidator: "Invalid version specified. Must match [0-9]{14}")`,
      );
      expect(imported.stderr).toContain('nothing was written');
      expect(existsSync(path.join(dir, 'catalog'))).toBe(false);
    });

    it("reconciles the example (its version made one GMS takes) to every aspect of DataHub's golden", async () => {
      const VERSION = '20240610000000';
      writeFileSync(
        path.join(dir, 'properties.yaml'),
        fixture('structured_properties.yaml').replace('version: "1.0.0"', `version: "${VERSION}"`),
      );
      const imported = await run('import', 'structured-properties', 'properties.yaml', '--out', 'catalog');
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toBe('imported 8 StructuredProperty into 1 file under catalog\n');
      const text = readFileSync(path.join(dir, 'catalog', 'structured-properties.yaml'), 'utf8');
      expect(
        text.startsWith('# Imported from properties.yaml by `catalog import structured-properties`.\n'),
      ).toBe(true);
      writeManifests(dir, { 'catalog/catalog.yaml': SETTINGS });
      const applied = await run('reconcile', 'catalog', '--server', server.url);
      expect(applied.code, applied.stderr + applied.stdout).toBe(0);
      const mcps = golden('example_structured_properties_golden.json');
      expect(mcps).toHaveLength(8);
      for (const mcp of mcps) {
        const expected = { ...mcp.aspect.json };
        if (expected['version'] === '1.0.0') expected['version'] = VERSION;
        expect(await server.aspect(mcp.entityUrn, mcp.aspectName), mcp.entityUrn).toEqual(expected);
      }
      const again = await run('reconcile', 'catalog', '--server', server.url, '--dry-run');
      expect(again.stdout).toContain('No changes.');
    });

    it('locates every mistake the CLI would refuse, or GMS after it', async () => {
      writeFileSync(
        path.join(dir, 'bad.yaml'),
        [
          '- id: a.b', // 1
          '  type: float', // 2: no such type
          '  entity_types: [datasett]', // 3: no such entity type
          '- urn: urn:li:structuredProperty:c', // 4
          '  qualified_name: d', // 5: does not match the URN
          '  type: string',
          '  colour: red', // 7: no such field
          '- id: e',
          '  type: STRING', // 9: lower-cased, with a warning
          '  allowed_values: [{ value: 30 }]', // 10: a number for a string property
          '',
        ].join('\n'),
      );
      const imported = await run('import', 'structured-properties', 'bad.yaml');
      expect(imported.code).toBe(1);
      expect(imported.stderr).toContain(
        'warning bad.yaml:9:9: [2].type: Structured property type should be lowercase. Updated to string',
      );
      for (const line of [
        'error bad.yaml:2:9: [0].type: Value error, Type float is not allowed. Allowed types are string, rich_text, number, date, urn',
        'error bad.yaml:3:18: [0].entity_types[0]: Value error, Input datasett is not a valid entity type urn.',
        "error bad.yaml:5:19: [1].qualified_name: ID in the urn and the qualified_name must match ('c' and 'd')",
        "error bad.yaml:7:3: [1].colour: Extra inputs are not permitted (DataHub's StructuredProperties has no field 'colour')",
        'error bad.yaml:10:29: [2].allowed_values[0].value: allowed value 30 of a string property is a number',
      ])
        expect(imported.stderr).toContain(line);
    });
  });

  describe('data-product', () => {
    const PRODUCT = 'urn:li:dataProduct:pet_of_the_week';
    /** What the unit tests' mock graph holds (urn:li:domain:12345 named Marketing), and the assets, tag and term. */
    const seed = async () => {
      const proposals = [
        proposal('urn:li:domain:12345', 'domainProperties', {
          name: 'Marketing',
          description: 'Marketing Domain',
        }),
        proposal('urn:li:container:DATABASE', 'containerProperties', { name: 'DATABASE' }),
        proposal('urn:li:container:SCHEMA', 'containerProperties', { name: 'SCHEMA' }),
        proposal(
          'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,test_feature_table_all_feature_dtypes)',
          'mlFeatureTableProperties',
          {},
        ),
        proposal('urn:li:tag:awesome', 'tagProperties', { name: 'awesome' }),
        proposal('urn:li:glossaryTerm:ClientsAndAccounts.AccountBalance', 'glossaryTermInfo', {
          definition: 'd',
          termSource: 'INTERNAL',
        }),
      ];
      expect((await server.post('/aspects?action=ingestProposalBatch', { proposals })).status).toBe(200);
    };

    /** An aspect without audit stamps and the tool's markers, defaults written out (outputPort false). */
    const comparable = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(comparable);
      if (typeof value !== 'object' || value === null) return value;
      const record = value as Record<string, unknown>;
      const kept: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(record)) {
        if (
          ['created', 'auditStamp', 'lastModified', 'attribution', 'source', 'actor', 'context'].includes(key)
        )
          continue;
        if (key === 'properties' && 'destinationUrn' in record) continue;
        kept[key] = comparable(item);
      }
      if ('destinationUrn' in record) kept['outputPort'] = record['outputPort'] === true;
      return kept;
    };

    for (const [input, goldenFile] of [
      ['dataproduct.yaml', 'golden_dataproduct_out.json'],
      ['dataproduct_output_ports.yaml', 'golden_dataproduct_output_ports.json'],
      ['dataproduct_ownership_type_urn.yaml', 'golden_dataproduct_out_ownership_type_urn.json'],
    ] as const) {
      it(`${input} reconciles to every aspect of ${goldenFile}`, async () => {
        await seed();
        writeFileSync(path.join(dir, input), fixture(input));
        const imported = await run(
          'import',
          'data-product',
          input,
          '--out',
          'catalog',
          '--server',
          server.url,
        );
        expect(imported.code, imported.stderr).toBe(0);
        expect(imported.stderr).toContain('domain Marketing is urn:li:domain:12345 (found by name in');
        writeManifests(dir, { 'catalog/catalog.yaml': SETTINGS });
        const applied = await run('reconcile', 'catalog', '--server', server.url);
        expect(applied.code, applied.stderr + applied.stdout).toBe(0);
        const mcps = golden(goldenFile);
        expect(mcps.map((mcp) => mcp.aspectName)).toContain('glossaryTerms');
        for (const mcp of mcps) {
          expect(mcp.entityUrn).toBe(PRODUCT);
          const live = await server.aspect(PRODUCT, mcp.aspectName);
          // The tool marks a new entity's status {removed: false} as the CLI does.
          expect(comparable(live), mcp.aspectName).toEqual(comparable(mcp.aspect.json));
        }
        const again = await run('reconcile', 'catalog', '--server', server.url, '--dry-run');
        expect(again.stdout).toContain('No changes.');
      });
    }

    it("refuses DataHub's example file as its CLI would: its links carry a title", async () => {
      writeFileSync(path.join(dir, 'product.yaml'), fixture('example_dataproduct.yaml'));
      const imported = await run('import', 'data-product', 'product.yaml', '--server', server.url);
      expect(imported.code).toBe(1);
      expect(imported.stderr).toContain(
        "error product.yaml:32:7: institutional_memory.elements[0].title: Extra inputs are not permitted (DataHub's InstitutionMemoryElement has no field 'title')",
      );
      expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
    });

    it("says DataHub's error, located, when a domain given by name is not there", async () => {
      writeFileSync(path.join(dir, 'product.yaml'), 'id: p\ndomain: Sales\n');
      const imported = await run('import', 'data-product', 'product.yaml', '--server', server.url);
      expect(imported.code).toBe(1);
      expect(imported.stderr).toContain(
        "product.yaml:2:9: domain: domain Sales doesn't seem to be provisioned on DataHub.",
      );
    });
  });

  describe('forms', () => {
    it("refuses DataHub's example as its CLI and GMS would, each problem at its line", async () => {
      writeFileSync(path.join(dir, 'forms.yaml'), fixture('forms.yaml'));
      const imported = await run('import', 'forms', 'forms.yaml');
      expect(imported.code).toBe(1);
      // pydantic 2 refuses a number where Forms.id is a str; the second form reuses prompt id "123".
      expect(imported.stderr).toContain(
        'error forms.yaml:1:7: [0].id: Input should be a valid string (YAML read 123456 as a number: quote it)',
      );
      expect(imported.stderr).toContain(
        "error forms.yaml:44:11: [1].prompts[0].id: prompt id '123' is used twice",
      );
    });

    it('reconciles the example, made valid, to the forms and filter the CLI writes', async () => {
      const VERSION = '20240610000000';
      writeFileSync(
        path.join(dir, 'properties.yaml'),
        fixture('structured_properties.yaml').replace('version: "1.0.0"', `version: "${VERSION}"`),
      );
      writeFileSync(
        path.join(dir, 'forms.yaml'),
        fixture('forms.yaml')
          .replace('- id: 123456', '- id: "123456"')
          .replace(/(urn: "urn:li:form:917364"[^]*?)- id: "123"/, '$1- id: "917364-123"'),
      );
      expect((await run('import', 'structured-properties', 'properties.yaml', '--out', 'catalog')).code).toBe(
        0,
      );
      const imported = await run('import', 'forms', 'forms.yaml', '--out', 'catalog');
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toBe('imported 2 Form into 1 file under catalog\n');
      writeManifests(dir, { 'catalog/catalog.yaml': SETTINGS });
      const applied = await run('reconcile', 'catalog', '--server', server.url);
      expect(applied.code, applied.stderr + applied.stdout).toBe(0);
      // forms.py create: FormInfoClass(name, description, prompts=validate_prompts(), type, actors=None → {owners: true}).
      const prompt = (id: string, title: string, type: string, property: string, required: boolean) => ({
        id,
        title,
        description: `Apply ${title} structured property to form`,
        type,
        structuredPropertyParams: { urn: `urn:li:structuredProperty:${property}` },
        required,
      });
      expect(await server.aspect('urn:li:form:123456', 'formInfo')).toEqual({
        name: 'Metadata Initiative 2023',
        description:
          'How we want to ensure the most important data assets in our organization have all of the most important and expected pieces of metadata filled out',
        type: 'VERIFICATION',
        prompts: [
          prompt('123', 'Retention Time', 'STRUCTURED_PROPERTY', 'io.acryl.privacy.retentionTime', true),
          prompt(
            '92847',
            'Replication SLA',
            'STRUCTURED_PROPERTY',
            'io.acryl.dataManagement.replicationSLA',
            true,
          ),
          prompt(
            '76543',
            'Replication SLA',
            'FIELDS_STRUCTURED_PROPERTY',
            'io.acryl.dataManagement.replicationSLA',
            false,
          ),
        ],
        actors: { owners: true },
      });
      // create_form_filters: FIELD_FILTER_TEMPLATE per list, one conjunction (createDynamicFormAssignment).
      const criterion = (field: string, values: string[]) => ({
        field,
        values,
        condition: 'EQUAL',
        negated: false,
      });
      expect(await server.aspect('urn:li:form:123456', 'dynamicFormAssignment')).toEqual({
        filter: {
          or: [
            {
              and: [
                criterion('_entityType', ['dataset']),
                criterion('platform.keyword', ['urn:li:dataPlatform:snowflake', 'urn:li:dataPlatform:dbt']),
                criterion('domains.keyword', ['urn:li:domain:b41fbb69-1549-4f30-a463-d75d1bed31c1']),
                criterion('container.keyword', ['urn:li:container:21d4204e13d5b984c58acad468ecdbdd']),
              ],
            },
          ],
        },
      });
      expect((await server.aspect('urn:li:form:917364', 'formInfo')).type).toBe('VERIFICATION');
      const again = await run('reconcile', 'catalog', '--server', server.url, '--dry-run');
      expect(again.stdout).toContain('No changes.');
    });

    it('refuses a prompt without an id: the CLI would make up a new one on every run', async () => {
      writeFileSync(
        path.join(dir, 'forms.yaml'),
        '- id: f\n  name: F\n  prompts:\n    - title: T\n      type: STRUCTURED_PROPERTY\n      structured_property_id: p\n',
      );
      const imported = await run('import', 'forms', 'forms.yaml');
      expect(imported.code).toBe(1);
      expect(imported.stderr).toContain(
        "error forms.yaml:4:7: [0].prompts[0]: the prompt has no id: DataHub's CLI gives it a new random id on every run",
      );
    });
  });
});
