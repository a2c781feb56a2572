/**
 * The compatibility matrix (issue 17): for each supported DataHub release, everything the client sends must be
 * something that release takes. What the client sends is captured on the wire, not assumed: the example catalog is
 * planned against an empty embedded catalog (with the example datasets) and applied through a client whose server
 * says, in /config, that it is that release. Then
 *   - every GraphQL document it sent, and every representative document of CLIENT_GRAPHQL_DOCUMENTS, validates
 *     against the release's whole SDL (graphql-js validate, and the variables coerce to its input types);
 *   - every proposal's envelope has only fields of the release's MetadataChangeProposal and SystemMetadata, every
 *     aspect is one the release has for that entity type, and every aspect value validates against the release's
 *     PDL with unknown fields refused (GMS would drop them: a marker the tool needs would be lost silently).
 * What the reference release's writes lack on an older release is each release's list of gaps; every gap must be
 * a FEATURES entry the tool refuses or adapts for, before writing, naming the release. The table of results is
 * docs/datahub-versions.md: the test fails when the committed file differs from what it computes.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  buildASTSchema,
  getVariableValues,
  Kind,
  parse,
  validate,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/apply/apply-plan.js';
import type { DataHubClient } from '../../src/client/datahub-client.js';
import { CLIENT_GRAPHQL_DOCUMENTS } from '../../src/client/graphql-documents.js';
import { GraphQLClient } from '../../src/client/graphql-client.js';
import { HttpClient, type HttpResponse, type RequestOptions } from '../../src/client/http-client.js';
import { readLiveState } from '../../src/client/read-live-state.js';
import { chunkProposals, RestliClient } from '../../src/client/restli-client.js';
import {
  ENTITY_ASPECT_FEATURES,
  FEATURES,
  MATRIX_RELEASES,
  REFERENCE_RELEASE,
  refusalsFor,
  serverReleaseOf,
  supports,
  type Feature,
  type MatrixRelease,
} from '../../src/client/server-capabilities.js';
import type { AspectSchemas } from '../../src/datahub/pegasus/schema.js';
import { validateAspectValue } from '../../src/datahub/pegasus/validate-aspect.js';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { CatalogError } from '../../src/errors.js';
import { buildCatalog } from '../../src/manifest/load-catalog.js';
import { DECLARABLE_ASPECTS, OWNED_ASPECTS } from '../../src/kinds/entity-tables.js';
import type { DesiredState } from '../../src/model/desired-state.js';
import { EDITABLE_ASPECTS } from '../../src/plan/shadowing.js';
import { isJsonObject, stringOr, type JsonObject } from '../../src/model/json.js';
import { parseMetadataRecords } from '../../src/model/metadata-file.js';
import { createPlan } from '../../src/plan/create-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { startTestServer } from '../helpers/server.js';

const FIXTURES = 'test/fixtures/datahub-releases';
const DOC = 'docs/datahub-versions.md';
const README = 'README.md';
const README_START = '<!-- datahub-versions:start -->';
const README_END = '<!-- datahub-versions:end -->';
const UPDATE = process.env['UPDATE_DATAHUB_VERSIONS'] === '1';

// ---------------------------------------------------------------------------------------------------------------
// One release's artefacts (scripts/generate-compat-artefacts.mjs, scripts/generate-datahub-release.mjs)

interface ReleaseArtefacts {
  readonly tag: MatrixRelease;
  readonly commit: string;
  readonly schema: GraphQLSchema;
  readonly aspects: AspectSchemas;
  readonly proposalFields: ReadonlySet<string>;
  readonly systemMetadataFields: ReadonlySet<string>;
}

function readRelease(tag: MatrixRelease): ReleaseArtefacts {
  const dir = path.join(FIXTURES, tag);
  const release = JSON.parse(readFileSync(path.join(dir, 'release.json'), 'utf8')) as {
    tag: string;
    commit: string;
    envelope: Record<'MetadataChangeProposal' | 'SystemMetadata', { fields: string[] }>;
  };
  const aspects = JSON.parse(readFileSync(path.join(dir, 'aspects.json'), 'utf8')) as AspectSchemas;
  expect(release.tag).toBe(tag);
  expect(aspects.release.commit, `${tag}: aspects.json and release.json come from one commit`).toBe(
    release.commit,
  );
  const sdl = gunzipSync(readFileSync(path.join(dir, 'schema.graphql.gz'))).toString('utf8');
  return {
    tag,
    commit: release.commit,
    schema: buildASTSchema(parse(sdl)),
    aspects,
    proposalFields: new Set(release.envelope.MetadataChangeProposal.fields),
    systemMetadataFields: new Set(release.envelope.SystemMetadata.fields),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// What the client sends, captured on the wire

interface GraphQLSent {
  readonly query: string;
  readonly variables: JsonObject;
}

interface Capture {
  readonly graphql: GraphQLSent[];
  /** Proposals as sent (aspect double-encoded), from every ingestProposalBatch request. */
  readonly proposals: JsonObject[];
  readonly warnings: string[];
}

