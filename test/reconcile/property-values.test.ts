import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editManifest, writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const ACTOR = 'urn:li:corpuser:catalog-bot';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)';
// The column's field path in the dataset's schema (the manifest writes its simple form).
const EMAIL = `urn:li:schemaField:(${DATASET},[version=2.0].[type=struct].[type=string].email)`;
const TIER = 'urn:li:structuredProperty:io.example.riskTier';
const RETENTION = 'urn:li:structuredProperty:io.example.retentionDays';
const TEAM = 'urn:li:structuredProperty:io.example.team';
const MARKER = { time: expect.any(Number), actor: ACTOR, sourceDetail: { managedBy: 'catalog' } };

const CATALOG = `apiVersion: catalog/v1
kind: Settings
actor: ${ACTOR}
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.riskTier
type: string
allowedValues: [{ value: "1" }, { value: "2" }, { value: "3" }]
entityTypes: [mlModel, mlModelGroup]
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.retentionDays
type: number
entityTypes: [dataset, schemaField]
---
apiVersion: catalog/v1
kind: MLModelGroup
name: fraud-detector
properties:
  io.example.riskTier: "2"
---
apiVersion: catalog/v1
kind: DatasetTerms
dataset: ${DATASET}
properties: { io.example.retentionDays: 365 }
columnProperties:
  email: { io.example.retentionDays: 30 }
`;

/** A value as DataHub's UI writes it (upsertStructuredProperties): no attribution, its own stamps. */
const byHand = (propertyUrn: string, values: unknown[]) => ({
  propertyUrn,
  values,
  created: { time: 1, actor: 'urn:li:corpuser:steward' },
  lastModified: { time: 1, actor: 'urn:li:corpuser:steward' },
});

