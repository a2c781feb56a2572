/**
 * Incidents as DataHub v1.7.0 serves them to its web app's Incidents tab: an asset's `incidents` with their
 * filters (EntityIncidentsResolver, IncidentMapper), raiseIncident, updateIncident and updateIncidentStatus as
 * their resolvers write incidentInfo and check EDIT_ENTITY_INCIDENTS, and the `incidentsSummary` of each asset
 * that GMS's IncidentsSummaryHook keeps as incidents are written.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const TOKEN = 'incidents-test-server-token-0123456789';
const USERS = ['datahub', 'reader', 'owner'].map((username) => ({ username, password: `${username}-pw` }));
const KAFKA = 'urn:li:dataset:(urn:li:dataPlatform:kafka,incidents-sample-dataset-v2,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,other_asset,PROD)';
const OWNED = 'urn:li:dataset:(urn:li:dataPlatform:hive,owned_by_owner,PROD)';
const V1 = 'urn:li:incident:pw-incidents-v2-test-title';
const ADMIN = 'urn:li:corpuser:datahub';

/** The web app's incidentFields (datahub-web-react/src/graphql/incident.graphql), trimmed to what is asserted. */
const INCIDENT_FIELDS = `urn type incidentType customType title description startedAt priority
  incidentStatus { state stage message lastUpdated { time actor } }
  status { state stage }
  source { type source { urn } }
  created { time actor }
  assignees { ... on CorpUser { urn type username } }
  entity { urn type }
  linkedAssets: relationships(input: { types: ["IncidentOn"], direction: OUTGOING, start: 0, count: 1000, includeSoftDelete: false }) {
    relationships { entity { urn } } }`;
const INCIDENTS = `query ($urn: String!, $start: Int, $count: Int, $state: IncidentState, $stage: IncidentStage,
  $priority: IncidentPriority, $assigneeUrns: [String!]) {
  entity(urn: $urn) { ... on Dataset {
    incidents(start: $start, count: $count, state: $state, stage: $stage, priority: $priority, assigneeUrns: $assigneeUrns) {
      start count total incidents { ${INCIDENT_FIELDS} } }
    privileges { canEditIncidents } } } }`;
const RAISE = 'mutation ($input: RaiseIncidentInput!) { raiseIncident(input: $input) }';
const UPDATE =
  'mutation ($urn: String!, $input: UpdateIncidentInput!) { updateIncident(urn: $urn, input: $input) }';
const SEARCH = 'query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { searchResults { entity { urn } } } }'; // prettier-ignore
const UPDATE_STATUS =
  'mutation ($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }';

