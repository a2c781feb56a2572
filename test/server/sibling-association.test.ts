/**
 * GMS's SiblingAssociationHook in the embedded catalog: the lineage of a dbt model and its warehouse table makes
 * them siblings (dbt primary), never over siblings that ingestion set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const dataset = (platform: string, name: string) =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},shop.${name},PROD)`;
const upstreams = (...urns: string[]) => ({
  upstreams: urns.map((urn) => ({ dataset: urn, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' } })),
}); // prettier-ignore

describe('sibling association', () => {
  let server: TestServer;
  const write = async (...proposals: ReturnType<typeof proposal>[]) => {
    for (const item of proposals) {
      const response = await server.post('/aspects?action=ingestProposal', { proposal: item });
      expect(response.status).toBe(200);
    }
  };
  const properties = (urn: string) => proposal(urn, 'datasetProperties', { name: urn, customProperties: {} });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('makes a table downstream of exactly one dbt model its sibling, the model primary', async () => {
    const [model, table] = [dataset('dbt', 'orders'), dataset('snowflake', 'orders')];
    await write(properties(model), properties(table), proposal(table, 'upstreamLineage', upstreams(model)));
    expect(await server.aspect(model, 'siblings')).toEqual({ siblings: [table], primary: true });
    expect(await server.aspect(table, 'siblings')).toEqual({ siblings: [model], primary: false });
    const answer = await server.graphql(
      `{ dataset(urn: "${table}") { siblings { isPrimary siblings { urn } } } }`,
    );
    expect(answer.data.dataset.siblings).toEqual({ isPrimary: false, siblings: [{ urn: model }] });
  });

  it('makes a dbt source and the one table outside dbt it reads siblings, whichever aspect comes last', async () => {
    const [source, raw] = [dataset('dbt', 'raw_customers'), dataset('snowflake', 'raw_customers')];
    await write(properties(raw), proposal(source, 'upstreamLineage', upstreams(raw)));
    expect(await server.aspect(source, 'siblings')).toBeUndefined();
    await write(proposal(source, 'subTypes', { typeNames: ['Source'] }));
    expect(await server.aspect(source, 'siblings')).toEqual({ siblings: [raw], primary: true });
    expect(await server.aspect(raw, 'siblings')).toEqual({ siblings: [source], primary: false });

    const [legacy, legacyRaw] = [dataset('dbt', 'raw_items'), dataset('snowflake', 'raw_items')];
    await write(properties(legacyRaw), proposal(legacy, 'subTypes', { typeNames: ['source'] }));
    await write(proposal(legacy, 'upstreamLineage', upstreams(legacyRaw)));
    expect(await server.aspect(legacyRaw, 'siblings')).toEqual({ siblings: [legacy], primary: false });
  });

  it('leaves datasets alone when the lineage names no single dbt match', async () => {
    const [a, b, table] = [dataset('dbt', 'a'), dataset('dbt', 'b'), dataset('snowflake', 'ab')];
    await write(properties(a), properties(b), proposal(table, 'upstreamLineage', upstreams(a, b)));
    // A dbt model (not a source) over a table, and a table over a table: no siblings either.
    const [model, other] = [dataset('dbt', 'model'), dataset('snowflake', 'other')];
    await write(
      proposal(model, 'upstreamLineage', upstreams(other)),
      proposal(other, 'upstreamLineage', upstreams(table)),
    );
    for (const urn of [a, b, table, model, other])
      expect(await server.aspect(urn, 'siblings')).toBeUndefined();
  });

  it('never replaces siblings that ingestion set', async () => {
    const [model, table, staging] = [
      dataset('dbt', 'stg'),
      dataset('bigquery', 'stg'),
      dataset('dbt', 'raw'),
    ];
    await write(
      properties(staging),
      proposal(model, 'siblings', { siblings: [table], primary: true }),
      proposal(table, 'siblings', { siblings: [model], primary: false }),
      proposal(table, 'upstreamLineage', upstreams(staging)),
    );
    expect(await server.aspect(table, 'siblings')).toEqual({ siblings: [model], primary: false });
    expect(await server.aspect(staging, 'siblings')).toBeUndefined();
  });

  it("leaves a dbt model that does not exist out of its table's siblings", async () => {
    const [missing, table] = [dataset('dbt', 'missing'), dataset('snowflake', 'orphan')];
    await write(properties(table), proposal(table, 'upstreamLineage', upstreams(missing)));
    expect(await server.aspect(table, 'siblings')).toEqual({ siblings: [], primary: false });
    expect(await server.aspect(missing, 'siblings')).toEqual({ siblings: [table], primary: true });
  });
});
