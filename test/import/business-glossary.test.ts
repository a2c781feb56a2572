import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cleanId,
  createId,
  datahubGuid,
  importBusinessGlossary,
  type ImportOptions,
} from '../../src/import/business-glossary.js';
import { needsResolution, resolveDomains } from '../../src/import/domain-registry.js';
import { resolveElement } from '../../src/import/expand-env.js';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/** DataHub's own test inputs and goldens at v1.7.0 (PROVENANCE.md there). */
const FIXTURES = path.resolve('test/fixtures/business-glossary');
const SETTINGS = 'apiVersion: catalog/v1\nkind: Settings\nactor: urn:li:corpuser:catalog-bot\n';
const OPTIONS: ImportOptions = { enableAutoId: false, legacyIds: false };

type Expected = [urn: string, aspect: string, value: Record<string, unknown>][];

/** A DataHub golden (file sink: MCE snapshots and MCPs) as [urn, aspect name, value] in its order. */
function goldenAspects(file: string): Expected {
  const records = JSON.parse(readFileSync(file, 'utf8')) as any[];
  const expected: Expected = [];
  for (const record of records) {
    const snapshot = record.proposedSnapshot && Object.values(record.proposedSnapshot)[0];
    if (snapshot !== undefined) {
      for (const item of snapshot.aspects) {
        const [fqn, value] = Object.entries(item)[0] as [string, Record<string, unknown>];
        const name = (fqn.split('.').pop() as string).replace(/^./, (c) => c.toLowerCase());
        expected.push([snapshot.urn, name, value]);
      }
    } else if (record.aspectName !== undefined) {
      const value = record.aspect.json ?? JSON.parse(record.aspect.value);
      expected.push([record.entityUrn, record.aspectName, value]);
    }
  }
  return expected;
}

