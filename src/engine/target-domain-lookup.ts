/**
 * The two questions DataHub's DomainRegistry asks a server, asked of the chosen target (a DataHub or the
 * embedded catalog):
 *
 * - get_domain_properties(urn): `GET /aspects/<urn>?aspect=domainProperties&version=0`, the same Rest.li read as
 *   DataHub's Python client (a 404 means no).
 * - get_domain_urn_by_name(name): DataHub's client posts to Rest.li `/entities?action=search` with
 *   `{input: "*", entity: "domain", start: 0, count: 10, filter: {or: [{and: [{field: "name", values: [name],
 *   condition: "EQUAL"}]}]}}` and takes the first entity. The same search (type DOMAIN, query `*`, the same
 *   filter, start 0, count 10, first result) is sent here through GraphQL's `search`, which GMS answers from the
 *   same search service and which the embedded catalog serves; only fields of DataHub's v1.7.0 schema are used.
 */
import type { DataHubClient } from '../client/datahub-client.js';
import { isJsonObject } from '../model/json.js';
import type { DomainLookup } from '../import/domain-registry.js';

const DOMAIN_BY_NAME = `query domainUrnByName($input: SearchInput!) {
  search(input: $input) {
    total
    searchResults { entity { urn } }
  }
}`;

export function targetDomainLookup(client: DataHubClient): DomainLookup {
  return {
    hasDomainProperties: async (urn) =>
      (await client.restli.getAspect(urn, 'domainProperties')) !== undefined,
    domainUrnByName: async (name) => {
      const data = await client.graphql.execute(
        DOMAIN_BY_NAME,
        {
          input: {
            type: 'DOMAIN',
            query: '*',
            start: 0,
            count: 10,
            orFilters: [{ and: [{ field: 'name', values: [name], condition: 'EQUAL' }] }],
          },
        },
        `looking up the domain named ${JSON.stringify(name)}`,
      );
      const search = data['search'];
      const results = isJsonObject(search) ? search['searchResults'] : undefined;
      const first: unknown = Array.isArray(results) ? (results as readonly unknown[])[0] : undefined;
      const entity = isJsonObject(first) ? first['entity'] : undefined;
      const urn = isJsonObject(entity) ? entity['urn'] : undefined;
      return typeof urn === 'string' ? urn : undefined;
    },
  };
}
