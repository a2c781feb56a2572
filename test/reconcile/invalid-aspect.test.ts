import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AspectStore } from '../../src/server/store/aspect-store.js';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,user_features)';

const MANIFEST = `apiVersion: catalog/v1
kind: MLFeatureTable
name: user_features
platform: feast
description: Features describing a customer.
features:
  - name: age
    dataType: CONTINUOUS
`;

describe('an aspect DataHub would refuse', () => {
  let server: TestServer;
  let dir: { dir: string; cleanup: () => void };
  beforeEach(async () => {
    server = await startTestServer();
    dir = tempDir();
  });
  afterEach(async () => {
    await server.close();
    dir.cleanup();
  });

  it('fails the plan at the manifest line that declares it, and nothing is written', async () => {
    // The table exists, with a value an older or lenient writer stored and DataHub v1.7.0 refuses: a primary key
    // that is not a URN. The manifest cannot express mlPrimaryKeys, so the tool keeps it when it overlays the
    // description, and the aspect it would write is one GMS answers with 422.
    const seeded = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [proposal(TABLE, 'mlFeatureTableProperties', { description: 'old' })],
    });
    expect(seeded.status).toBe(200);
    const store = (server.service as unknown as { store: AspectStore }).store;
    store.write(
      TABLE,
      'mlFeatureTableProperties',
      { description: 'old', mlPrimaryKeys: ['user id'] },
      {},
      'urn:li:corpuser:legacy',
      1,
    );
    writeManifests(dir.dir, { 'catalog/features.yaml': MANIFEST });
    const before = server.requests.length;

    const result = await runCatalog(['reconcile', 'catalog', '--server', server.url], { cwd: dir.dir });

    expect(result.code).toBe(1);
    const output = result.stdout + result.stderr;
    expect(output).toContain(
      `catalog/features.yaml:3:7 error DataHub would refuse the mlFeatureTableProperties aspect of ${TABLE}: ` +
        '/mlPrimaryKeys/0 "Provided urn user id" is invalid [INVALID_ASPECT]',
    );
    expect(output).toContain(
      'Failed to validate record with class com.linkedin.ml.metadata.MLFeatureTableProperties: ERROR :: /mlPrimaryKeys/0',
    );
    expect(output).toContain('nothing was written');
    const writes = server.requests.slice(before).filter((request) => request.path.includes('ingestProposal'));
    expect(writes).toEqual([]);
    expect(await server.aspect(TABLE, 'mlFeatureTableProperties')).toEqual({
      description: 'old',
      mlPrimaryKeys: ['user id'],
    });
    expect(
      await server.aspect('urn:li:mlFeature:(user_features,age)', 'mlFeatureProperties'),
    ).toBeUndefined();
  });
});