describe('structured property values on entities, datasets and columns', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
    cpSync('examples', path.join(dir, 'examples'), { recursive: true });
    writeManifests(dir, { 'catalog/catalog.yaml': CATALOG });
    expect((await run('ingest', 'examples/datasets.json')).code).toBe(0);
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('writes each value with its marker, shows them in the plan, then plans nothing', async () => {
    const plan = await run('reconcile', 'catalog', '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`+ properties of fraud-detector (${GROUP})`);
    expect(plan.stdout).toContain('+ io.example.riskTier = "2"');
    expect(plan.stdout).toContain(
      `+ properties of [version=2.0].[type=struct].[type=string].email (${EMAIL})`,
    );
    expect(plan.stdout).toContain('+ io.example.retentionDays = 30');
    // Definitions are written before the values that name them.
    expect(plan.stdout.indexOf(`(${TIER}) propertyDefinition`)).toBeLessThan(
      plan.stdout.indexOf(`properties of fraud-detector (${GROUP})`),
    );

    const applied = await run('reconcile', 'catalog');
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect(await server.aspect(GROUP, 'structuredProperties')).toEqual({
      properties: [
        {
          propertyUrn: TIER,
          values: [{ string: '2' }],
          created: { time: expect.any(Number), actor: ACTOR },
          lastModified: { time: expect.any(Number), actor: ACTOR },
          attribution: MARKER,
        },
      ],
    });
    expect((await server.aspect(DATASET, 'structuredProperties')).properties).toEqual([
      expect.objectContaining({ propertyUrn: RETENTION, values: [{ double: 365 }], attribution: MARKER }),
    ]);
    expect((await server.aspect(EMAIL, 'structuredProperties')).properties).toEqual([
      expect.objectContaining({ propertyUrn: RETENTION, values: [{ double: 30 }], attribution: MARKER }),
    ]);

    const again = await run('reconcile', 'catalog', '--dry-run', '--detailed-exitcode');
    expect(again.stdout).toContain('No changes.');
    expect(again.code).toBe(0);
  });

  it("keeps others' values, replaces a declared property's value someone changed, and removes its own dropped values", async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    // A steward creates a property of their own and sets it, and sets the tier to 3, by hand.
    const team = {
      qualifiedName: 'io.example.team',
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: ['urn:li:entityType:datahub.mlModelGroup'],
      cardinality: 'SINGLE',
      immutable: false,
    };
    const edited = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [proposal(TEAM, 'propertyDefinition', team)],
    });
    expect(edited.status).toBe(200);
    const values = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(GROUP, 'structuredProperties', {
          properties: [byHand(TIER, [{ string: '3' }]), byHand(TEAM, [{ string: 'fraud' }])],
        }),
      ],
    });
    expect(values.status).toBe(200);

    const drift = await run('reconcile', 'catalog', '--dry-run');
    expect(drift.code, drift.stderr).toBe(0);
    expect(drift.stdout).toContain(`~ properties of fraud-detector (${GROUP})`);
    expect(drift.stdout).toContain('- io.example.riskTier = "3"');
    expect(drift.stdout).toContain('+ io.example.riskTier = "2"');
    expect(drift.stdout).not.toContain('io.example.team');

    editManifest(dir, 'catalog.yaml', 'properties:\n  io.example.riskTier: "2"\n', '');
    editManifest(dir, 'catalog.yaml', '  email: { io.example.retentionDays: 30 }\n', '  email: {}\n');
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    // The steward's tier (not the tool's) and their own property stay; the tool's column value goes.
    expect((await server.aspect(GROUP, 'structuredProperties')).properties).toEqual([
      byHand(TIER, [{ string: '3' }]),
      byHand(TEAM, [{ string: 'fraud' }]),
    ]);
    expect((await server.aspect(EMAIL, 'structuredProperties')).properties).toEqual([]);
  });

  it('adopts a value a steward set in DataHub, and with --unmanaged the properties the manifest does not name', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const team = {
      qualifiedName: 'io.example.team',
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: ['urn:li:entityType:datahub.mlModelGroup'],
    };
    expect(
      (
        await server.post('/aspects?action=ingestProposalBatch', {
          proposals: [proposal(TEAM, 'propertyDefinition', team)],
        })
      ).status,
    ).toBe(200);
    const current = (await server.aspect(EMAIL, 'structuredProperties')).properties;
    const edits = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(GROUP, 'structuredProperties', {
          properties: [byHand(TIER, [{ string: '3' }]), byHand(TEAM, [{ string: 'fraud' }])],
        }),
        proposal(EMAIL, 'structuredProperties', {
          properties: [...current.map(() => byHand(RETENTION, [{ double: 14 }]))],
        }),
      ],
    });
    expect(edits.status).toBe(200);

    const adopted = await run('adopt', 'catalog');
    expect(adopted.code, adopted.stderr).toBe(0);
    let text = readFileSync(path.join(dir, 'catalog', 'catalog.yaml'), 'utf8');
    expect(text).toContain('properties:\n  io.example.riskTier: "3"\n');
    expect(text).toContain('  email: { io.example.retentionDays: 14 }\n');
    expect(text).not.toContain('io.example.team');

    const unmanaged = await run('adopt', 'catalog', '--unmanaged');
    expect(unmanaged.code, unmanaged.stderr).toBe(0);
    text = readFileSync(path.join(dir, 'catalog', 'catalog.yaml'), 'utf8');
    expect(text).toContain('io.example.team: fraud');
    // The manifest now says what the catalog holds: the plan takes the values over and changes none.
    const plan = await run('reconcile', 'catalog', '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(
      /Plan: 0 to create, 0 to update, 0 to delete; 0 term attachments to add, 0 to remove; 3 added by others to take over\./,
    );
  });

  it('exports the values of entities and datasets, and the export plans nothing', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const exported = await run('export', '--out', 'exported');
    expect(exported.code, exported.stderr).toBe(0);
    const group = readFileSync(path.join(dir, 'exported', 'models', 'fraud-detector.yaml'), 'utf8');
    expect(group).toContain('properties:\n  io.example.riskTier: "2"\n');
    const dataset = readFileSync(
      path.join(dir, 'exported', 'datasets', 'hive', 'users.profile.yaml'),
      'utf8',
    );
    expect(dataset).toContain('properties:\n  io.example.retentionDays: 365\n');
    writeManifests(dir, {
      'exported/catalog.yaml': `apiVersion: catalog/v1\nkind: Settings\nactor: ${ACTOR}\n`,
    });
    // Columns' values are on their schemaField entities, which export does not read: the export names no column.
    const plan = await run('reconcile', 'exported', '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');
  });

  it("lists in the plan's impact every entity that carries a property whose definition changes", async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    editManifest(
      dir,
      'catalog.yaml',
      'entityTypes: [dataset, schemaField]',
      'entityTypes: [dataset, schemaField]\ndescription: Days a record is kept.',
    );
    const plan = await run('reconcile', 'catalog', '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`~ update io.example.retentionDays (${RETENTION}) propertyDefinition`);
    expect(plan.stdout).toMatch(/affects: 1 dataset \(users\.profile\), 1 (column|schema field)/);
    const json = await run('reconcile', 'catalog', '--dry-run', '--output', 'json');
    const impact = JSON.parse(json.stdout).impact.changes.find(
      (entry: { urn: string }) => entry.urn === RETENTION,
    );
    expect(impact).toMatchObject({ rule: 'property', total: 2, complete: true });
    expect(impact.dependents.map((dependent: { urn: string }) => dependent.urn).sort()).toEqual([
      DATASET,
      EMAIL,
    ]);
  });

  it('refuses values of a property the catalog holds but the manifests do not declare, when they break it', async () => {
    const team = {
      qualifiedName: 'io.example.team',
      valueType: 'urn:li:dataType:datahub.string',
      allowedValues: [{ value: { string: 'fraud' } }, { value: { string: 'risk' } }],
      entityTypes: ['urn:li:entityType:datahub.dataset'],
      cardinality: 'SINGLE',
    };
    expect(
      (
        await server.post('/aspects?action=ingestProposalBatch', {
          proposals: [proposal(TEAM, 'propertyDefinition', team)],
        })
      ).status,
    ).toBe(200);
    editManifest(
      dir,
      'catalog.yaml',
      '  io.example.riskTier: "2"\n',
      '  io.example.riskTier: "2"\n  io.example.team: frod\n',
    );
    const refused = await run('reconcile', 'catalog', '--dry-run');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('catalog/catalog.yaml:24:20');
    expect(refused.stderr).toContain(
      "property 'io.example.team' is not for mlModelGroup entities: it applies to dataset",
    );
    expect(refused.stderr).toContain("'frod' is not an allowed value of property 'io.example.team'");
    expect(refused.stderr).toContain("did you mean 'fraud'?");

    editManifest(dir, 'catalog.yaml', '  io.example.team: frod\n', '  io.example.missing: x\n');
    const missing = await run('reconcile', 'catalog', '--dry-run');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'urn:li:structuredProperty:io.example.missing is neither declared in the manifests nor in the catalog',
    );
  });
});
