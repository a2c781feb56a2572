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
import { beforeAll, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/apply/apply-plan.js';
import {
  ENTITY_ASPECT_FEATURES,
  FEATURES,
  MATRIX_RELEASES,
  REFERENCE_RELEASE,
  supports,
  type Feature,
  type MatrixRelease,
} from '../../src/client/server-capabilities.js';
import { DATAHUB_RELEASE } from '../../src/datahub/release.js';
import { buildCatalog } from '../../src/manifest/load-catalog.js';
import { ACCEPTED_ASSOCIATIONS, DECLARABLE_ASPECTS, OWNED_ASPECTS } from '../../src/kinds/entity-tables.js';
import type { DesiredState } from '../../src/model/desired-state.js';
import { EDITABLE_ASPECTS } from '../../src/plan/shadowing.js';
import { stringOr } from '../../src/model/json.js';
import { CLIENT_GRAPHQL_DOCUMENTS } from './client-graphql-documents.js';
import { FIXTURES, readRelease } from './release-artefacts.js';
import {
  clientFor,
  EXTRA,
  exampleFiles,
  planExample,
  runAgainst,
  seededServer,
  type Capture,
  type Run,
} from './release-run.js';
import { renderDoc, renderReadmeTable, type Row } from './render-versions-doc.js';
import { validateCapture, validateGraphQL } from './validate-capture.js';

const DOC = 'docs/datahub-versions.md';
const README = 'README.md';
const README_START = '<!-- datahub-versions:start -->';
const README_END = '<!-- datahub-versions:end -->';
const UPDATE = process.env['UPDATE_DATAHUB_VERSIONS'] === '1';

/** The example catalog's manifests, read as the CLI reads them, with EXTRA. */
let exampleState: DesiredState;
const rows = new Map<MatrixRelease, Row>();
let reference: Run;

beforeAll(async () => {
  const load = buildCatalog([...exampleFiles('catalog'), { path: 'catalog/compat-extra.yaml', text: EXTRA }]);
  expect(load.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  exampleState = load.state!;
  reference = await runAgainst(REFERENCE_RELEASE, exampleState);
  for (const tag of MATRIX_RELEASES) {
    const release = readRelease(tag);
    const run = tag === REFERENCE_RELEASE ? reference : await runAgainst(tag, exampleState);
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
      'propertyDefinition',
      'structuredPropertySettings',
      'structuredProperties',
      'formInfo',
      'forms',
      'ownershipTypeInfo',
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
      const plan = await planExample(client, exampleState);
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
    // Structured property values (`properties:`, a dataset's and its columns') and form assignments.
    writable.push(
      ['dataset', 'structuredProperties'],
      ['schemaField', 'structuredProperties'],
      ['dataset', 'forms'],
    );
    for (const [entityType, accepts] of Object.entries(ACCEPTED_ASSOCIATIONS)) {
      if (accepts.includes('properties'))
        writable.push([entityType, 'structuredProperties'], [entityType, 'forms']);
    }
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
