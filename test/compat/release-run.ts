/**
 * What the client sends to a release, captured on the wire: the example catalog planned against an empty embedded
 * catalog (with the example datasets) and applied through the real HTTP client, whose server says, in /config, that
 * it is that release.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { applyPlan } from '../../src/apply/apply-plan.js';
import type { DataHubClient } from '../../src/client/datahub-client.js';
import { GraphQLClient } from '../../src/client/graphql-client.js';
import { HttpClient, type HttpResponse, type RequestOptions } from '../../src/client/http-client.js';
import { readLiveState } from '../../src/client/read-live-state.js';
import { chunkProposals, RestliClient } from '../../src/client/restli-client.js';
import { REFERENCE_RELEASE, refusalsFor, type MatrixRelease } from '../../src/client/server-capabilities.js';
import { CatalogError } from '../../src/errors.js';
import type { DesiredState } from '../../src/model/desired-state.js';
import { isJsonObject, stringOr, type JsonObject } from '../../src/model/json.js';
import { parseMetadataRecords } from '../../src/model/metadata-file.js';
import { createPlan } from '../../src/plan/create-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { startTestServer } from '../helpers/server.js';

export interface GraphQLSent {
  readonly query: string;
  readonly variables: JsonObject;
}

export interface Capture {
  readonly graphql: GraphQLSent[];
  /** Proposals as sent (aspect double-encoded), from every ingestProposalBatch request. */
  readonly proposals: JsonObject[];
  readonly warnings: string[];
}

/**
 * The real HTTP client, recording every write it sends, with /config answered as GMS of `version` would: the
 * client under test is what adapts to the release, so this is the one thing it must believe.
 */
export class ReleaseHttpClient extends HttpClient {
  constructor(
    private readonly capture: Capture,
    private readonly version: string,
  ) {
    super();
  }

  override request(method: string, url: string, options: RequestOptions = {}): Promise<HttpResponse> {
    if (method === 'GET' && new URL(url).pathname === '/config') {
      const config = {
        noCode: 'true',
        versions: { 'acryldata/datahub': { version: this.version, commit: 'compat-matrix' } },
        datahub: { serverType: 'prod', serverEnv: 'core' },
      };
      return Promise.resolve({ status: 200, headers: {}, text: JSON.stringify(config) });
    }
    const body = typeof options.body === 'function' ? options.body() : options.body;
    if (method === 'POST' && body !== undefined) {
      const parsed = JSON.parse(body) as JsonObject;
      if (url.endsWith('/api/graphql')) {
        this.capture.graphql.push({
          query: stringOr(parsed['query']),
          variables: isJsonObject(parsed['variables']) ? parsed['variables'] : {},
        });
      } else if (url.includes('action=ingestProposal') && Array.isArray(parsed['proposals'])) {
        this.capture.proposals.push(...parsed['proposals'].filter(isJsonObject));
      }
    }
    return super.request(method, url, { ...options, ...(body === undefined ? {} : { body }) });
  }
}

export function clientFor(gmsUrl: string, version: string, capture: Capture): DataHubClient {
  const http = new ReleaseHttpClient(capture, version);
  return {
    gmsUrl,
    restli: new RestliClient(http, gmsUrl),
    graphql: new GraphQLClient(http, `${gmsUrl}/api/graphql`),
    parallelism: http.parallelism,
    close: () => http.close(),
  };
}

/** The manifests of the example catalog, read as the CLI reads them. */
export function exampleFiles(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => ({ path: path.join(dir, file), text: readFileSync(path.join(dir, file), 'utf8') }));
}

/** What the example catalog does not write, and some releases cannot take: tags on glossary nodes and terms. */
export const EXTRA = `apiVersion: catalog/v1
kind: GlossaryNode
id: Compat
name: Compatibility
definition: Reaches what the example catalog does not.
tags: [pci]
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: Compat.Tagged
name: Tagged
definition: A glossary term with a tag.
parent: Compat
tags: [pci]
---
apiVersion: catalog/v1
kind: GlossaryNode
id: CompatInDomain
name: In a domain
domain: compat
---
apiVersion: catalog/v1
kind: Domain
id: compat
name: Compatibility
deprecated: { note: Reaches deprecation on domains. }
---
apiVersion: catalog/v1
kind: DataProduct
id: compat-product
name: Compatibility
domain: compat
deprecated: { note: Reaches deprecation on data products. }
assets: [transaction_features]
`;

/** An empty embedded catalog holding the example datasets (terms can only be attached to existing datasets). */
export async function seededServer() {
  const server = await startTestServer();
  const parsed = parseMetadataRecords(JSON.parse(readFileSync('examples/datasets.json', 'utf8')));
  if (!parsed.ok) throw new Error('examples/datasets.json does not parse');
  const client = clientFor(server.url, REFERENCE_RELEASE, { graphql: [], proposals: [], warnings: [] });
  for (const chunk of chunkProposals(parsed.proposals)) await client.restli.ingestBatch(chunk);
  await client.close();
  return server;
}

/** The example catalog's plan (`state`, its manifests read) against what `client` reads. */
export async function planExample(client: DataHubClient, state: DesiredState): Promise<Plan> {
  const live = await readLiveState(client.restli, state, { prune: false });
  const plan = createPlan(state, live, {
    toolVersion: 'compat',
    target: 'compat',
    git: { revision: null, dirty: false, manifestDir: { local: '.', recorded: '.' } },
    prune: false,
    maxDeletes: 0,
  });
  expect(plan.changes.length).toBeGreaterThan(0);
  return plan;
}

export interface Run {
  readonly capture: Capture;
  /** The refusal, when the tool refused the plan (nothing of it was written). */
  readonly refusal?: string;
  /** What the tool wrote of the plan without the refused changes, when it refused. */
  readonly rest?: Capture;
}

/** Plans the example catalog against a fresh catalog and applies it as if the server were `release`. */
export async function runAgainst(release: MatrixRelease, state: DesiredState): Promise<Run> {
  const server = await seededServer();
  const capture: Capture = { graphql: [], proposals: [], warnings: [] };
  const client = clientFor(server.url, release, capture);
  try {
    const plan = await planExample(client, state);
    // Each attempt records through a client of its own, so a refused attempt's capture is only its own.
    const apply = async (which: Plan, into: Capture) => {
      const attempt = into === capture ? client : clientFor(server.url, release, into);
      try {
        return await applyPlan(which, attempt, {
          runId: 'compat',
          planJustMade: true,
          onWarning: (message) => into.warnings.push(message),
        });
      } finally {
        if (attempt !== client) await attempt.close();
      }
    };
    try {
      const result = await apply(plan, capture);
      expect(result.ok, `${release}: ${JSON.stringify(result.steps.find((step) => step.error))}`).toBe(true);
      return { capture };
    } catch (error) {
      if (!(error instanceof CatalogError) || error.code !== 'UNSUPPORTED_SERVER') throw error;
      // Refused before writing: what is left of the plan must still go through, and be valid.
      const rest: Capture = { graphql: [], proposals: [], warnings: [] };
      const kept = plan.changes.filter((change) => !refusedChange(release, change));
      const result = await apply({ ...plan, changes: kept }, rest);
      expect(result.ok).toBe(true);
      return { capture, refusal: error.message, rest };
    }
  } finally {
    await client.close();
    await server.close();
  }
}

/** The changes a release refuses (server-capabilities.ts), for the run without them. */
export function refusedChange(release: MatrixRelease, change: Plan['changes'][number]): boolean {
  return refusalsFor({ reported: release, release }, [change]).length > 0;
}