/**
 * An aspect as compared with DataHub's golden. Left out, because they are not the source's output but the run's
 * (or the tool's own bookkeeping): ownership.lastModified and institutionalMemory createStamps (times and actors
 * of the run), the tool's ownership markers (`source`), and empty maps (DataHub reads {} as absent).
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

async function expectGolden(server: TestServer, golden: string): Promise<void> {
  const records = goldenAspects(path.join(FIXTURES, golden));
  expect(records.length).toBeGreaterThan(5);
  for (const [urn, name, value] of records) {
    const live = await server.aspect(urn, name);
    if (name === 'status') {
      // The source's pipeline adds status {removed: false} to every entity (auto_status_aspect); the tool
      // writes no status aspect, and an entity without one is not removed, which is the same to DataHub.
      expect(value, `${name} of ${urn}`).toEqual({ removed: false });
      expect(live?.removed ?? false, `${name} of ${urn}`).toBe(false);
      expect(
        await server.aspect(urn, urn.includes('glossaryNode') ? 'glossaryNodeInfo' : 'glossaryTermInfo'),
      ).toBeDefined();
      continue;
    }
    expect(comparable(name, live), `${name} of ${urn}`).toEqual(comparable(name, value));
  }
}

describe("DataHub's unit tests of clean_url and create_id (tests/unit/test_business_glossary.py)", () => {
  it('test_clean_url and test_clean_url_edge_cases', () => {
    const cases: [string, string][] = [
      ['Basic Term', 'Basic-Term'],
      ['Term With Spaces', 'Term-With-Spaces'],
      ['Special@#$Characters!', 'SpecialCharacters'],
      ['MixedCase Term', 'MixedCase-Term'],
      ['Multiple   Spaces', 'Multiple-Spaces'],
      ['Term-With-Hyphens', 'Term-With-Hyphens'],
      ['Term.With.Dots', 'Term.With.Dots'],
      ['Term_With_Underscores', 'TermWithUnderscores'],
      ['123 Numeric Term', '123-Numeric-Term'],
      ['@#$Special At Start', 'Special-At-Start'],
      ['-Leading-Trailing-', 'Leading-Trailing'],
      ['Multiple...Periods', 'Multiple.Periods'],
      ['Mixed-Hyphens.Periods', 'Mixed-Hyphens.Periods'],
      ['', ''],
      [' ', ''],
      ['   ', ''],
      ['@#$%', ''],
      ['A', 'A'],
      ['A B', 'A-B'],
      ['A.B', 'A.B'],
      ['...', ''],
      ['.Leading.Trailing.', 'Leading.Trailing'],
    ];
    for (const [input, expected] of cases) expect(cleanId(input), input).toBe(expected);
  });

  it('test_create_id_url_cleaning and test_create_id_with_special_chars', () => {
    expect(createId(['pii', 'secure % password'], OPTIONS)).toBe('pii.secure-password');
    expect(createId(['Term One', 'Term Two', 'Term Three'], OPTIONS)).toBe('Term-One.Term-Two.Term-Three');
    expect(createId(['Term.One', 'Term.Two'], OPTIONS)).toBe('Term.One.Term.Two');
    const guid = createId(['pii', 'secure パスワード'], OPTIONS);
    expect(guid).toHaveLength(32);
    expect(guid).toMatch(/^[a-z0-9]+$/);
    expect(guid).toBe(datahubGuid({ path: 'pii.secure パスワード' }));
    expect(createId(['test', 'special@#$chars'], OPTIONS)).toBe('test.specialchars');
  });

  it('test_create_id_with_default: a given id, or a given URN, is used as it is', () => {
    const result = importBusinessGlossary(
      `version: 1
owners: {users: [u]}
nodes:
  - name: any
    description: d
    terms:
      - {name: path, description: d, id: custom-id}
      - {name: other, description: d, id: "urn:li:glossaryTerm:custom-urn-id"}
`,
      'g.yml',
      OPTIONS,
    );
    expect(result.errors).toEqual([]);
    const ids = result.files.flatMap((file) => file.documents.map((doc) => doc['id']));
    expect(ids).toEqual(['any', 'custom-id', 'custom-urn-id']);
  });

  it("hashes as datahub_guid: the id in DataHub's older golden for the path 'KPIs.CSAT %'", () => {
    expect(datahubGuid({ path: 'KPIs.CSAT %' })).toBe('4faf1eed790370f65942f2998a7993d6');
    expect(createId(['KPIs', 'CSAT %'], { enableAutoId: false, legacyIds: true })).toBe(
      '4faf1eed790370f65942f2998a7993d6',
    );
    expect(createId(['KPIs', 'CSAT %'], OPTIONS)).toBe('KPIs.CSAT');
  });
});

describe('the file read as DataHub reads it (PyYAML, LaxStr, pydantic, environment)', () => {
  const properties = (yaml: string, env: Record<string, string> = {}) => {
    const result = importBusinessGlossary(
      `version: 1\nowners: {users: [u]}\nterms:\n  - name: T\n    description: d\n    custom_properties:\n${yaml}`,
      'g.yml',
      { ...OPTIONS, env },
    );
    expect(result.errors).toEqual([]);
    return result.files[0]?.documents[0]?.['customProperties'];
  };

  it("custom property values are Python's str() of what PyYAML read", () => {
    expect(
      properties(`      a: yes
      b: y
      c: 1.0
      d: 1e3
      e: 0x1F
      f: 1_000
      g: 1:30
      h: 2024-01-05
      i: 2001-12-14t21:59:43.10-05:00
      j: ~
      k: [1, 'x', true]
      l: {m: 2}
      n: .inf
      o: 1.5e-7
`),
    ).toEqual({
      a: 'True',
      b: 'y',
      c: '1.0',
      d: '1e3',
      e: '31',
      f: '1000',
      g: '90',
      h: '2024-01-05',
      i: '2001-12-14 21:59:43.100000-05:00',
      j: 'None',
      k: "[1, 'x', True]",
      l: "{'m': 2}",
      n: 'inf',
      o: '1.5e-07',
    });
  });

  it('expands environment variables as load_config_file(resolve_env_vars=True)', () => {
    expect(
      properties('      a: ${OWNER}-x\n      b: $OWNER\n      c: $MISSING\n      d: ${MISSING:-dflt}\n', {
        OWNER: 'o',
      }),
    ).toEqual({
      a: 'o-x',
      b: 'o',
      c: '$MISSING',
      d: 'dflt',
    });
    expect(resolveElement('price: $5', {})).toBe('price: $5');
    const result = importBusinessGlossary('version: 1\nowners: {users: ["${NOPE}"]}\n', 'g.yml', OPTIONS);
    expect(result.errors).toEqual([
      'g.yml:2:18: owners.users[0]: NOPE: unbound variable (DataHub expands environment variables in the file)',
    ]);
  });

  it('refuses what the config models refuse, each problem located by line and column', () => {
    const result = importBusinessGlossary(
      `version: 1.0
owners:
  users: [a]
  type: urn:li:corpuser:x
nodes:
  - name: 2024
    description: d
    colour: red
    terms:
      - name: T
        description: d
        term_source: CUSTOMER
        owners: {type: ARCHITECT, users: [b]}
      - description: no name
`,
      'bad.yml',
      OPTIONS,
    );
    expect(result.errors).toEqual([
      "bad.yml:1:10: version: Value error, Only version 1 is supported (LaxStr made it '1.0')",
      'bad.yml:4:9: owners.type: Invalid urn urn:li:corpuser:x: expected an urn:li:ownershipType URN',
      "bad.yml:8:5: nodes[0].colour: Extra inputs are not permitted (DataHub's GlossaryNodeConfig has no field 'colour')",
      'bad.yml:6:11: nodes[0].name: Input should be a valid string (YAML read 2024 as a number: quote it)',
      "bad.yml:12:22: nodes[0].terms[0].term_source: termSource 'CUSTOMER': DataHub writes any text here, a manifest only INTERNAL or EXTERNAL",
      'bad.yml:13:24: nodes[0].terms[0].owners.type: Unexpected ownership type: ARCHITECT',
      'bad.yml:14:9: nodes[0].terms[1].name: Field required',
    ]);
  });

  it('owners: DataHub writes a type with a typeUrn that a manifest cannot express, and says so', () => {
    const result = importBusinessGlossary(
      'version: 1\nowners:\n  - {type: DEVELOPER, typeUrn: "urn:li:ownershipType:x", users: [a]}\n  - {type: custom, users: [b]}\n',
      'o.yml',
      OPTIONS,
    );
    expect(result.errors).toEqual([
      'o.yml:3:32: owners[0].typeUrn: DataHub writes type DEVELOPER with typeUrn urn:li:ownershipType:x, which a manifest cannot express: use type CUSTOM or a type URN',
      'o.yml:4:12: owners[1].type: DataHub writes type CUSTOM without a typeUrn here, which a manifest cannot express: give typeUrn (or a type URN)',
    ]);
  });

  it('owners: group ids are encoded as make_group_urn does; a type in any case is upper-cased', () => {
    const result = importBusinessGlossary(
      'version: 1\nowners: {type: dataowner, users: ["a,b"], groups: ["x (y)", "urn:li:corpuser:c"]}\nterms: [{name: T, description: d}]\n',
      'o.yml',
      OPTIONS,
    );
    expect(result.errors).toEqual([]);
    expect(result.files[0]?.documents[0]?.['owners']).toEqual([
      { owner: 'a,b', type: 'DATAOWNER' },
      { owner: 'urn:li:corpGroup:x %28y%29', type: 'DATAOWNER' },
      { owner: 'urn:li:corpuser:c', type: 'DATAOWNER' },
    ]);
  });
});

describe("DomainRegistry's cases", () => {
  it('takes URNs and UUID-like ids as they are, and asks the target about the rest, in its order', async () => {
    expect(needsResolution('urn:li:domain:x')).toBe(false);
    expect(needsResolution('ec428203-ce86-4db3-985d-5a8ee6df32ba')).toBe(false);
    expect(needsResolution('Marketing')).toBe(true);
    const asked: string[] = [];
    const resolved = await resolveDomains(['A', 'B', 'C', 'A'], {
      hasDomainProperties: (urn) => Promise.resolve((asked.push(urn), urn === 'urn:li:domain:A')),
      domainUrnByName: (name) =>
        Promise.resolve((asked.push(name), name === 'B' ? 'urn:li:domain:b-id' : undefined)),
    });
    expect(asked).toEqual(['urn:li:domain:A', 'urn:li:domain:B', 'B', 'urn:li:domain:C', 'C']);
    expect(resolved.get('A')).toEqual({ ok: true, urn: 'urn:li:domain:A', how: 'urn' });
    expect(resolved.get('B')).toEqual({ ok: true, urn: 'urn:li:domain:b-id', how: 'name' });
    expect(resolved.get('C')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^domain C doesn't seem to be provisioned on DataHub/),
    });
  });
});

describe('catalog import business-glossary against DataHub v1.7.0 goldens', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
    writeManifests(dir, { 'catalog/catalog.yaml': SETTINGS });
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  const seedDomain = async (urn: string, name: string) => {
    const reply = await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(urn, 'domainProperties', { name }),
    });
    expect(reply.status).toBe(200);
  };

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
    return imported;
  };

  // Every case of metadata-ingestion/tests/integration/business-glossary/test_business_glossary.py. Its mock
  // DataHubGraph answers get_domain_properties for any URN, so `domain: Marketing` resolves to
  // urn:li:domain:Marketing; here that domain exists at the target.
  const cases: [test: string, input: string, golden: string, flags: string[]][] = [
    ['test_glossary_ingest[False]', 'business_glossary.yml', 'glossary_events_golden.json', []],
    [
      'test_glossary_ingest[True]',
      'business_glossary.yml',
      'glossary_events_auto_id_golden.json',
      ['--enable-auto-id'],
    ],
    ['test_single_owner_types', 'single_owner_types.yml', 'single_owner_types_golden.json', []],
    [
      'test_multiple_owners_same_type',
      'multiple_owners_same_type.yml',
      'multiple_owners_same_type_golden.json',
      [],
    ],
    [
      'test_multiple_owners_different_types',
      'multiple_owners_different_types.yml',
      'multiple_owners_different_types_golden.json',
      [],
    ],
    ['test_custom_ownership_urns', 'custom_ownership_urns.yml', 'custom_ownership_urns_golden.json', []],
    ['test_url_cleaning', 'url_cleaning_glossary.yml', 'url_cleaning_events_golden.json', []],
  ];
  for (const [test, input, golden, flags] of cases) {
    it(`${test}: ${input} reconciles to every aspect of ${golden}`, async () => {
      await seedDomain('urn:li:domain:Marketing', 'Marketing');
      await importAndApply(input, '--server', server.url, ...flags);
      await expectGolden(server, golden);
    });
  }

  it("names each top node's file by its id, as catalog export and import datahub do", async () => {
    await seedDomain('urn:li:domain:Marketing', 'Marketing');
    await importAndApply('business_glossary.yml', '--server', server.url);
    const imported = readdirSync(path.join(dir, 'catalog/glossary-import/glossary')).sort();
    expect(imported).toContain('Clients-And-Accounts.yaml');
    expect(imported).not.toContain('Clients_And_Accounts.yaml');
    const exported = await runCatalog(
      ['export', '--out', 'exported', '--kind', 'GlossaryNode', '--server', server.url],
      { cwd: dir },
    );
    expect(exported.code, exported.stderr).toBe(0);
    const nodes = readdirSync(path.join(dir, 'exported/glossary')).sort();
    expect(nodes.filter((file) => !imported.includes(file))).toEqual([]);
  });

  it('a domain given by name: urn:li:domain:<name> when it exists, else found by name, else DataHub’s error', async () => {
    await seedDomain('urn:li:domain:Marketing', 'Marketing');
    await seedDomain('urn:li:domain:5f0c1e2a', 'Finance Team');
    writeFileSync(
      path.join(dir, 'domains.yml'),
      `version: 1
owners: {users: [u]}
terms:
  - {name: A, description: d, domain: Marketing}
  - {name: B, description: d, domain: Finance Team}
  - {name: C, description: d, domain: "urn:li:domain:given"}
`,
    );
    const imported = await runCatalog(
      ['import', 'business-glossary', 'domains.yml', '--out', 'catalog/g', '--server', server.url],
      { cwd: dir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain('domain Marketing is urn:li:domain:Marketing (that domain exists');
    expect(imported.stderr).toContain('domain Finance Team is urn:li:domain:5f0c1e2a (found by name');
    const written = readFileSync(path.join(dir, 'catalog/g/glossary/terms.yaml'), 'utf8');
    expect(written).toContain('domain: urn:li:domain:Marketing');
    expect(written).toContain('domain: urn:li:domain:5f0c1e2a');
    expect(written).toContain('domain: urn:li:domain:given');

    writeFileSync(
      path.join(dir, 'missing.yml'),
      'version: 1\nowners: {users: [u]}\nterms:\n  - {name: A, description: d, domain: Sales}\n',
    );
    const missing = await runCatalog(
      ['import', 'business-glossary', 'missing.yml', '--out', 'catalog/m', '--server', server.url],
      { cwd: dir },
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      "missing.yml:4:39: terms[0].domain: domain Sales doesn't seem to be provisioned on DataHub. Either provision it first and re-run ingestion, or provide a fully qualified domain id (e.g. urn:li:domain:ec428203-ce86-4db3-985d-5a8ee6df32ba) to skip this check.",
    );
    expect(missing.stderr).toContain('nothing was written');
    expect(existsSync(path.join(dir, 'catalog/m'))).toBe(false);
  });

  it('contacts no target when no domain needs resolving (works offline)', async () => {
    const imported = await runCatalog(
      [
        'import',
        'business-glossary',
        path.join(FIXTURES, 'url_cleaning_glossary.yml'),
        '--out',
        'out',
        '--server',
        'http://127.0.0.1:9',
      ],
      { cwd: dir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(server.requests).toEqual([]);
  });

  it('with --legacy-ids matches the golden of a DataHub release before the cleaning, and migrates it with no change', async () => {
    // The input of that older golden (../datahub/glossary_events_golden.json, commit 67d6dd46) is today's
    // business_glossary.yml without what was added since (the Classification node's custom property, the type
    // of two nodes' owners and the domain).
    writeFileSync(
      path.join(dir, 'business_glossary.yml'),
      readFileSync(path.join(FIXTURES, 'business_glossary.yml'), 'utf8')
        .replace('    custom_properties:\n      is_confidential: true\n    terms:', '    terms:')
        .replace('      type: DATAOWNER\n', '')
        .replace('      type: urn:li:ownershipType:my_cutom_type\n', '')
        .replace('        domain: Marketing\n', ''),
    );
    const expected = goldenAspects('test/fixtures/datahub/glossary_events_golden.json');
    expect(expected.length).toBeGreaterThan(30);

    // Migration: the catalog holds what DataHub's source wrote; importing and reconciling changes no value. The owners
    // and links the source wrote are declared by the import, so the plan takes them over (the marker is written).
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
    expect(plan.stdout).toMatch(
      /Plan: 0 to create, 0 to update, 0 to delete; 0 term attachments to add, 0 to remove; \d+ added by others to take over\./,
    );

    // And into an empty catalog, it writes what the golden holds.
    await server.close();
    server = await startTestServer();
    expect((await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: dir })).code).toBe(0);
    for (const [urn, name, value] of expected) {
      if (name === 'status') continue;
      expect(comparable(name, await server.aspect(urn, name)), `${name} of ${urn}`).toEqual(
        comparable(name, value),
      );
    }
  });
});
