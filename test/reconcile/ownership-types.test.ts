import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogOnServer } from '../helpers/catalog-on-server.js';
import { editManifest, writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';

const ACTOR = 'urn:li:corpuser:catalog-bot';
const VALIDATOR = 'urn:li:ownershipType:model-validator';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';

const CATALOG = `apiVersion: catalog/v1
kind: Settings
actor: ${ACTOR}
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: OwnershipType
id: model-validator
name: Model Validator
description: Signs off a model before it serves.
---
apiVersion: catalog/v1
kind: MLModelGroup
name: fraud-detector
owners:
  - { owner: alice, type: ${VALIDATOR} }
`;

describe('the OwnershipType kind', () => {
  const catalog = catalogOnServer({ 'catalog/catalog.yaml': CATALOG });
  const { run } = catalog;

  it('creates the type before the owners that name it, stamped as DataHub stamps it, then plans nothing', async () => {
    const dry = await run('reconcile', 'catalog', '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`+ create Model Validator (${VALIDATOR}) ownershipTypeInfo`);
    expect(dry.stdout.indexOf(`create Model Validator (${VALIDATOR})`)).toBeLessThan(
      dry.stdout.indexOf(GROUP),
    );

    const applied = await run('reconcile', 'catalog');
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const info = await catalog.server.aspect(VALIDATOR, 'ownershipTypeInfo');
    expect(info).toEqual({
      name: 'Model Validator',
      description: 'Signs off a model before it serves.',
      created: { time: expect.any(Number), actor: ACTOR },
      lastModified: { time: expect.any(Number), actor: ACTOR },
    });
    expect(info.created.time).toBeGreaterThan(0);
    const owners = (await catalog.server.aspect(GROUP, 'ownership')).owners;
    expect(owners).toEqual([
      expect.objectContaining({ owner: 'urn:li:corpuser:alice', type: 'CUSTOM', typeUrn: VALIDATOR }),
    ]);

    const again = await run('reconcile', 'catalog', '--dry-run', '--detailed-exitcode');
    expect(again.stdout).toContain('No changes.');
    expect(again.code).toBe(0);
  });

  it('changes what the manifest changes and keeps the stamps of its creation', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const created = await catalog.server.aspect(VALIDATOR, 'ownershipTypeInfo');
    editManifest(catalog.dir, 'catalog.yaml', 'name: Model Validator', 'name: Model Risk Validator');
    const plan = await run('reconcile', 'catalog', '--dry-run');
    expect(plan.stdout).toContain(`~ update Model Risk Validator (${VALIDATOR}) ownershipTypeInfo`);
    expect(plan.stdout).toContain('name: "Model Validator" → "Model Risk Validator"');
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    expect(await catalog.server.aspect(VALIDATOR, 'ownershipTypeInfo')).toEqual({
      ...created,
      name: 'Model Risk Validator',
    });
  });

  it('exports the types it finds, and the export plans nothing', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const exported = await run('export', '--out', 'exported', '--kind', 'OwnershipType');
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(path.join(catalog.dir, 'exported', 'ownership-types.yaml'), 'utf8');
    expect(text).toContain('kind: OwnershipType\nid: model-validator\nname: Model Validator\n');
    writeManifests(catalog.dir, {
      'exported/catalog.yaml': `apiVersion: catalog/v1\nkind: Settings\nactor: ${ACTOR}\n`,
    });
    const plan = await run('reconcile', 'exported', '--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes.');
  });

  it('takes an owner type by the id of a declared OwnershipType, and refuses one that does not exist, at its line', async () => {
    editManifest(
      catalog.dir,
      'catalog.yaml',
      `  - { owner: alice, type: ${VALIDATOR} }`,
      '  - { owner: alice, type: model-validator }\n  - { owner: bob, type: DATA_STEWARD }',
    );
    const applied = await run('reconcile', 'catalog');
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect((await catalog.server.aspect(GROUP, 'ownership')).owners).toEqual([
      expect.objectContaining({ owner: 'urn:li:corpuser:alice', type: 'CUSTOM', typeUrn: VALIDATOR }),
      expect.objectContaining({ owner: 'urn:li:corpuser:bob', type: 'DATA_STEWARD' }),
    ]);
    // The same owner named by URN is the same line: nothing to change.
    editManifest(catalog.dir, 'catalog.yaml', 'type: model-validator }', `type: ${VALIDATOR} }`);
    expect((await run('reconcile', 'catalog', '--dry-run')).stdout).toContain('No changes.');

    editManifest(catalog.dir, 'catalog.yaml', `type: ${VALIDATOR} }`, 'type: model-validater }');
    const missing = await run('reconcile', 'catalog', '--dry-run');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('catalog/catalog.yaml:16:27');
    expect(missing.stderr).toContain(
      'urn:li:ownershipType:model-validater is neither declared in the manifests nor in the catalog',
    );
    expect(missing.stderr).toContain("did you mean 'model-validator'?");

    editManifest(catalog.dir, 'catalog.yaml', 'type: DATA_STEWARD }', 'type: DATA_STEWART }');
    const typo = await runCatalog(['validate', 'catalog'], { cwd: catalog.dir });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("'DATA_STEWART' is not an ownership type");
    expect(typo.stderr).toContain("did you mean 'DATA_STEWARD'?");
  });

  it("refuses to declare one of DataHub's own types, at its line", async () => {
    writeManifests(catalog.dir, {
      'catalog/types.yaml': 'apiVersion: catalog/v1\nkind: OwnershipType\nid: __system__technical_owner\n',
    });
    const validated = await runCatalog(['validate', 'catalog'], { cwd: catalog.dir });
    expect(validated.code).toBe(1);
    expect(validated.stderr).toContain('catalog/types.yaml:3:5');
    expect(validated.stderr).toContain("'__system__technical_owner' is one of DataHub's own ownership types");
  });
});