/**
 * The real HTTP client, recording every write it sends, with /config answered as GMS of `version` would: the
 * client under test is what adapts to the release, so this is the one thing it must believe.
 */
class ReleaseHttpClient extends HttpClient {
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

function clientFor(gmsUrl: string, version: string, capture: Capture): DataHubClient {
  const http = new ReleaseHttpClient(capture, version);
  return {
    gmsUrl,
    restli: new RestliClient(http, gmsUrl),
    graphql: new GraphQLClient(http, `${gmsUrl}/api/graphql`),
    parallelism: http.parallelism,
    close: () => http.close(),
  };
}

let exampleState: DesiredState;

/** The manifests of the example catalog, read as the CLI reads them. */
function exampleFiles(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => ({ path: path.join(dir, file), text: readFileSync(path.join(dir, file), 'utf8') }));
}

/** What the example catalog does not write, and some releases cannot take: tags on glossary nodes and terms. */
const EXTRA = `apiVersion: catalog/v1
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
async function seededServer() {
  const server = await startTestServer();
  const parsed = parseMetadataRecords(JSON.parse(readFileSync('examples/datasets.json', 'utf8')));
  if (!parsed.ok) throw new Error('examples/datasets.json does not parse');
  const client = clientFor(server.url, REFERENCE_RELEASE, { graphql: [], proposals: [], warnings: [] });
  for (const chunk of chunkProposals(parsed.proposals)) await client.restli.ingestBatch(chunk);
  await client.close();
  return server;
}

/** The example catalog's plan against what `client` reads. */
async function planExample(client: DataHubClient): Promise<Plan> {
  const live = await readLiveState(client.restli, exampleState, { prune: false });
  const plan = createPlan(exampleState, live, {
    toolVersion: 'compat',
    target: 'compat',
    git: { revision: null, dirty: false },
    prune: false,
    maxDeletes: 0,
  });
  expect(plan.changes.length).toBeGreaterThan(0);
  return plan;
}

interface Run {
  readonly capture: Capture;
  /** The refusal, when the tool refused the plan (nothing of it was written). */
  readonly refusal?: string;
  /** What the tool wrote of the plan without the refused changes, when it refused. */
  readonly rest?: Capture;
}

/** Plans the example catalog against a fresh catalog and applies it as if the server were `release`. */
async function runAgainst(release: MatrixRelease): Promise<Run> {
  const server = await seededServer();
  const capture: Capture = { graphql: [], proposals: [], warnings: [] };
  const client = clientFor(server.url, release, capture);
  try {
    const plan = await planExample(client);
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
function refusedChange(release: MatrixRelease, change: Plan['changes'][number]): boolean {
  return refusalsFor({ reported: release, release }, [change]).length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation of a capture against one release

interface Gap {
  /** What the release lacks, e.g. "MetadataChangeProposal.headers" or "globalTags /tags/0/attribution: …". */
  readonly what: string;
  /** The FEATURES entry that accounts for it; undefined: unexplained (a new incompatibility). */
  readonly feature: Feature | undefined;
}

interface Validation {
  readonly graphqlRequests: number;
  readonly graphqlErrors: string[];
  readonly aspectNames: ReadonlySet<string>;
  readonly badAspects: ReadonlySet<string>;
  readonly gaps: Gap[];
}

function validateGraphQL(release: ReleaseArtefacts, request: GraphQLSent): string[] {
  const document = parse(request.query);
  const errors = validate(release.schema, document).map((error) => error.message);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (errors.length === 0 && operation !== undefined) {
    const coerced = getVariableValues(release.schema, operation.variableDefinitions ?? [], request.variables);
    errors.push(...(coerced.errors ?? []).map((error) => error.message));
  }
  return errors;
}

/** Which FEATURES entry a gap is (server-capabilities.ts says what each release lacks; this checks it). */
function featureOf(
  kind: 'proposal' | 'aspect' | 'entity',
  aspect: string,
  where: string,
): Feature | undefined {
  if (kind === 'proposal' && where === 'headers') return 'proposalHeaders';
  if (kind === 'aspect' && aspect === 'globalTags' && /^\/tags\/\d+\/attribution\b/.test(where))
    return 'tagAttribution';
  if (kind === 'entity') {
    return ENTITY_ASPECT_FEATURES.find(
      (feature) => FEATURES[feature].entityType === where && FEATURES[feature].aspect === aspect,
    );
  }
  return undefined;
}

function validateCapture(release: ReleaseArtefacts, capture: Capture): Validation {
  const gaps = new Map<string, Gap>();
  const addGap = (what: string, feature: Feature | undefined) => gaps.set(what, { what, feature });
  const graphqlErrors: string[] = [];
  for (const request of capture.graphql) {
    for (const error of validateGraphQL(release, request)) {
      graphqlErrors.push(error);
      addGap(`GraphQL: ${error}`, undefined);
    }
  }
  const aspectNames = new Set<string>();
  const badAspects = new Set<string>();
  for (const proposal of capture.proposals) {
    for (const field of Object.keys(proposal)) {
      if (!release.proposalFields.has(field))
        addGap(`MetadataChangeProposal.${field}`, featureOf('proposal', '', field));
    }
    const systemMetadata = proposal['systemMetadata'];
    for (const field of Object.keys(isJsonObject(systemMetadata) ? systemMetadata : {})) {
      if (!release.systemMetadataFields.has(field)) addGap(`SystemMetadata.${field}`, undefined);
    }
    const aspectName = stringOr(proposal['aspectName']);
    const entityType = stringOr(proposal['entityType']);
    aspectNames.add(aspectName);
    const entity = release.aspects.entities?.[entityType];
    if (entity !== undefined && !entity.aspects.includes(aspectName) && entity.keyAspect !== aspectName) {
      badAspects.add(aspectName);
      addGap(`${entityType} has no aspect ${aspectName}`, featureOf('entity', aspectName, entityType));
      // An aspect the release does not have at all has no schema there to check the value against.
      if (release.aspects.aspects[aspectName] === undefined) continue;
    }
    const aspect = proposal['aspect'];
    const value: unknown = isJsonObject(aspect) ? JSON.parse(stringOr(aspect['value'])) : undefined;
    const problems = validateAspectValue(release.aspects, aspectName, value, {
      unrecognizedFields: 'DISALLOW',
    });
    for (const problem of problems) {
      badAspects.add(aspectName);
      // Indexes differ from write to write; the gap is the same field.
      const where = problem.path.replace(/\/\d+(?=\/|$)/g, '/0');
      addGap(`${aspectName} ${where}: ${problem.message}`, featureOf('aspect', aspectName, where));
    }
  }
  return {
    graphqlRequests: capture.graphql.length,
    graphqlErrors,
    aspectNames,
    badAspects,
    gaps: [...gaps.values()].sort((a, b) => a.what.localeCompare(b.what)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The matrix

interface Row {
  readonly release: ReleaseArtefacts;
  readonly run: Run;
  /** The reference release's writes (what the tool sends when nothing is missing), checked against this release. */
  readonly unadapted: Validation;
  /** What the tool actually sent to this release (and, when it refused, what it sent of the rest). */
  readonly sent: Validation;
  readonly examples: { readonly requests: number; readonly errors: string[] };
}

const rows = new Map<MatrixRelease, Row>();
let reference: Run;

beforeAll(async () => {
  const load = buildCatalog([...exampleFiles('catalog'), { path: 'catalog/compat-extra.yaml', text: EXTRA }]);
  expect(load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  exampleState = load.state!;
  reference = await runAgainst(REFERENCE_RELEASE);
  for (const tag of MATRIX_RELEASES) {
    const release = readRelease(tag);
    const run = tag === REFERENCE_RELEASE ? reference : await runAgainst(tag);
    const examples = CLIENT_GRAPHQL_DOCUMENTS.flatMap((document) => document.examples);
    const sent = validateCapture(release, run.rest ?? run.capture);
    rows.set(tag, {
      release,
      run,
      unadapted: validateCapture(release, reference.capture),
      sent: {
        ...sent,
        gaps: [...sent.gaps, ...(run.rest === undefined ? [] : validateCapture(release, run.capture).gaps)],
      },
      examples: {
        requests: examples.length,
        errors: examples.flatMap((request) => validateGraphQL(release, request)),
      },
    });
  }
}, 240_000);

describe('the compatibility matrix', () => {
  it('has one artefact folder per matrix release, the newest being the reference release', () => {
    expect(readdirSync(FIXTURES).sort()).toEqual([...MATRIX_RELEASES].sort());
    expect(MATRIX_RELEASES.at(-1)).toBe(DATAHUB_RELEASE.tag);
    expect(readRelease(REFERENCE_RELEASE).commit).toBe(DATAHUB_RELEASE.commit);
  });

  it('captures a realistic run: GraphQL mutations and every kind of aspect the catalog writes', () => {
    expect(reference.capture.graphql.length).toBeGreaterThan(0);
    const written = new Set(reference.capture.proposals.map((proposal) => stringOr(proposal['aspectName'])));
    for (const aspect of [
      'mlFeatureProperties',
      'mlFeatureTableProperties',
      'mlModelProperties',
      'mlModelGroupProperties',
      'glossaryNodeInfo',
      'domainProperties',
      'dataProductProperties',
      'domains',
      'glossaryTerms',
      'editableSchemaMetadata',
      'globalTags',
      'ownership',
      'status',
    ]) {
      expect(written, aspect).toContain(aspect);
    }
    // The capture checks what it must: a tag line without its marker is valid everywhere, so the run must carry one.
    expect(JSON.stringify(reference.capture.proposals)).toContain('attribution');
    expect(reference.capture.warnings).toEqual([]);
  });

  it.each(MATRIX_RELEASES)('%s: every client GraphQL document validates against its schema', (tag) => {
    const row = rows.get(tag)!;
    expect(row.examples.errors).toEqual([]);
    expect(row.sent.graphqlErrors).toEqual([]);
  });

  it.each(MATRIX_RELEASES)(
    '%s: what the tool sends validates against its PDL; every gap is refused or adapted for before writing',
    (tag) => {
      const row = rows.get(tag)!;
      // What the tool sent after adapting (and of the plan it did not refuse) is all valid for the release.
      expect(row.sent.gaps.filter((gap) => gap.feature === undefined)).toEqual([]);
      expect(row.run.refusal === undefined ? row.sent.gaps : []).toEqual([]);
      if (row.run.refusal !== undefined) {
        expect(row.run.capture.proposals, 'a refused plan writes nothing').toEqual([]);
        expect(row.run.capture.graphql).toEqual([]);
        expect(validateCapture(row.release, row.run.rest!).gaps).toEqual([]);
      }

      // Each gap of the unadapted writes is a known feature this release lacks, and each feature it lacks shows.
      const unexplained = row.unadapted.gaps.filter((gap) => gap.feature === undefined);
      expect(
        unexplained,
        `${tag} lacks something the tool writes: add it to FEATURES in src/client/server-capabilities.ts and adapt or refuse`,
      ).toEqual([]);
      const lacking = (Object.keys(FEATURES) as Feature[]).filter((feature) => !supports(tag, feature));
      expect([...new Set(row.unadapted.gaps.map((gap) => gap.feature))].sort()).toEqual(lacking.sort());

      // The tool says, naming the release, what it refused and what it adapted; a complete release hears nothing.
      const said = [row.run.refusal ?? '', ...row.run.capture.warnings, ...(row.run.rest?.warnings ?? [])];
      for (const feature of lacking) {
        expect(
          said.some(
            (message) => message.includes(`DataHub ${tag}`) && message.includes(FEATURES[feature].what),
          ),
        ).toBe(true);
      }
      if (lacking.length === 0) {
        expect(row.run.refusal).toBeUndefined();
        expect(row.run.capture.warnings).toEqual([]);
      }
    },
  );

  it('refuses a release older than the matrix before writing anything', async () => {
    const server = await seededServer();
    const capture: Capture = { graphql: [], proposals: [], warnings: [] };
    const client = clientFor(server.url, 'v0.12.1', capture);
    try {
      const plan = await planExample(client);
      await expect(applyPlan(plan, client, { runId: 'compat', planJustMade: true })).rejects.toMatchObject({
        code: 'UNSUPPORTED_SERVER',
        message:
          'DataHub v0.12.1 is older than the oldest release this tool supports (v0.13.0); upgrade DataHub, nothing was written',
      });
      expect(capture.proposals).toEqual([]);
      expect(capture.graphql).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('knows, for every aspect the tool can write on every entity type, the releases that lack it', () => {
    // What the manifests can ask for: each kind's owned aspect and status, owners/tags/links wherever the reference
    // registry has them (the resolver refuses the rest), a term's related terms and domain, a dataset's term edges.
    const referenceEntities = readRelease(REFERENCE_RELEASE).aspects.entities ?? {};
    const writable: [string, string][] = [
      ['dataset', 'glossaryTerms'],
      ['dataset', 'editableSchemaMetadata'],
      ['glossaryTerm', 'glossaryRelatedTerms'],
      ['glossaryTerm', 'domains'],
      // The declarable aspects (a model's version and aliases and its data, deprecation on every kind that has it),
      // and the UI edits `adopt --take-over` clears.
      ...Object.entries(DECLARABLE_ASPECTS).flatMap(([entityType, aspects]) =>
        (aspects ?? []).map((aspect): [string, string] => [entityType, aspect]),
      ),
      ...Object.entries(EDITABLE_ASPECTS).map(([entityType, editable]): [string, string] => [
        entityType,
        editable.aspect,
      ]),
    ];
    for (const [entityType, owned] of Object.entries(OWNED_ASPECTS)) {
      writable.push([entityType, owned]);
      // status marks and soft-deletes an entity, where its type has one (DataHub's domain entity has none).
      if (referenceEntities[entityType]?.aspects.includes('status') === true)
        writable.push([entityType, 'status']);
      for (const aspect of ['ownership', 'globalTags', 'institutionalMemory']) {
        if (referenceEntities[entityType]?.aspects.includes(aspect) === true)
          writable.push([entityType, aspect]);
      }
    }
    for (const tag of MATRIX_RELEASES) {
      const entities = readRelease(tag).aspects.entities ?? {};
      const missing = writable
        .filter(([entityType, aspect]) => entities[entityType]?.aspects.includes(aspect) !== true)
        .map(([entityType, aspect]) => `${tag} ${entityType}.${aspect}`);
      const known = ENTITY_ASPECT_FEATURES.filter((feature) => !supports(tag, feature)).map(
        (feature) => `${tag} ${FEATURES[feature].entityType}.${FEATURES[feature].aspect}`,
      );
      expect(missing.sort(), 'add the missing ones to FEATURES in src/client/server-capabilities.ts').toEqual(
        known.sort(),
      );
    }
  });

  it(`${DOC} is the table this test computes`, () => {
    const computed = renderDoc([...rows.values()]);
    if (UPDATE) writeFileSync(DOC, computed);
    const committed = readFileSync(DOC, 'utf8');
    expect(
      committed,
      `${DOC} is stale: regenerate it with UPDATE_DATAHUB_VERSIONS=1 npx vitest run test/compat/datahub-versions.test.ts`,
    ).toBe(computed);
  });

  it(`${README}'s "DataHub versions" table is the one this test computes`, () => {
    const readme = readFileSync(README, 'utf8');
    const start = readme.indexOf(README_START);
    const end = readme.indexOf(README_END);
    expect(start, `${README} lacks the markers ${README_START} … ${README_END}`).toBeGreaterThanOrEqual(0);
    const computed = `${README_START}\n${renderReadmeTable([...rows.values()])}\n${README_END}`;
    const updated = readme.slice(0, start) + computed + readme.slice(end + README_END.length);
    if (UPDATE) writeFileSync(README, updated);
    expect(
      readFileSync(README, 'utf8'),
      `${README}'s versions table is stale: regenerate it with UPDATE_DATAHUB_VERSIONS=1 npx vitest run test/compat/datahub-versions.test.ts`,
    ).toBe(updated);
  });
});

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

