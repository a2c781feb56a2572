/**
 * What a new team reads on the catalog's pages in its first hour: counts in good English, the manifest line that
 * declares a term (not the line of one of its fields), and a custom ownership type by its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { readPage } from './read-page.js';

const TERMS = `apiVersion: catalog/v1
kind: GlossaryNode
id: Risk
name: Risk
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: Risk.Churn
name: Churn risk
parent: Risk
definition: Likely to leave.
relatedTerms:
  isA: [Risk.Loss]
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: Risk.Loss
name: Loss
parent: Risk
`;

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)';
const STEWARDS = 'urn:li:ownershipType:model_stewards';

describe('the pages of a first catalog', () => {
  let server: TestServer;
  const { dir, cleanup } = tempDir();
  const page = (urn: string) => readPage(server, `/e/${encodeURIComponent(urn)}`);

  beforeAll(async () => {
    server = await startTestServer();
    writeManifests(dir, { 'catalog/terms.yaml': TERMS });
    const run = await runCatalog(['reconcile', 'catalog', '--no-cache', '--server', server.url], {
      cwd: dir,
    });
    expect(run.code, run.stderr).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it('counts the glossary in good English: "2 terms in 1 node"', async () => {
    expect((await readPage(server, '/glossary')).text).toContain('2 terms in 1 node.');
  });

  it("names the manifest line that declares a term, not its relatedTerms' line", async () => {
    const { text } = await page('urn:li:glossaryTerm:Risk.Churn');
    // terms.yaml:8 is `id: Risk.Churn`; 13 is the isA line, written with the related terms.
    expect(text, text).toMatch(/Manifest terms\.yaml:8 /);
  });

  it('shows a custom ownership type by its name, and a legacy one by its system name', async () => {
    const written = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(STEWARDS, 'ownershipTypeInfo', {
          name: 'Model stewards',
          created: { time: 1, actor: 'urn:li:corpuser:admin' },
          lastModified: { time: 1, actor: 'urn:li:corpuser:admin' },
        }),
        proposal(MODEL, 'mlModelProperties', { description: 'Churn.', groups: [] }),
        proposal(MODEL, 'ownership', {
          owners: [
            { owner: 'urn:li:corpuser:ana', type: 'CUSTOM', typeUrn: STEWARDS },
            { owner: 'urn:li:corpuser:bo', type: 'TECHNICAL_OWNER' },
          ],
          lastModified: { time: 1, actor: 'urn:li:corpuser:admin' },
        }),
      ],
    });
    expect(written.status).toBe(200);
    const { body } = await page(MODEL);
    expect(body).toMatch(/ana<\/a>\s*<span class="badge">Model stewards<\/span>/);
    expect(body).toMatch(/bo<\/a>\s*<span class="badge">Technical Owner<\/span>/);
    expect(body).not.toContain('>Custom<');
  });
});
