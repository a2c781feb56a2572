/**
 * Renames (kind Moved) of feature tables, models and model groups against the embedded catalog: the new entity gets
 * the old one's aspects, what refers to it follows the manifests, and the old one is retired with --prune-strategy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editManifest } from '../helpers/catalog-dir.js';
import { writeEditedPlan } from '../helpers/edited-plan.js';
import { proposal, type TestServer } from '../helpers/server.js';
import { PRODUCT, renameActions, useRenameCatalog } from './rename-catalog.js';

describe('renames of feature tables, models and model groups', () => {
  let server: TestServer;
  let dir: string;
  useRenameCatalog((catalog) => {
    if (catalog !== undefined) ({ server, dir } = catalog);
  });
  const { run, reconcile, ingest, othersLines, planJson, unowned } = renameActions(() => ({ server, dir }));

  it('renames a feature table with its features: the model follows, the old ones are retired', async () => {
    const OLD_TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)';
    const NEW_TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,customer_features)';
    const OLD_AGE = 'urn:li:mlFeature:(user_features,age)';
    const NEW_AGE = 'urn:li:mlFeature:(customer_features,age)';
    const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
    const OTHERS_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn-shadow,PROD)';
    const LEGACY_SCORE = 'urn:li:mlFeature:(user_features,legacy_score)';
    const tableProps = await server.aspect(OLD_TABLE, 'mlFeatureTableProperties');
    // Someone else's write of the old table: custom properties, and a feature the manifests never declared.
    const info = {
      ...tableProps,
      mlFeatures: [...tableProps.mlFeatures, LEGACY_SCORE],
      customProperties: { team: 'crm' },
    };
    // Someone else's model consuming an old feature, data product holding the old table, owner, tag and link on it.
    await ingest(OTHERS_MODEL, 'mlModelProperties', { mlFeatures: [OLD_AGE], customProperties: {} });
    await ingest(PRODUCT, 'dataProductProperties', {
      name: 'Legacy',
      assets: [{ destinationUrn: OLD_TABLE }],
    });
    await othersLines(OLD_TABLE);
    expect(
      (
        await server.post('/aspects?action=ingestProposal', {
          proposal: proposal(OLD_TABLE, 'mlFeatureTableProperties', info),
        })
      ).status,
    ).toBe(200);
    editManifest(dir, 'features/user-features.yaml', 'name: user_features\n', 'name: customer_features\n');
    for (let i = 0; i < 2; i += 1)
      editManifest(dir, 'models/fraud-detector.yaml', 'user_features.age', 'customer_features.age');
    writeFileSync(
      path.join(dir, 'catalog', 'features', 'moved.yaml'),
      'apiVersion: catalog/v1\nkind: Moved\nfrom: user_features\nto: customer_features\n',
    );
    const plan = await reconcile('--dry-run', '--prune-strategy', 'delete');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`~ rename ${OLD_TABLE} -> ${NEW_TABLE} (old one deleted)`);
    expect(plan.stdout).toContain(`~ rename ${OLD_AGE} -> ${NEW_AGE} (old one deleted)`);
    const notes = unowned((await planJson('--prune-strategy', 'delete')).notes);
    expect(notes).toEqual(
      expect.arrayContaining([
        `${OLD_TABLE}: ${LEGACY_SCORE} is in ${OLD_TABLE}'s mlFeatures but not in ${NEW_TABLE}'s: kept on it, not moved`,
        `${OLD_TABLE}: owner urn:li:corpuser:steward on ${OLD_TABLE} was added by someone else: kept on it, not given to ${NEW_TABLE}`,
        `${OTHERS_MODEL}: ${OLD_AGE} is in this mlModel's mlFeatures, written by someone else: kept, not moved to ${NEW_AGE}`,
        `${PRODUCT}: ${OLD_TABLE} is an asset of this data product added by someone else: kept, not moved to ${NEW_TABLE}`,
      ]),
    );
    // The features the table owns, moved to the new table, and the declared model's edges are the tool's: no note.
    expect(notes.filter((note) => note.includes(`${OLD_AGE} is in ${OLD_TABLE}`))).toEqual([]);
    expect(notes.filter((note) => note.startsWith(MODEL))).toEqual([]);
    expect((await reconcile('--prune-strategy', 'delete')).code).toBe(0);
    expect((await server.aspect(OTHERS_MODEL, 'mlModelProperties')).mlFeatures).toEqual([OLD_AGE]);
    expect((await server.aspect(PRODUCT, 'dataProductProperties')).assets).toEqual([
      { destinationUrn: OLD_TABLE },
    ]);
    expect((await server.aspect(NEW_TABLE, 'mlFeatureTableProperties')).mlFeatures).not.toContain(
      LEGACY_SCORE,
    );
    expect(await server.aspect(NEW_TABLE, 'mlFeatureTableProperties')).toMatchObject({
      customProperties: { team: 'crm' },
    });
    expect((await server.aspect(NEW_TABLE, 'mlFeatureTableProperties')).mlFeatures).toContain(NEW_AGE);
    expect((await server.aspect(MODEL, 'mlModelProperties')).mlFeatures).toContain(NEW_AGE);
    expect((await server.aspect(MODEL, 'mlModelProperties')).mlFeatures).not.toContain(OLD_AGE);
    expect(await server.aspect(OLD_TABLE, 'status')).toMatchObject({ removed: true });
    expect(await server.aspect(OLD_AGE, 'status')).toMatchObject({ removed: true });
    expect((await reconcile('--dry-run', '--detailed-exitcode', '--prune-strategy', 'delete')).code).toBe(0);
  });

  it('finishes an interrupted table rename: a re-run retires the old table and its features, and nothing else', async () => {
    const OLD_TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)';
    const NEW_TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,customer_features)';
    editManifest(dir, 'features/user-features.yaml', 'name: user_features\n', 'name: customer_features\n');
    for (let i = 0; i < 2; i += 1)
      editManifest(dir, 'models/fraud-detector.yaml', 'user_features.age', 'customer_features.age');
    writeFileSync(
      path.join(dir, 'catalog', 'features', 'moved.yaml'),
      'apiVersion: catalog/v1\nkind: Moved\nfrom: user_features\nto: customer_features\n',
    );
    expect((await reconcile('--dry-run', '--out', 'plan.json')).code).toBe(0);
    const saved = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')) as {
      changes: { urn: string; retires?: string }[];
    };
    const retiring = saved.changes
      .filter((change) => change.retires !== undefined)
      .map((change) => change.urn);
    expect(retiring).toContain(OLD_TABLE);
    // Stopped before the last phase: everything but the retirements written.
    saved.changes = saved.changes.filter((change) => change.retires === undefined);
    writeEditedPlan(path.join(dir, 'plan.json'), saved);
    expect((await run('apply', 'plan.json')).code).toBe(0);
    expect(await server.aspect(NEW_TABLE, 'mlFeatureTableProperties')).toBeDefined();
    expect(await server.aspect(OLD_TABLE, 'deprecation')).toBeUndefined();

    const rest = await planJson();
    expect(rest.changes.map((change) => change.urn).sort()).toEqual([...retiring].sort());
    expect(rest.changes.every((change) => change.aspect === 'deprecation')).toBe(true);
    expect((await reconcile()).code).toBe(0);
    expect(await server.aspect(OLD_TABLE, 'deprecation')).toMatchObject({ replacement: NEW_TABLE });
    expect((await reconcile('--dry-run', '--detailed-exitcode')).code).toBe(0);
  });

  it('renames a model: its hyper-parameters come along, the group keeps it, the old one is deprecated', async () => {
    const OLD_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
    const NEW_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-v7,PROD)';
    const EXPERIMENTS = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,experiments,PROD)';
    const live = await server.aspect(OLD_MODEL, 'mlModelProperties');
    // Someone else put the old model in a group of theirs too, and in their data product.
    const props = {
      ...live,
      groups: [...live.groups, EXPERIMENTS],
      hyperParams: [{ name: 'max_depth', value: '8' }],
    };
    await ingest(PRODUCT, 'dataProductProperties', {
      name: 'Legacy',
      assets: [{ destinationUrn: OLD_MODEL }],
    });
    await othersLines(OLD_MODEL);
    expect(
      (
        await server.post('/aspects?action=ingestProposal', {
          proposal: proposal(OLD_MODEL, 'mlModelProperties', props),
        })
      ).status,
    ).toBe(200);
    editManifest(
      dir,
      'models/fraud-detector.yaml',
      'name: fraud-detector-2026-11\n',
      'name: fraud-detector-v7\n',
    );
    // The model card names the model too (catalog/governance/governance.yaml): a rename updates every reference.
    editManifest(
      dir,
      'governance/governance.yaml',
      'assignedTo: [fraud-detector-2026-11]',
      'assignedTo: [fraud-detector-v7]',
    );
    writeFileSync(
      path.join(dir, 'catalog', 'models', 'moved.yaml'),
      `apiVersion: catalog/v1\nkind: Moved\nfrom: ${OLD_MODEL}\nto: fraud-detector-v7\n`,
    );
    const plan = await reconcile('--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`~ rename ${OLD_MODEL} -> ${NEW_MODEL} (old one deprecated)`);
    expect(unowned((await planJson()).notes)).toEqual(
      expect.arrayContaining([
        `${OLD_MODEL}: ${EXPERIMENTS} is in ${OLD_MODEL}'s groups but not in ${NEW_MODEL}'s: kept on it, not moved`,
        `${OLD_MODEL}: tag urn:li:tag:legacy on ${OLD_MODEL} was added by someone else: kept on it, not given to ${NEW_MODEL}`,
        `${PRODUCT}: ${OLD_MODEL} is an asset of this data product added by someone else: kept, not moved to ${NEW_MODEL}`,
      ]),
    );
    expect((await reconcile()).code).toBe(0);
    expect((await server.aspect(PRODUCT, 'dataProductProperties')).assets).toEqual([
      { destinationUrn: OLD_MODEL },
    ]);
    expect((await server.aspect(NEW_MODEL, 'globalTags')).tags).not.toContainEqual({
      tag: 'urn:li:tag:legacy',
    });
    const created = await server.aspect(NEW_MODEL, 'mlModelProperties');
    expect(created).toMatchObject({
      hyperParams: [{ name: 'max_depth', value: '8' }],
      version: { versionTag: '7' },
    });
    expect(created.groups).toEqual([
      'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)',
    ]);
    expect(await server.aspect(OLD_MODEL, 'deprecation')).toMatchObject({
      deprecated: true,
      replacement: NEW_MODEL,
    });
    expect((await reconcile('--dry-run', '--detailed-exitcode')).code).toBe(0);
  });

  it("renames a model group: the declared models follow, others' models stay in the old group (strategy ignore)", async () => {
    const OLD_GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
    const NEW_GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detection,PROD)';
    const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
    const OTHERS_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-notebook,PROD)';
    await ingest(OTHERS_MODEL, 'mlModelProperties', { groups: [OLD_GROUP], customProperties: {} });
    editManifest(dir, 'models/fraud-detector.yaml', 'name: fraud-detector\n', 'name: fraud-detection\n');
    for (let i = 0; i < 2; i += 1)
      editManifest(
        dir,
        'models/fraud-detector.yaml',
        'groups: [fraud-detector]',
        'groups: [fraud-detection]',
      );
    writeFileSync(
      path.join(dir, 'catalog', 'models', 'moved.yaml'),
      'apiVersion: catalog/v1\nkind: Moved\nfrom: fraud-detector\nto: fraud-detection\n',
    );
    const json = await planJson('--prune-strategy', 'ignore');
    expect(unowned(json.notes)).toContain(
      `${OTHERS_MODEL}: ${OLD_GROUP} is in this mlModel's groups, written by someone else: kept, not moved to ${NEW_GROUP}`,
    );
    expect(json.changes.filter((change) => change.urn === OLD_GROUP)).toEqual([]);
    expect((await reconcile('--prune-strategy', 'ignore')).code).toBe(0);
    expect((await server.aspect(MODEL, 'mlModelProperties')).groups).toEqual([NEW_GROUP]);
    expect((await server.aspect(OTHERS_MODEL, 'mlModelProperties')).groups).toEqual([OLD_GROUP]);
    expect(await server.aspect(OLD_GROUP, 'deprecation')).toBeUndefined();
    expect((await server.aspect(OLD_GROUP, 'status'))?.removed ?? false).toBe(false);
    expect((await reconcile('--dry-run', '--detailed-exitcode', '--prune-strategy', 'ignore')).code).toBe(0);
  });
});