// ---------------------------------------------------------------------------------------------------------------
// docs/datahub-versions.md

/** What the tool does on a release without the feature, as the table says it. */
function behaviour(feature: Feature): string {
  switch (feature) {
    case 'proposalHeaders':
      return 'adapts: no `MetadataChangeProposal.headers`, so writes go without If-Version-Match and every planned version is re-read just before writing';
    case 'tagAttribution':
      return 'refuses tags: no `TagAssociation.attribution`, the marker of the tags the tool adds';
    case 'modelGroupLinks':
    case 'glossaryNodeTags':
    case 'glossaryTermTags':
    case 'glossaryNodeDomains':
    case 'domainDeprecation':
    case 'dataProductDeprecation': {
      const { entityType, aspect, lines } = FEATURES[feature];
      return `refuses ${lines}: no \`${aspect}\` aspect on \`${entityType}\``;
    }
    case 'modelVersionProperties':
      return "adapts: no `versionProperties` aspect on `mlModel`, so a model's version goes to `mlModelProperties.version` only (aliases, which have no other home, are refused)";
  }
}

/** The README's short form of the table: what works on each release, what adapts and what is refused. */
function renderReadmeTable(all: readonly Row[]): string {
  const lines = all.map((row) => {
    const { tag, commit } = row.release;
    const lacking = (Object.keys(FEATURES) as Feature[]).filter((feature) => !supports(tag, feature));
    const adapting: readonly Feature[] = ['proposalHeaders', 'modelVersionProperties'];
    const adapts = lacking.filter((feature) => adapting.includes(feature));
    const refuses = lacking.filter((feature) => !adapting.includes(feature));
    const works =
      refuses.length === 0
        ? 'everything'
        : `everything but ${refuses
            .map(shortName)
            .filter((name) => name !== '')
            .join(', ')} (refused before writing)`;
    const status =
      tag === REFERENCE_RELEASE
        ? `${works} (the reference release)`
        : adapts.length === 0
          ? works
          : `${works}; ${adapts.map(adaptation).join('; ')}`;
    return `| ${tag} | \`${commit.slice(0, 8)}\` | ${status} |`;
  });
  return ['| DataHub | Commit | What the client does |', '|---|---|---|', ...lines].join('\n');
}

