/**
 * DataHub's timeline on the embedded catalog, as the web app's change history sidebar and schema tab ask for it
 * (getTimeline with includeVersionSet, getSchemaVersionList, getSchemaBlame, versionedDataset), computed from the
 * aspect versions the catalog keeps, as DataHub v1.7.0's TimelineServiceImpl computes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const V2 = 'urn:li:dataset:(urn:li:dataPlatform:agents,text-to-sql-skill-2-1-0,PROD)';
const V1 = 'urn:li:dataset:(urn:li:dataPlatform:agents,text-to-sql-skill-2-0-0,PROD)';
const SET = 'urn:li:versionSet:(6a7b8c9d,dataset)';
const CHART = 'urn:li:chart:(looker,c1)';
const TERM = 'urn:li:glossaryTerm:Revenue';
const CATEGORIES = ['TECHNICAL_SCHEMA', 'DOCUMENTATION', 'TAG', 'GLOSSARY_TERM', 'OWNERSHIP', 'DOMAIN', 'STRUCTURED_PROPERTY', 'APPLICATION', 'VERSIONING']; // prettier-ignore

const TIMELINE = `query ($input: GetTimelineInput!) { getTimeline(input: $input) { skippedVersionCount
  changeTransactions { timestampMillis lastSemanticVersion versionStamp changeType actor
    changes { urn category operation modifier parameters { key value } auditStamp { time } description } } } }`;
const VERSIONS = `query ($input: GetSchemaVersionListInput!) { getSchemaVersionList(input: $input) {
  latestVersion { semanticVersion semanticVersionTimestamp versionStamp }
  semanticVersionList { semanticVersion semanticVersionTimestamp versionStamp } } }`;
const BLAME = `query ($input: GetSchemaBlameInput!) { getSchemaBlame(input: $input) {
  version { semanticVersion versionStamp }
  schemaFieldBlameList { fieldPath schemaFieldChange { lastSemanticVersion lastSchemaFieldChange changeType } } } }`;
const VERSIONED = `query ($urn: String!, $versionStamp: String) { versionedDataset(urn: $urn, versionStamp: $versionStamp) {
  urn name schema { fields { fieldPath description } lastObserved }
  editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description globalTags { tags { tag { urn } } } } } } }`;

const column = (fieldPath: string, description: string) => ({
  fieldPath,
  description,
  nullable: false,
  type: { type: { 'com.linkedin.schema.BooleanType': {} } },
  nativeDataType: 'boolean',
});
const schema = (...fields: ReturnType<typeof column>[]) => ({
  schemaName: 's',
  platform: 'urn:li:dataPlatform:agents',
  version: 0,
  hash: '',
  platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
  fields,
});
const versionOf = (tag: string) => ({
  versionSet: SET,
  version: { versionTag: tag },
  sortId: tag,
  comment: `release ${tag}`,
});

describe('timeline', () => {
  let server: TestServer;
  let now = 1_000;
  const gql = (query: string, variables?: Record<string, unknown>) => server.graphql(query, variables);
  const write = async (at: number, urn: string, aspect: string, value: unknown) => {
    now = at;
    const response = await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(urn, aspect, value),
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
    await write(1_000, V1, 'versionProperties', versionOf('2.0.0'));
    await write(1_000, V1, 'datasetProperties', { description: 'First', customProperties: {} });
    await write(2_000, V2, 'datasetProperties', { description: 'Second', customProperties: {} });
    await write(2_000, V2, 'globalTags', { tags: [{ tag: 'urn:li:tag:Stable' }, { tag: 'urn:li:tag:NLP' }] });
    await write(2_000, V2, 'schemaMetadata', schema(column('foo', 'Foo'), column('bar', 'Bar')));
    await write(3_000, V2, 'versionProperties', versionOf('2.1.0'));
    await write(3_000, V2, 'ownership', { owners: [{ owner: 'urn:li:corpuser:datahub', type: 'TECHNICAL_OWNER', typeUrn: 'urn:li:ownershipType:__system__technical_owner' }] }); // prettier-ignore
    await write(4_000, V2, 'schemaMetadata', schema(column('foo', 'Foo'), column('baz', 'Baz')));
    await write(4_000, V2, 'editableSchemaMetadata', { editableSchemaFieldInfo: [{ fieldPath: 'foo', description: 'Changed', globalTags: { tags: [{ tag: 'urn:li:tag:Legacy' }] } }] }); // prettier-ignore
    await write(5_000, V2, 'globalTags', { tags: [{ tag: 'urn:li:tag:Stable' }] });
    await write(5_000, V2, 'domains', { domains: ['urn:li:domain:AI'] });
    await write(5_000, TERM, 'glossaryTermInfo', {
      name: 'Revenue',
      definition: 'Money in',
      termSource: 'INTERNAL',
    });
    await write(5_000, CHART, 'chartInfo', { title: 'c', description: '', lastModified: { created: { time: 0, actor: 'urn:li:corpuser:a' }, lastModified: { time: 0, actor: 'urn:li:corpuser:a' } } }); // prettier-ignore
  });
  afterAll(() => server.close());

  it('answers an entity’s change transactions, oldest first, each with the events of its writes', async () => {
    const result = await gql(TIMELINE, { input: { urn: V2, changeCategories: CATEGORIES } });
    const transactions = result.data.getTimeline.changeTransactions;
    expect(result.data.getTimeline.skippedVersionCount).toBe(0);
    expect(transactions.map((t: any) => [t.timestampMillis, t.lastSemanticVersion, t.versionStamp, t.changeType])).toEqual([
      [2_000, '0.0.0-computed', 'none', 'MODIFY'],
      [3_000, '0.1.0-computed', 'none', 'MODIFY'],
      [4_000, '1.0.0-computed', 'none', 'MODIFY'],
      [5_000, '1.1.0-computed', 'none', 'MODIFY'],
    ]); // prettier-ignore
    const changes = (index: number) =>
      transactions[index].changes.map((c: any) => [c.category, c.operation, c.modifier]).sort();
    expect(changes(0)).toEqual([
      ['DOCUMENTATION', 'ADD', null],
      ['DOCUMENTATION', 'ADD', null],
      ['DOCUMENTATION', 'ADD', null],
      ['TAG', 'ADD', 'urn:li:tag:NLP'],
      ['TAG', 'ADD', 'urn:li:tag:Stable'],
      ['TECHNICAL_SCHEMA', 'ADD', `urn:li:schemaField:(${V2},bar)`],
      ['TECHNICAL_SCHEMA', 'ADD', `urn:li:schemaField:(${V2},foo)`],
    ]);
    const milestone = transactions[1].changes.find((c: any) => c.category === 'VERSIONING');
    expect(milestone).toEqual({
      urn: V2,
      category: 'VERSIONING',
      operation: 'ADD',
      modifier: null,
      parameters: [
        { key: 'versionTag', value: '2.1.0' },
        { key: 'comment', value: 'release 2.1.0' },
        { key: 'versionSetUrn', value: SET },
        { key: 'isLatest', value: 'false' },
      ],
      auditStamp: null,
      description: `Version '2.1.0' created for '${V2}' — release 2.1.0`,
    });
    expect(changes(3)).toEqual([
      ['DOMAIN', 'ADD', 'urn:li:domain:AI'],
      ['TAG', 'REMOVE', 'urn:li:tag:NLP'],
    ]);
    const onlyOwners = await gql(TIMELINE, { input: { urn: V2, changeCategories: ['OWNERSHIP'] } });
    expect(
      onlyOwners.data.getTimeline.changeTransactions.map((t: any) => t.changes[0].parameters[1]),
    ).toEqual([{ key: 'ownerType', value: 'TECHNICAL_OWNER' }]);
  });

  it('merges the timelines of every version of the set with includeVersionSet', async () => {
    const result = await gql(TIMELINE, { input: { urn: V2, changeCategories: ['VERSIONING', 'DOCUMENTATION'], includeVersionSet: true } }); // prettier-ignore
    const milestones = result.data.getTimeline.changeTransactions.flatMap((t: any) =>
      t.changes.filter((c: any) => c.category === 'VERSIONING').map((c: any) => [t.timestampMillis, c.urn]),
    );
    expect(milestones).toEqual([
      [1_000, V1],
      [3_000, V2],
    ]);
    expect(result.data.getTimeline.skippedVersionCount).toBe(0);
    const single = await gql(TIMELINE, { input: { urn: V2, changeCategories: ['VERSIONING'] } });
    expect(single.data.getTimeline.changeTransactions).toHaveLength(1);
  });

  it('answers a glossary term’s timeline, and null for an entity type the timeline does not cover, as GMS does', async () => {
    const term = await gql(TIMELINE, {
      input: { urn: TERM, changeCategories: ['DOCUMENTATION', 'OWNERSHIP'] },
    });
    expect(term.data.getTimeline.changeTransactions[0].changes.map((c: any) => [c.operation, c.description, c.parameters])).toEqual([
      ['ADD', `Name for '${TERM}' has been set: 'Revenue'.`, null],
      ['ADD', `Documentation for '${TERM}' has been added: 'Money in'.`, null],
    ]); // prettier-ignore
    const result = await gql(TIMELINE, { input: { urn: CHART } });
    expect(result.errors).toBeUndefined();
    expect(result.data.getTimeline).toBeNull();
  });

  it('lists the schema versions, and blames each column on its last change', async () => {
    const versions = await gql(VERSIONS, { input: { datasetUrn: V2 } });
    expect(versions.data.getSchemaVersionList).toEqual({
      latestVersion: { semanticVersion: '1.0.0', semanticVersionTimestamp: 4_000, versionStamp: expect.stringContaining('schemaMetadata:0') }, // prettier-ignore
      semanticVersionList: [
        { semanticVersion: '1.0.0', semanticVersionTimestamp: 4_000, versionStamp: 'datasetKey:0;datasetProperties:0;editableSchemaMetadata:0;globalTags:1;ownership:0;schemaMetadata:0;versionProperties:0' }, // prettier-ignore
        { semanticVersion: '0.0.0', semanticVersionTimestamp: 2_000, versionStamp: 'datasetKey:0;datasetProperties:0;globalTags:1;schemaMetadata:1' }, // prettier-ignore
      ],
    });
    const blame = await gql(BLAME, { input: { datasetUrn: V2, version: '0.0.0' } });
    expect(blame.data.getSchemaBlame.version).toEqual({ semanticVersion: '0.0.0', versionStamp: 'datasetKey:0;datasetProperties:0;globalTags:1;schemaMetadata:1' }); // prettier-ignore
    const fields = blame.data.getSchemaBlame.schemaFieldBlameList.map((b: any) => [b.fieldPath, b.schemaFieldChange.lastSchemaFieldChange]); // prettier-ignore
    expect(fields.sort()).toEqual([
      ['bar', 'Added in v0.0.0'],
      ['foo', 'Added in v0.0.0'],
    ]);
    const latest = await gql(BLAME, { input: { datasetUrn: V2 } });
    expect(latest.data.getSchemaBlame.schemaFieldBlameList.map((b: any) => b.fieldPath).sort()).toEqual([
      'baz',
      'foo',
    ]);
  });

  it('answers the dataset as it was at a version stamp', async () => {
    const older = await gql(VERSIONED, {
      urn: V2,
      versionStamp: 'datasetKey:0;datasetProperties:0;globalTags:1;schemaMetadata:1',
    });
    expect(older.data.versionedDataset).toEqual({
      urn: V2,
      name: 'text-to-sql-skill-2-1-0',
      schema: {
        fields: [
          { fieldPath: 'foo', description: 'Foo' },
          { fieldPath: 'bar', description: 'Bar' },
        ],
        lastObserved: 2_000,
      },
      editableSchemaMetadata: null,
    });
    const latest = await gql(VERSIONED, { urn: V2 });
    expect(latest.data.versionedDataset.schema.fields.map((f: any) => f.fieldPath)).toEqual(['foo', 'baz']);
    expect(latest.data.versionedDataset.editableSchemaMetadata.editableSchemaFieldInfo).toEqual([
      {
        fieldPath: 'foo',
        description: 'Changed',
        globalTags: { tags: [{ tag: { urn: 'urn:li:tag:Legacy' } }] },
      },
    ]);
    const bad = await gql(VERSIONED, { urn: V2, versionStamp: 'schemaMetadata' });
    expect(bad.errors[0].message).toBe('Invalid version stamp cannot be parsed: schemaMetadata');
  });
});
