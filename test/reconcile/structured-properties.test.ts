import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogOnServer } from '../helpers/catalog-on-server.js';
import { editManifest, writeManifests } from '../helpers/catalog-dir.js';
import { proposal } from '../helpers/server.js';

const ACTOR = 'urn:li:corpuser:catalog-bot';
const TIER = 'urn:li:structuredProperty:io.example.riskTier';
const RETENTION = 'urn:li:structuredProperty:io.example.retentionDays';

const CATALOG = `apiVersion: catalog/v1
kind: Settings
actor: ${ACTOR}
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.riskTier
displayName: Risk tier
description: How much harm a wrong answer of the model does.
type: string
cardinality: MULTIPLE
allowedValues:
  - { value: "1", description: Low }
  - { value: "2", description: Medium }
  - { value: "3", description: High }
entityTypes: [mlModel, mlModelGroup]
settings: { showInAssetSummary: true }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.retentionDays
type: number
entityTypes: [dataset]
`;

describe('the StructuredProperty kind', () => {
  const catalog = catalogOnServer({ 'catalog/catalog.yaml': CATALOG });
  const { run } = catalog;

  it('creates the definitions and their settings, then plans nothing', async () => {
    const applied = await run('reconcile', 'catalog');
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect(applied.stdout).toContain(`+ create io.example.riskTier (${TIER}) propertyDefinition`);
    expect(await catalog.server.aspect(TIER, 'propertyDefinition')).toEqual({
      qualifiedName: 'io.example.riskTier',
      displayName: 'Risk tier',
      description: 'How much harm a wrong answer of the model does.',
      valueType: 'urn:li:dataType:datahub.string',
      allowedValues: [
        { value: { string: '1' }, description: 'Low' },
        { value: { string: '2' }, description: 'Medium' },
        { value: { string: '3' }, description: 'High' },
      ],
      cardinality: 'MULTIPLE',
      entityTypes: ['urn:li:entityType:datahub.mlModel', 'urn:li:entityType:datahub.mlModelGroup'],
      immutable: false,
    });
    // The settings left false are the PDL's defaults: not written.
    expect(await catalog.server.aspect(TIER, 'structuredPropertySettings')).toEqual({
      showInAssetSummary: true,
    });
    const again = await run('reconcile', 'catalog', '--dry-run', '--detailed-exitcode');
    expect(again.stdout).toContain('No changes.');
    expect(again.code).toBe(0);
  });

  it('applies a plain change, and refuses a breaking one until its version is raised, at the line', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    // Adding an allowed value and going to MULTIPLE take no version.
    editManifest(
      catalog.dir,
      'catalog.yaml',
      '  - { value: "3", description: High }',
      '  - { value: "3", description: High }\n  - { value: "4", description: Critical }',
    );
    const plain = await run('reconcile', 'catalog');
    expect(plain.code, plain.stderr).toBe(0);

    editManifest(catalog.dir, 'catalog.yaml', '  - { value: "1", description: Low }\n', '');
    const refused = await run('reconcile', 'catalog', '--dry-run');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('catalog/catalog.yaml:13:1');
    expect(refused.stderr).toContain(
      `breaking change to ${TIER}: an allowed value is removed. DataHub refuses it unless its version is raised in the same change`,
    );
    expect(refused.stderr).toMatch(/add version: "\d{14}" to the property/);

    editManifest(catalog.dir, 'catalog.yaml', 'type: string\n', 'type: string\nversion: "20260101000000"\n');
    const bumped = await run('reconcile', 'catalog');
    expect(bumped.code, bumped.stderr).toBe(0);
    expect((await catalog.server.aspect(TIER, 'propertyDefinition')).version).toBe('20260101000000');

    // Another breaking change needs another raise, above the one there now.
    editManifest(
      catalog.dir,
      'catalog.yaml',
      'entityTypes: [mlModel, mlModelGroup]',
      'entityTypes: [mlModel]',
    );
    const again = await run('reconcile', 'catalog', '--dry-run');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`it no longer applies to mlModelGroup`);
    expect(again.stderr).toMatch(/raise its version above "20260101000000": version: "\d{14}"/);
  });

  it('refuses to change a qualified name, whatever the version', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    editManifest(
      catalog.dir,
      'catalog.yaml',
      'id: io.example.retentionDays\n',
      'id: io.example.retentionDays\nqualifiedName: io.example.retention\nversion: "20270101000000"\n',
    );
    const refused = await run('reconcile', 'catalog', '--dry-run');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `the qualified name of ${RETENTION} cannot change ('io.example.retentionDays' → 'io.example.retention'): DataHub refuses it`,
    );
  });

  it("answers a write GMS refuses with GMS's 422 and its message, and writes nothing", async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const definition = await catalog.server.aspect(RETENTION, 'propertyDefinition');
    const reply = await catalog.server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(RETENTION, 'propertyDefinition', {
          ...definition,
          valueType: 'urn:li:dataType:datahub.string',
        }),
      ],
    });
    expect(reply.status).toBe(422);
    expect(JSON.stringify(reply.json)).toContain(
      'Value type cannot be changed as this is a backwards incompatible change',
    );
    const versioned = await catalog.server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(RETENTION, 'propertyDefinition', {
          ...definition,
          valueType: 'urn:li:dataType:datahub.string',
          version: '1.0.0',
        }),
      ],
    });
    expect(versioned.status).toBe(422);
    expect(JSON.stringify(versioned.json)).toContain('Invalid version specified. Must match [0-9]{14}');
    expect(await catalog.server.aspect(RETENTION, 'propertyDefinition')).toEqual(definition);
  });

  it('retires a property no longer declared only as --prune-strategy says, never with a hard delete', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    editManifest(
      catalog.dir,
      'catalog.yaml',
      /---\napiVersion: catalog\/v1\nkind: StructuredProperty\nid: io.example.retentionDays[^]*$/,
      '',
    );
    const refused = await run('reconcile', 'catalog', '--prune', '--max-deletes', '5');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `${RETENTION} is no longer declared, and a structured property cannot be deprecated`,
    );
    expect(refused.stderr).toContain('--prune-strategy delete');

    const kept = await run('reconcile', 'catalog', '--prune', '--prune-strategy', 'ignore', '--dry-run');
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).toContain(`${RETENTION} is no longer declared; it is kept (--prune-strategy ignore)`);

    const deleted = await run(
      'reconcile',
      'catalog',
      '--prune',
      '--prune-strategy',
      'delete',
      '--max-deletes',
      '5',
    );
    expect(deleted.code, deleted.stderr + deleted.stdout).toBe(0);
    expect(deleted.stdout).toContain(`${RETENTION} is soft-deleted, not hard-deleted`);
    expect(await catalog.server.aspect(RETENTION, 'status')).toEqual({ removed: true });
    expect(await catalog.server.aspect(RETENTION, 'propertyDefinition')).toEqual(
      expect.objectContaining({ qualifiedName: 'io.example.retentionDays' }),
    );
  });

  it('exports the definitions, and the export plans nothing', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const exported = await run('export', '--out', 'exported', '--kind', 'StructuredProperty');
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(path.join(catalog.dir, 'exported', 'structured-properties.yaml'), 'utf8');
    expect(text).toContain('kind: StructuredProperty\nid: io.example.riskTier\ndisplayName: Risk tier\n');
    writeManifests(catalog.dir, {
      'exported/catalog.yaml': `apiVersion: catalog/v1\nkind: Settings\nactor: ${ACTOR}\n`,
    });
    const plan = await run('reconcile', 'exported', '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');
  });
});