/** What an adapted feature means on the README's line of a release. */
function adaptation(feature: Feature): string {
  return feature === 'proposalHeaders'
    ? 'no conditional writes, so it re-reads versions just before writing'
    : 'model versions in mlModelProperties only (no aliases)';
}

function shortName(feature: Feature): string {
  switch (feature) {
    case 'proposalHeaders':
      return 'conditional writes';
    case 'tagAttribution':
      return 'tags';
    case 'modelGroupLinks':
    case 'glossaryNodeTags':
    case 'glossaryTermTags':
    case 'modelVersionProperties':
      return FEATURES[feature].lines;
    // Short forms: the README stays a front door (under 15,000 characters, test/docs.test.ts); the two deprecation
    // features come with the same release, so they read as one.
    case 'glossaryNodeDomains':
      return 'glossary-node domains';
    case 'domainDeprecation':
      return 'deprecation on domains and data products';
    case 'dataProductDeprecation':
      return '';
  }
}

function renderDoc(all: readonly Row[]): string {
  const lines = all.map((row) => {
    const { tag, commit } = row.release;
    const documents = CLIENT_GRAPHQL_DOCUMENTS.length;
    const graphql =
      row.examples.errors.length === 0 && row.unadapted.graphqlErrors.length === 0
        ? `${documents}/${documents} valid`
        : `${row.unadapted.graphqlErrors.length} errors`;
    const names = row.unadapted.aspectNames.size;
    const bad = [...row.unadapted.badAspects].sort();
    const aspects =
      bad.length === 0
        ? `${names}/${names} valid`
        : `${names - bad.length}/${names} valid (${bad.map((name) => `\`${name}\``).join(', ')})`;
    const lacking = (Object.keys(FEATURES) as Feature[]).filter((feature) => !supports(tag, feature));
    const notes =
      lacking.length === 0
        ? tag === REFERENCE_RELEASE
          ? 'reference release (embedded catalog)'
          : 'fully compatible'
        : lacking.map(behaviour).join('; ');
    return `| ${tag} | \`${commit.slice(0, 12)}\` | ${graphql} | ${aspects} | ${notes} |`;
  });
  return `<!-- Generated by test/compat/datahub-versions.test.ts; regenerate with
     UPDATE_DATAHUB_VERSIONS=1 npx vitest run test/compat/datahub-versions.test.ts -->
# DataHub versions

**What you can do here:** find out whether the tool works with your DataHub release, and what it refuses or adapts
on older ones.

The client is checked against one tag of each DataHub release line from ${MATRIX_RELEASES[0]} to ${REFERENCE_RELEASE}
(\`test/compat/datahub-versions.test.ts\`). The example catalog is planned against an empty catalog and applied
through a client that believes the server is that release; every GraphQL document it sends (and a representative
of each document shape: one alias, several, every optional input field) is validated against the release's GraphQL
schema, and every aspect it writes, with its proposal envelope, against the release's PDL, with unknown fields
counted as errors (GMS would drop them silently). The release artefacts are in \`test/fixtures/datahub-releases/\`
(\`scripts/generate-compat-artefacts.mjs\`, \`scripts/generate-datahub-release.mjs --compat-out\`).

"GraphQL documents" counts the document shapes the client sends; "aspects" counts the kinds of aspect a full run
writes, as the reference release's client writes them, valid for the release before any adaptation.

| Release | Commit | GraphQL documents | Aspects | Notes |
|---|---|---|---|---|
${lines.join('\n')}

## How the version is detected, and what adapts or refuses

Before it writes anything, \`catalog reconcile\` and \`catalog apply\` read GMS's \`/config\` and take
\`versions["acryldata/datahub"].version\` (e.g. \`v1.2.0\`, \`v0.14.0.2\`, \`v1.3.0rc1\`; build numbers and suffixes are
ignored, as DataHub's Python client does). It is mapped onto the newest matrix release not newer than it
(\`v1.2.1\` is treated as \`v1.2.0\`). A release older than ${MATRIX_RELEASES[0]} is refused. A newer release than
${REFERENCE_RELEASE}, a version that does not parse, a missing version and DataHub Cloud (whose \`datahub.serverEnv\`
is not \`core\`; it numbers its releases differently) are treated as ${REFERENCE_RELEASE}, with a warning saying so.
The mapping is \`src/client/server-capabilities.ts\`.

Where a release lacks something the tool uses, the tool adapts or refuses the whole plan before the first write,
naming the release and what it lacks (\`UNSUPPORTED_SERVER\`, exit code 1). The embedded catalog reports the release
it implements (${REFERENCE_RELEASE}) in its own \`/config\`, as GMS does.
`;
}
