/**
 * Versioned datasets as DataHub v1.7.0 serves them to its web app: a dataset's versionProperties (DatasetMapper
 * with VersionPropertiesMapper), and its version set (VersionSetMapper) with the latest version and the versions
 * searched newest first (VersionsSearchResolver), as the version pill and its popover ask for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const SET = 'urn:li:versionSet:(6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d,dataset)';
const dataset = (version: string) => `urn:li:dataset:(urn:li:dataPlatform:agents,skill-${version},PROD)`;

const VERSIONED = `query ($urn: String!) { dataset(urn: $urn) { versionProperties {
  version { versionTag } comment isLatest
  versionSet { urn type latestVersion { urn }
    versionsSearch(input: {query: "*", count: 5, searchFlags: {skipCache: true}}) {
      count total searchResults { entity { urn ... on Dataset { versionProperties { version { versionTag } } } } } } } } } }`;

describe('version sets', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const writes: [string, string, unknown][] = [
      [SET, 'versionSetProperties', { latest: dataset('2.1.0'), versioningScheme: 'LEXICOGRAPHIC_STRING' }],
      ['urn:li:dataset:(urn:li:dataPlatform:agents,unversioned,PROD)', 'status', { removed: false }],
    ];
    for (const version of ['2.0.0', '2.1.0', '1.0.0'])
      writes.push([
        dataset(version),
        'versionProperties',
        { versionSet: SET, version: { versionTag: version }, sortId: version, comment: `release ${version}` },
      ]);
    for (const [urn, aspect, value] of writes)
      await server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, aspect, value) });
  });
  afterAll(() => server.close());

  it('answers a dataset its version, and its version set the latest version and the versions newest first', async () => {
    const answer = await server.graphql(VERSIONED, { urn: dataset('2.0.0') });
    const properties = answer.data.dataset.versionProperties;
    expect(properties).toMatchObject({ version: { versionTag: '2.0.0' }, comment: 'release 2.0.0', isLatest: false }); // prettier-ignore
    expect(properties.versionSet).toMatchObject({ urn: SET, type: 'VERSION_SET', latestVersion: { urn: dataset('2.1.0') } }); // prettier-ignore
    const search = properties.versionSet.versionsSearch;
    expect(search.total).toBe(3);
    expect(
      search.searchResults.map((result: any) => result.entity.versionProperties.version.versionTag),
    ).toEqual(['2.1.0', '2.0.0', '1.0.0']);
    const unversioned = await server.graphql(VERSIONED, { urn: 'urn:li:dataset:(urn:li:dataPlatform:agents,unversioned,PROD)' }); // prettier-ignore
    expect(unversioned.data.dataset.versionProperties).toBeNull();
  });

  it('answers versionSet(urn:) with a page of its versions', async () => {
    const answer = await server.graphql(
      `{ versionSet(urn: "${SET}") { latestVersion { urn } versionsSearch(input: {query: "*", start: 1, count: 1}) { start count total searchResults { entity { urn } } } } }`,
    );
    expect(answer.data.versionSet).toEqual({
      latestVersion: { urn: dataset('2.1.0') },
      versionsSearch: {
        start: 1,
        count: 1,
        total: 3,
        searchResults: [{ entity: { urn: dataset('2.0.0') } }],
      },
    });
  });
});
