import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanId, createId, datahubGuid } from '../../src/import/business-glossary.js';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const FIXTURES = path.resolve('test/fixtures/business-glossary');
const SETTINGS = 'apiVersion: catalog/v1\nkind: Settings\nactor: urn:li:corpuser:catalog-bot\n';

type Expected = [urn: string, aspect: string, value: Record<string, unknown>][];

/**
 * An aspect as compared with DataHub's golden: the tool's ownership markers, audit stamps and empty maps (which
 * DataHub reads as absent) left out.
 */
function comparable(aspect: string, value: any): unknown {
  if (value === undefined) return undefined;
  const copy = JSON.parse(JSON.stringify(value));
  if (aspect === 'ownership') {
    delete copy.lastModified;
    if (JSON.stringify(copy.ownerTypes) === '{}') delete copy.ownerTypes;
    copy.owners = copy.owners.map(({ source, ...owner }: any) => owner);
  }
  if (aspect === 'institutionalMemory')
    copy.elements = copy.elements.map(({ createStamp, ...element }: any) => element);
  if (JSON.stringify(copy.customProperties) === '{}') delete copy.customProperties;
  return copy;
}

describe('DataHub ids', () => {
  it("cleans names as DataHub's clean_url does (its unit test cases)", () => {
    const cases: [string, string][] = [
      ['Basic Term', 'Basic-Term'],
      ['Special@#$Characters!', 'SpecialCharacters'],
      ['Multiple   Spaces', 'Multiple-Spaces'],
      ['Term.With.Dots', 'Term.With.Dots'],
      ['Term_With_Underscores', 'TermWithUnderscores'],
      ['@#$Special At Start', 'Special-At-Start'],
      ['-Leading-Trailing-', 'Leading-Trailing'],
      ['Multiple...Periods', 'Multiple.Periods'],
      ['Mixed-Hyphens.Periods', 'Mixed-Hyphens.Periods'],
      ['', ''],
      ['   ', ''],
      ['@#$%', ''],
      ['...', ''],
      ['.Leading.Trailing.', 'Leading.Trailing'],
    ];
    for (const [input, expected] of cases) expect(cleanId(input), input).toBe(expected);
    const options = { enableAutoId: false, legacyIds: false };
    expect(createId(['pii', 'secure % password'], options)).toBe('pii.secure-password');
    expect(createId(['Term One', 'Term Two', 'Term Three'], options)).toBe('Term-One.Term-Two.Term-Three');
    expect(createId(['test', 'special@#$chars'], options)).toBe('test.specialchars');
    // Non-ASCII falls back to DataHub's hashed id.
    expect(createId(['pii', 'secure パスワード'], options)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("hashes as datahub_guid: the id DataHub's golden holds for the path 'KPIs.CSAT %'", () => {
    expect(datahubGuid({ path: 'KPIs.CSAT %' })).toBe('4faf1eed790370f65942f2998a7993d6');
    expect(createId(['KPIs', 'CSAT %'], { enableAutoId: false, legacyIds: true })).toBe(
      '4faf1eed790370f65942f2998a7993d6',
    );
    expect(createId(['Personal Information', 'Email'], { enableAutoId: false, legacyIds: true })).toBe(
      'Personal Information.Email',
    );
  });
});

describe('catalog import business-glossary', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const aspect = (urn: string, name: string) => server.aspect(urn, name);

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
    writeManifests(dir, { 'catalog/catalog.yaml': SETTINGS });
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  const importAndApply = async (file: string, ...flags: string[]) => {
    const imported = await runCatalog(
      [
        'import',
        'business-glossary',
        path.join(FIXTURES, file),
        '--out',
        'catalog/glossary-import',
        ...flags,
      ],
      { cwd: dir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    const applied = await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: dir });
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const again = await runCatalog(['reconcile', 'catalog', '--dry-run', '--server', server.url], {
      cwd: dir,
    });
    expect(again.stdout).toContain('No changes.');
  };

  for (const [input, expected] of [
    ['url_cleaning_glossary.yml', 'url_cleaning_expected.json'],
    ['custom_ownership_urns.yml', 'custom_ownership_urns_expected.json'],
  ]) {
    it(`reconciles ${input} to the URNs and aspects of DataHub's golden`, async () => {
      await importAndApply(input as string);
      const records = JSON.parse(readFileSync(path.join(FIXTURES, expected as string), 'utf8')) as Expected;
      expect(records.length).toBeGreaterThan(5);
      for (const [urn, name, value] of records) {
        expect(comparable(name, await aspect(urn, name)), `${name} of ${urn}`).toEqual(
          comparable(name, value),
        );
      }
    });
  }

  it('with --enable-auto-id gives every node and term the hashed id of its path', async () => {
    await importAndApply('url_cleaning_glossary.yml', '--enable-auto-id');
    const node = `urn:li:glossaryNode:${datahubGuid({ path: 'URL Testing' })}`;
    const term = `urn:li:glossaryTerm:${datahubGuid({ path: 'URL Testing.Special@#$Characters!' })}`;
    expect((await aspect(node, 'glossaryNodeInfo')).name).toBe('URL Testing');
    expect(await aspect(term, 'glossaryTermInfo')).toMatchObject({
      name: 'Special@#$Characters!',
      parentNode: node,
    });
  });

  it('with --legacy-ids matches the golden of a DataHub release before the cleaning, and migrates it with no change', async () => {
    // The test input of that golden (business_glossary.yml), less a `domains:` list its term carried, which
    // DataHub's config model refuses as an unknown field.
    writeFileSync(
      path.join(dir, 'business_glossary.yml'),
      `version: 1
source: DataHub
owners:
  users:
    - mjames
url: "https://github.com/datahub-project/datahub/"
nodes:
  - name: Classification
    description: A set of terms related to Data Classification
    knowledge_links:
      - label: Wiki link for classification
        url: "https://en.wikipedia.org/wiki/Classification"
    terms:
      - name: Sensitive
        description: Sensitive Data
        custom_properties:
          is_confidential: false
        knowledge_links:
          - label: Google Link
            url: "https://www.google.com"
      - name: Confidential
        description: Confidential Data
        custom_properties:
          is_confidential: true
      - name: Highly Confidential
        description: Highly Confidential Data
        custom_properties:
          is_confidential: true
  - name: Personal Information
    description: All terms related to personal information
    owners:
      users:
        - mjames
    terms:
      - name: Email
        description: An individual's email address
        inherits:
          - Classification.Confidential
        owners:
          groups:
            - Trust and Safety
      - name: Address
        description: A physical address
      - name: Gender
        description: The gender identity of the individual
        inherits:
          - Classification.Sensitive
  - name: Clients And Accounts
    description: Provides basic concepts such as account, account holder, account provider, relationship manager that are commonly used by financial services providers to describe customers and to determine counterparty identities
    owners:
      groups:
        - finance
    terms:
      - name: Account
        description: Container for records associated with a business arrangement for regular transactions and services
        term_source: "EXTERNAL"
        source_ref: FIBO
        source_url: "https://spec.edmcouncil.org/fibo/ontology/FBC/ProductsAndServices/ClientsAndAccounts/Account"
        inherits:
          - Classification.Highly Confidential
        contains:
          - Clients And Accounts.Balance
      - name: Balance
        description: Amount of money available or owed
        term_source: "EXTERNAL"
        source_ref: FIBO
        source_url: "https://spec.edmcouncil.org/fibo/ontology/FBC/ProductsAndServices/ClientsAndAccounts/Balance"
  - name: KPIs
    description: Common Business KPIs
    terms:
      - name: CSAT %
        description: Customer Satisfaction Score
`,
    );
    const golden = JSON.parse(
      readFileSync('test/fixtures/datahub/glossary_events_golden.json', 'utf8'),
    ) as any[];
    const expected: Expected = [];
    for (const record of golden) {
      const snapshot = record.proposedSnapshot && Object.values(record.proposedSnapshot)[0];
      if (snapshot !== undefined) {
        for (const item of snapshot.aspects) {
          const [fqn, value] = Object.entries(item)[0] as [string, Record<string, unknown>];
          const name = (fqn.split('.').pop() as string).replace(/^./, (c) => c.toLowerCase());
          expected.push([snapshot.urn, name, value]);
        }
      } else if (record.aspectName !== undefined) {
        expected.push([record.entityUrn, record.aspectName, JSON.parse(record.aspect.value)]);
      }
    }
    expect(expected.length).toBeGreaterThan(30);

    // Migration: the catalog holds what DataHub's source wrote; importing and reconciling changes nothing.
    const ingested = await runCatalog(
      ['ingest', 'test/fixtures/datahub/glossary_events_golden.json', '--server', server.url],
      { cwd: process.cwd() },
    );
    expect(ingested.code, ingested.stderr).toBe(0);
    const imported = await runCatalog(
      ['import', 'business-glossary', 'business_glossary.yml', '--out', 'catalog/glossary', '--legacy-ids'],
      { cwd: dir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    const plan = await runCatalog(['reconcile', 'catalog', '--dry-run', '--server', server.url], {
      cwd: dir,
    });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');

    // And into an empty catalog, it writes what the golden holds.
    await server.close();
    server = await startTestServer();
    expect((await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: dir })).code).toBe(0);
    for (const [urn, name, value] of expected) {
      expect(comparable(name, await aspect(urn, name)), `${name} of ${urn}`).toEqual(comparable(name, value));
    }
  });

  it('refuses what DataHub refuses, says where, and writes nothing', async () => {
    writeFileSync(
      path.join(dir, 'bad.yml'),
      `version: "2"
owners: { users: [a] }
nodes:
  - name: N
    description: d
    colour: red
    terms:
      - name: T
        description: d
        domain: Marketing
`,
    );
    const result = await runCatalog(['import', 'business-glossary', 'bad.yml', '--out', 'out'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('bad.yml: version: only version 1 is supported');
    expect(result.stderr).toContain('bad.yml: nodes[0].colour: extra fields not permitted');
    expect(result.stderr).toContain("nodes[0].terms[0].domain: 'Marketing' needs server-side resolution");
    expect(result.stderr).toContain('nothing was written');
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
  });
});
