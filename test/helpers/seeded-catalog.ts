/**
 * The catalog DataHub's web app is tried on (test/server/datahub-web-app*.test.ts, test/datahub-ui/): the example
 * catalog reconciled over examples/datasets.json, plus what the example lacks and the app's pages show (users, a
 * group, domains, a data product, a container, browse paths, platforms, a primary key), written through the real
 * write paths: the CLI's ingest and reconcile, and Rest.li proposals as DataHub's ingestion writes them.
 */
import { expect } from 'vitest';
import { copyExample } from './catalog-dir.js';
import { TX, USERS } from './example-urns.js';
import { runCatalog } from './run-cli.js';
import { proposal, tempDir, type TestServer } from './server.js';

export const ME = 'urn:li:corpuser:datahub';
export const PRIYA = 'urn:li:corpuser:priya';
export const FRAUD_ML = 'urn:li:corpGroup:fraud-ml';
export const PAYMENTS = 'urn:li:domain:payments';
export const CARDS = 'urn:li:domain:cards';
export const PRODUCT = 'urn:li:dataProduct:fraud-signals';
export const WAREHOUSE = 'urn:li:container:warehouse';
export const HIVE = 'urn:li:dataPlatform:hive';
export const PRODUCTION = 'urn:li:tag:production';
export const CLASSIFICATION = 'urn:li:glossaryNode:Classification';
export const REVENUE = 'urn:li:glossaryTerm:Revenue';
export const ML_PRIMARY_KEY = 'urn:li:mlPrimaryKey:(user_features,user_id)';
export const TIME_RANGE_START = Date.UTC(2026, 0, 1);

/** Seeds a running server (any catalog server URL: a test server or `catalog serve`). */
export async function seedWebAppCatalog(server: Pick<TestServer, 'url' | 'post'>): Promise<void> {
  const dir = tempDir();
  try {
    copyExample(dir.dir);
    const cli = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir.dir });
    const ingested = await cli('ingest', 'examples/datasets.json');
    expect(ingested.code, ingested.stderr).toBe(0);
    const reconciled = await cli('reconcile', 'catalog');
    expect(reconciled.code, reconciled.stdout + reconciled.stderr).toBe(0);
    const written = await server.post('/aspects?action=ingestProposalBatch', { proposals: seedProposals() });
    expect(written.status, JSON.stringify(written.json)).toBe(200);
  } finally {
    dir.cleanup();
  }
}

/** What the example catalog lacks and the app's pages show: users, groups, a domain, a data product, a container,
 * browse paths, platforms, a primary key. Written as Rest.li proposals, as DataHub's ingestion writes them. */
function seedProposals(): unknown[] {
  const platform = (name: string, displayName: string, type: string) =>
    proposal(`urn:li:dataPlatform:${name}`, 'dataPlatformInfo', {
      name,
      displayName,
      type,
      datasetNameDelimiter: '.',
      logoUrl: `/assets/platforms/${name}logo.png`,
    });
  return [
    platform('hive', 'Hive', 'FILE_SYSTEM'),
    platform('feast', 'Feast', 'OTHERS'),
    platform('sagemaker', 'SageMaker', 'OTHERS'),
    proposal(ME, 'corpUserInfo', { active: true, displayName: 'DataHub', fullName: 'DataHub', email: 'datahub@example.com' }), // prettier-ignore
    proposal(PRIYA, 'corpUserInfo', { active: true, displayName: 'Priya Raman', firstName: 'Priya', lastName: 'Raman', fullName: 'Priya Raman', title: 'ML engineer', email: 'priya@example.com' }), // prettier-ignore
    proposal(PRIYA, 'corpUserEditableInfo', { aboutMe: 'Owns the fraud models.', teams: ['fraud'], skills: ['ml'], pictureLink: 'https://example.com/priya.png' }), // prettier-ignore
    proposal(PRIYA, 'groupMembership', { groups: [FRAUD_ML] }),
    proposal(FRAUD_ML, 'corpGroupInfo', { displayName: 'Fraud ML', description: 'Builds the fraud models.', email: 'fraud-ml@example.com', admins: [PRIYA], members: [PRIYA], groups: [] }), // prettier-ignore
    proposal(FRAUD_ML, 'origin', { type: 'NATIVE' }),
    proposal(PAYMENTS, 'domainProperties', { name: 'Payments', description: 'Card payments and their risk.', created: { time: TIME_RANGE_START, actor: ME } }), // prettier-ignore
    proposal(CARDS, 'domainProperties', { name: 'Cards', parentDomain: PAYMENTS }),
    proposal(TX, 'domains', { domains: [PAYMENTS] }),
    proposal(PRODUCT, 'dataProductProperties', { name: 'Fraud signals', assets: [{ destinationUrn: TX, created: { time: TIME_RANGE_START, actor: ME } }] }), // prettier-ignore
    proposal(PRODUCT, 'domains', { domains: [PAYMENTS] }),
    proposal(WAREHOUSE, 'containerProperties', { name: 'warehouse', description: 'The Hive warehouse.' }),
    proposal(WAREHOUSE, 'dataPlatformInstance', { platform: HIVE }),
    proposal(WAREHOUSE, 'subTypes', { typeNames: ['Database'] }),
    proposal(WAREHOUSE, 'browsePathsV2', { path: [] }),
    proposal(TX, 'container', { container: WAREHOUSE }),
    proposal(TX, 'subTypes', { typeNames: ['Table'] }),
    proposal(TX, 'browsePathsV2', { path: [{ id: WAREHOUSE, urn: WAREHOUSE }] }),
    proposal(REVENUE, 'glossaryTermInfo', { name: 'Revenue', definition: 'Money the business earns.', termSource: 'INTERNAL' }), // prettier-ignore
    proposal(TX, 'datasetProfile', {
      timestampMillis: TIME_RANGE_START,
      partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
      rowCount: 1200,
      columnCount: 6,
      fieldProfiles: [{ fieldPath: 'amount', uniqueCount: 900, nullCount: 0, min: '0.5', max: '990.0' }],
    }),
    proposal(TX, 'operation', {
      timestampMillis: TIME_RANGE_START,
      lastUpdatedTimestamp: TIME_RANGE_START,
      operationType: 'INSERT',
      numAffectedRows: 40,
      actor: ME,
      partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
    }),
    proposal(ML_PRIMARY_KEY, 'mlPrimaryKeyProperties', { description: 'The account id.', dataType: 'NOMINAL', sources: [USERS] }), // prettier-ignore
  ];
}