describe('incidents', () => {
  let server: TestServer;
  let bundle: { dir: string; cleanup: () => void };
  const sessions = new Map<string, string>();
  const gql = async (user: string, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${server.url}/api/v2/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessions.get(user) ?? '' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as any;
  };
  const admin = (query: string, variables: Record<string, unknown> = {}) => gql('datahub', query, variables);
  const incidentsOf = async (urn: string, filters: Record<string, unknown> = {}) =>
    (await admin(INCIDENTS, { urn, start: 0, count: 20, ...filters })).data.entity.incidents;
  const titles = async (urn: string, filters: Record<string, unknown> = {}) =>
    (await incidentsOf(urn, filters)).incidents.map((incident: any) => incident.title);
  /** The latest value of an aspect, read with the server's token (GMS's entitiesV2). */
  const aspect = async (urn: string, name: string) =>
    (await server.get(`/entitiesV2/${encodeURIComponent(urn)}?aspects=List(${name})`, { Authorization: `Bearer ${TOKEN}` })) // prettier-ignore
    .json.aspects?.[name]?.value;
  const summaryOf = (urn: string) => aspect(urn, 'incidentsSummary');

  beforeAll(async () => {
    bundle = tempDir();
    writeFileSync(path.join(bundle.dir, 'index.html'), '<!doctype html><base href="@basePath" />');
    server = await startTestServer({ users: USERS, token: TOKEN, datahubUi: bundle.dir });
    // DataHub's suite seeds the v1 incident as an incidentInfo proposal (tests/incidents-v2/fixtures/data.json).
    const seeded = await server.post(
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          proposal('urn:li:corpuser:reader', 'roleMembership', { roles: ['urn:li:dataHubRole:Reader'] }),
          proposal(KAFKA, 'status', { removed: false }),
          proposal(OTHER, 'status', { removed: false }),
          proposal(OWNED, 'ownership', {
            owners: [{ owner: 'urn:li:corpuser:owner', type: 'TECHNICAL_OWNER' }],
            lastModified: { time: 0, actor: ADMIN },
          }),
          proposal(V1, 'incidentInfo', {
            type: 'OPERATIONAL',
            title: 'test title',
            description: 'test description',
            entities: [KAFKA],
            status: { state: 'ACTIVE', lastUpdated: { time: 0, actor: 'urn:li:corpuser:admin' } },
            created: { time: 0, actor: 'urn:li:corpuser:admin' },
          }),
        ],
      },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(seeded.status).toBe(200);
    for (const { username, password } of USERS) {
      const response = await fetch(`${server.url}/logIn`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(response.status).toBe(200);
      sessions.set(
        username,
        response.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; '),
      );
    }
  });
  afterAll(async () => {
    await server.close();
    bundle.cleanup();
  });

  it('answers an ingested incident on its asset as IncidentMapper maps it, and summarizes it on the asset', async () => {
    const result = await admin(INCIDENTS, { urn: KAFKA, start: 0, count: 20 });
    expect(result.errors).toBeUndefined();
    expect(result.data.entity.privileges).toEqual({ canEditIncidents: true });
    expect(result.data.entity.incidents).toEqual({
      start: 0,
      count: 20,
      total: 1,
      incidents: [
        {
          urn: V1,
          type: 'INCIDENT',
          incidentType: 'OPERATIONAL',
          customType: null,
          title: 'test title',
          description: 'test description',
          startedAt: null,
          priority: null,
          incidentStatus: { state: 'ACTIVE', stage: null, message: null, lastUpdated: { time: 0, actor: 'urn:li:corpuser:admin' } }, // prettier-ignore
          status: { state: 'ACTIVE', stage: null },
          source: null,
          created: { time: 0, actor: 'urn:li:corpuser:admin' },
          assignees: null,
          entity: { urn: KAFKA, type: 'DATASET' },
          linkedAssets: { relationships: [{ entity: { urn: KAFKA } }] },
        },
      ],
    });
    expect(await summaryOf(KAFKA)).toEqual({
      resolvedIncidentDetails: [],
      activeIncidentDetails: [{ urn: V1, type: 'OPERATIONAL', createdAt: 0 }],
    });
    // The incident itself, by URN (IncidentType.batchLoad).
    const entity = await admin(
      `query { entity(urn: "${V1}") { __typename urn type ... on Incident { title } } }`,
    );
    expect(entity.data.entity).toEqual({
      __typename: 'Incident',
      urn: V1,
      type: 'INCIDENT',
      title: 'test title',
    });
  });

  let raised = '';
  it('raises an incident with every field the app sends, ACTIVE, by the signed-in user', async () => {
    const result = await admin(RAISE, {
      input: {
        type: 'FRESHNESS',
        title: 'Incident new name',
        description: 'This is Description',
        resourceUrn: KAFKA,
        priority: 'CRITICAL',
        status: { state: 'ACTIVE', stage: 'INVESTIGATION' },
        assigneeUrns: [ADMIN],
      },
    });
    expect(result.errors).toBeUndefined();
    raised = result.data.raiseIncident;
    expect(raised).toMatch(/^urn:li:incident:[0-9a-f-]{36}$/);
    const info = await aspect(raised, 'incidentInfo');
    const stamp = info.created;
    expect(stamp).toEqual({ time: expect.any(Number), actor: ADMIN });
    expect(info).toEqual({
      type: 'FRESHNESS',
      title: 'Incident new name',
      description: 'This is Description',
      entities: [KAFKA],
      created: stamp,
      source: { type: 'MANUAL' },
      priority: 0,
      assignees: [{ actor: ADMIN, assignedAt: stamp }],
      status: { state: 'ACTIVE', stage: 'INVESTIGATION', lastUpdated: stamp },
    });
    // Found by its title (IncidentInfo.title is @Searchable).
    const found = await admin(SEARCH, {
      input: { types: ['INCIDENT'], query: 'new name', start: 0, count: 10 },
    });
    expect(found.data.searchAcrossEntities.searchResults).toEqual([{ entity: { urn: raised } }]);
    const page = await incidentsOf(KAFKA);
    expect(page.total).toBe(2);
    // Newest created first.
    expect(page.incidents[0]).toMatchObject({
      urn: raised,
      incidentType: 'FRESHNESS',
      priority: 'CRITICAL',
      incidentStatus: { state: 'ACTIVE', stage: 'INVESTIGATION', lastUpdated: stamp },
      source: { type: 'MANUAL', source: null },
      assignees: [{ urn: ADMIN, type: 'CORP_USER', username: 'datahub' }],
    });
    expect((await summaryOf(KAFKA)).activeIncidentDetails).toEqual([
      { urn: V1, type: 'OPERATIONAL', createdAt: 0 },
      { urn: raised, type: 'FRESHNESS', createdAt: stamp.time, priority: 0 },
    ]);
  });

  it('filters an asset’s incidents by state, stage, priority and assignee, a page at a time', async () => {
    expect(await titles(KAFKA, { state: 'ACTIVE' })).toEqual(['Incident new name', 'test title']);
    expect(await titles(KAFKA, { state: 'RESOLVED' })).toEqual([]);
    expect(await titles(KAFKA, { stage: 'INVESTIGATION' })).toEqual(['Incident new name']);
    expect(await titles(KAFKA, { priority: 'CRITICAL' })).toEqual(['Incident new name']);
    expect(await titles(KAFKA, { priority: 'LOW' })).toEqual([]);
    expect(await titles(KAFKA, { assigneeUrns: [ADMIN, 'urn:li:corpuser:nobody'] })).toEqual(['Incident new name']); // prettier-ignore
    const second = await incidentsOf(KAFKA, { start: 1, count: 1 });
    expect(second).toMatchObject({ start: 1, count: 1, total: 2 });
    expect(second.incidents.map((incident: any) => incident.urn)).toEqual([V1]);
    expect(await titles(OTHER)).toEqual([]);
  });

  it('updates an incident as UpdateIncidentResolver does, and moves it to the resolved summary', async () => {
    const result = await admin(UPDATE, {
      urn: raised,
      input: {
        title: 'Incident new name-edited',
        description: 'Edited Description',
        priority: 'HIGH',
        status: { state: 'RESOLVED', stage: 'WORK_IN_PROGRESS', message: 'fixed upstream' },
        assigneeUrns: [ADMIN],
      },
    });
    expect(result).toEqual({ data: { updateIncident: true }, extensions: {} });
    const info = await aspect(raised, 'incidentInfo');
    expect(info).toMatchObject({
      type: 'FRESHNESS',
      title: 'Incident new name-edited',
      description: 'Edited Description',
      priority: 1,
      status: { state: 'RESOLVED', stage: 'WORK_IN_PROGRESS', message: 'fixed upstream' },
    });
    expect(await titles(KAFKA, { state: 'RESOLVED' })).toEqual(['Incident new name-edited']);
    expect(await titles(KAFKA, { state: 'ACTIVE' })).toEqual(['test title']);
    const summary = await summaryOf(KAFKA);
    expect(summary.activeIncidentDetails).toEqual([{ urn: V1, type: 'OPERATIONAL', createdAt: 0 }]);
    expect(summary.resolvedIncidentDetails).toEqual([
      { urn: raised, type: 'FRESHNESS', createdAt: info.created.time, priority: 1, resolvedAt: info.status.lastUpdated.time }, // prettier-ignore
    ]);
    // Without a priority or assignees in the input, the incident has none (SetMode.REMOVE_IF_NULL).
    await admin(UPDATE, { urn: raised, input: { title: 'Incident new name-edited' } });
    const cleared = await aspect(raised, 'incidentInfo');
    expect(cleared.priority).toBeUndefined();
    expect(cleared.assignees).toBeUndefined();
    expect(cleared.status.state).toBe('RESOLVED');
  });

  it('sets an incident’s status with updateIncidentStatus, back to the active summary', async () => {
    const result = await admin(UPDATE_STATUS, { urn: raised, input: { state: 'ACTIVE', message: 'again' } });
    expect(result.data).toEqual({ updateIncidentStatus: true });
    const info = await aspect(raised, 'incidentInfo');
    expect(info.status).toEqual({ state: 'ACTIVE', message: 'again', lastUpdated: { time: expect.any(Number), actor: ADMIN } }); // prettier-ignore
    const summary = await summaryOf(KAFKA);
    expect(summary.resolvedIncidentDetails).toEqual([]);
    expect(summary.activeIncidentDetails.map((details: any) => details.urn)).toEqual([V1, raised]);
  });

  it('moves an incident to other assets: the asset it left loses it from its summary', async () => {
    await admin(UPDATE, { urn: raised, input: { resourceUrns: [OTHER] } });
    expect(await titles(OTHER)).toEqual(['Incident new name-edited']);
    expect(await titles(KAFKA)).toEqual(['test title']);
    expect((await summaryOf(KAFKA)).activeIncidentDetails.map((details: any) => details.urn)).toEqual([V1]);
    expect((await summaryOf(OTHER)).activeIncidentDetails.map((details: any) => details.urn)).toEqual([
      raised,
    ]);
    // The summaries are filterable, as IncidentsSummary's @Searchable fields are.
    const search = async (field: string, values: string[]) =>
      (
        await admin(SEARCH, {
          input: {
            types: ['DATASET'],
            query: '*',
            start: 0,
            count: 10,
            orFilters: [{ and: [{ field, values }] }],
          },
        })
      ).data.searchAcrossEntities.searchResults // prettier-ignore
        .map((result: any) => result.entity.urn);
    expect((await search('hasActiveIncidents', ['true'])).sort()).toEqual([OTHER, KAFKA].sort());
    expect(await search('activeIncidents', [raised])).toEqual([OTHER]);
    expect(await search('hasResolvedIncidents', ['true'])).toEqual([]);
    expect((await search('hasResolvedIncidents', ['false'])).sort()).toEqual([OTHER, KAFKA].sort());
  });

  it('refuses what the resolvers refuse, with their messages, and writes nothing', async () => {
    const noResource = await admin(RAISE, { input: { type: 'OPERATIONAL', title: 'nowhere' } });
    expect(noResource.errors[0]).toMatchObject({
      message: 'At least 1 resource urn must be defined to raise an incident.',
      extensions: { code: 500, type: 'SERVER_ERROR' },
    });
    const custom = await admin(RAISE, { input: { type: 'CUSTOM', resourceUrn: KAFKA } });
    expect(custom.errors[0].message).toBe(
      'Failed to raise incident: customType is required when type is CUSTOM',
    );
    const missing = await admin(UPDATE, { urn: 'urn:li:incident:missing', input: { title: 'x' } });
    expect(missing.errors[0]).toMatchObject({
      message: 'Failed to update incident. Incident does not exist.',
      extensions: { code: 404, type: 'NOT_FOUND' },
    });
    const missingStatus = await admin(UPDATE_STATUS, { urn: 'urn:li:incident:missing', input: { state: 'RESOLVED' } }); // prettier-ignore
    expect(missingStatus.errors[0].extensions.code).toBe(404);
    const empty = await admin(UPDATE, { urn: V1, input: { resourceUrns: [] } });
    expect(empty.errors[0]).toMatchObject({
      message: 'resourceUrns cannot be empty if provided',
      extensions: { code: 400 },
    });
    expect(await titles(KAFKA)).toEqual(['test title']);
  });

  it('lets a user raise and update incidents only where they hold EDIT_ENTITY_INCIDENTS', async () => {
    const unauthorized = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
    const byReader = await gql('reader', RAISE, { input: { type: 'OPERATIONAL', resourceUrn: KAFKA } });
    expect(byReader.errors[0]).toMatchObject({ message: unauthorized, extensions: { code: 403 } });
    const readerUpdate = await gql('reader', UPDATE_STATUS, { urn: V1, input: { state: 'RESOLVED' } });
    expect(readerUpdate.errors[0].extensions.code).toBe(403);
    expect((await aspect(V1, 'incidentInfo')).status.state).toBe('ACTIVE');
    const readerView = await gql('reader', INCIDENTS, { urn: KAFKA, start: 0, count: 20 });
    expect(readerView.data.entity.privileges).toEqual({ canEditIncidents: false });
    // An owner of an asset holds EDIT_ENTITY_INCIDENTS on it (the asset owners' default policy), not elsewhere.
    const byOwner = await gql('owner', RAISE, {
      input: { type: 'VOLUME', title: 'owned', resourceUrn: OWNED },
    });
    expect(byOwner.errors).toBeUndefined();
    expect(await titles(OWNED)).toEqual(['owned']);
    const elsewhere = await gql('owner', RAISE, { input: { type: 'VOLUME', resourceUrns: [OWNED, KAFKA] } });
    expect(elsewhere.errors[0].extensions.code).toBe(403);
    const moveAway = await gql('owner', UPDATE, { urn: byOwner.data.raiseIncident, input: { resourceUrns: [KAFKA] } }); // prettier-ignore
    expect(moveAway.errors[0].extensions.code).toBe(403);
    expect(await titles(OWNED)).toEqual(['owned']);
  });
});
