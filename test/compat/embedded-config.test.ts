/** The embedded catalog's /config says which DataHub release it implements, as GMS does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_RELEASE, serverReleaseOf } from '../../src/client/server-capabilities.js';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { startTestServer } from '../helpers/server.js';

describe("the embedded catalog's /config", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reports the release it implements, with the keys GMS v1.7.0 answers', async () => {
    const { status, json } = await server.get('/config');
    expect(status).toBe(200);
    expect(json.versions['acryldata/datahub']).toEqual({
      version: DATAHUB_RELEASE.tag,
      commit: DATAHUB_RELEASE.commit,
    });
    // metadata-service/servlet/src/main/java/com/datahub/gms/servlet/Config.java at v1.7.0 (pgQueue only with it on).
    for (const key of [
      'noCode',
      'retention',
      'statefulIngestionCapable',
      'patchCapable',
      'timeZone',
      'supportsImpactAnalysis',
      'versions',
      'telemetry',
      'managedIngestion',
      'datahub',
      'datasetUrnNameCasing',
      'models',
    ]) {
      expect(json, key).toHaveProperty(key);
    }
    expect(json.noCode).toBe('true');
    expect(json.catalogEmbedded).toBe(true);
    expect(serverReleaseOf(json)).toEqual({
      ok: true,
      value: { reported: DATAHUB_RELEASE.tag, release: REFERENCE_RELEASE },
    });
  });
});
