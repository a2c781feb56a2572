import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editManifest, writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const NODE = 'urn:li:glossaryNode:Classification';
const ROOT = 'urn:li:glossaryNode:Governance';
const SENSITIVE = 'urn:li:glossaryTerm:Classification.Sensitive';
const CONFIDENTIAL = 'urn:li:glossaryTerm:Classification.Confidential';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const ACTOR = 'urn:li:corpuser:catalog-bot';

const SETTINGS = `apiVersion: catalog/v1
kind: Settings
actor: ${ACTOR}
defaults: { platform: sagemaker }
`;

const GLOSSARY = `apiVersion: catalog/v1
kind: GlossaryNode
id: Governance
name: Governance
definition: How data is governed.
---
apiVersion: catalog/v1
kind: GlossaryNode
id: Classification
name: Classification
definition: How sensitive data is.
parent: Governance
customProperties: { reviewed: "2026-Q3" }
owners:
  - owner: alice
    type: DATA_STEWARD
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: Classification.Confidential
name: Confidential
definition: Confidential data.
parent: Classification
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: Classification.Sensitive
name: Sensitive
definition: Sensitive data.
parent: Classification
termSource: EXTERNAL
sourceRef: FIBO
sourceUrl: https://spec.example/fibo
customProperties: { is_confidential: "true" }
relatedTerms:
  isA: [Classification.Confidential]
domain: Marketing
owners:
  - owner: alice
  - owner: urn:li:corpGroup:ml-platform
    type: urn:li:ownershipType:steward
links:
  - url: https://wiki.example/sensitive
    description: Policy
---
apiVersion: catalog/v1
kind: Tag
id: gold
name: Gold
description: Curated, production grade.
colorHex: "#FFD700"
`;

const MODELS = `apiVersion: catalog/v1
kind: MLModelGroup
name: fraud-detector
description: Every training run.
owners: [{ owner: alice }]
tags: [gold]
links: [{ url: "https://runbooks.example/fraud", description: Runbook }]
`;

describe('glossary nodes, tags, owners and links as code', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => void;
  const run = (...args: string[]) => runCatalog([...args, '--server', server.url], { cwd: dir });
  const reconcile = (...args: string[]) => run('reconcile', 'catalog', ...args);
  const aspect = (urn: string, name: string) => server.aspect(urn, name);
  const ingest = async (urn: string, name: string, value: unknown) =>
    expect(
      (await server.post('/aspects?action=ingestProposal', { proposal: proposal(urn, name, value) })).status,
    ).toBe(200);
  const edit = (file: string, from: string | RegExp, to: string) => editManifest(dir, file, from, to);

  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
    writeManifests(dir, {
      'catalog/catalog.yaml': SETTINGS,
      'catalog/glossary.yaml': GLOSSARY,
      'catalog/models.yaml': MODELS,
    });
  });
  afterEach(async () => {
    await server.close();
    cleanup();
  });

  it('writes nodes, tags, term fields, related terms, domains, owners, tags and links, then plans nothing', async () => {
    const dry = await reconcile('--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('+ urn:li:corpuser:alice (DATA_STEWARD)');
    expect(dry.stdout).toContain('+ urn:li:corpGroup:ml-platform (urn:li:ownershipType:steward)');
    expect(dry.stdout).toContain('owners/tags/links to add');

    const applied = await reconcile();
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);

    expect(await aspect(ROOT, 'glossaryNodeInfo')).toEqual({
      name: 'Governance',
      definition: 'How data is governed.',
    });
    expect(await aspect(NODE, 'glossaryNodeInfo')).toEqual({
      name: 'Classification',
      definition: 'How sensitive data is.',
      parentNode: ROOT,
      customProperties: { reviewed: '2026-Q3' },
    });
    expect(await aspect(SENSITIVE, 'glossaryTermInfo')).toEqual({
      name: 'Sensitive',
      definition: 'Sensitive data.',
      termSource: 'EXTERNAL',
      parentNode: NODE,
      sourceRef: 'FIBO',
      sourceUrl: 'https://spec.example/fibo',
      customProperties: { is_confidential: 'true' },
    });
    expect(await aspect(SENSITIVE, 'glossaryRelatedTerms')).toEqual({ isRelatedTerms: [CONFIDENTIAL] });
    expect(await aspect(SENSITIVE, 'domains')).toEqual({ domains: ['urn:li:domain:Marketing'] });
    expect(await aspect('urn:li:tag:gold', 'tagProperties')).toEqual({
      name: 'Gold',
      description: 'Curated, production grade.',
      colorHex: '#FFD700',
    });
    const ownership = await aspect(SENSITIVE, 'ownership');
    expect(ownership.owners).toEqual([
      {
        owner: 'urn:li:corpuser:alice',
        type: 'TECHNICAL_OWNER',
        source: { type: 'SOURCE_CONTROL', url: `managed-by:catalog/${ACTOR}` },
      },
      {
        owner: 'urn:li:corpGroup:ml-platform',
        type: 'CUSTOM',
        typeUrn: 'urn:li:ownershipType:steward',
        source: { type: 'SOURCE_CONTROL', url: `managed-by:catalog/${ACTOR}` },
      },
    ]);
    expect(ownership.lastModified.actor).toBe(ACTOR);
    expect(ownership.lastModified.time).toBeGreaterThan(0);
    const tags = await aspect(GROUP, 'globalTags');
    expect(tags.tags).toHaveLength(1);
    expect(tags.tags[0].tag).toBe('urn:li:tag:gold');
    expect(tags.tags[0].attribution).toMatchObject({ actor: ACTOR, sourceDetail: { managedBy: 'catalog' } });
    expect(tags.tags[0].attribution.time).toBeGreaterThan(0);
    const links = await aspect(GROUP, 'institutionalMemory');
    expect(links.elements).toEqual([
      {
        url: 'https://runbooks.example/fraud',
        description: 'Runbook',
        createStamp: { time: expect.any(Number), actor: ACTOR },
      },
    ]);

    // GraphQL shows the tree, the owners and the tag as DataHub's UI would read them.
    const graph = await server.graphql(
      `{ glossaryTerm(urn: "${SENSITIVE}") { parentNodes { nodes { urn } } ownership { owners { owner { ... on CorpUser { urn } ... on CorpGroup { urn } } } } } }`,
    );
    expect(graph.errors).toBeUndefined();
    expect(graph.data.glossaryTerm.parentNodes.nodes.map((node: { urn: string }) => node.urn)).toEqual([
      NODE,
      ROOT,
    ]);

    const again = await reconcile('--dry-run', '--detailed-exitcode');
    expect(again.stdout).toContain('No changes.');
    expect(again.code).toBe(0);
  });

  it("keeps what others added, takes it over when declared too, and removes only the tool's own lines", async () => {
    expect((await reconcile()).code).toBe(0);
    // A steward adds an owner, a tag and a link in DataHub (no marker), one of them the same as the manifest's.
    const ownership = await aspect(GROUP, 'ownership');
    await ingest(GROUP, 'ownership', {
      ...ownership,
      owners: [...ownership.owners, { owner: 'urn:li:corpuser:bob', type: 'BUSINESS_OWNER' }],
    });
    await ingest(GROUP, 'globalTags', {
      tags: [...(await aspect(GROUP, 'globalTags')).tags, { tag: 'urn:li:tag:pii' }],
    });
    await ingest(SENSITIVE, 'institutionalMemory', {
      elements: [
        ...(await aspect(SENSITIVE, 'institutionalMemory')).elements,
        {
          url: 'https://wiki.example/other',
          description: 'Steward notes',
          createStamp: { time: 1, actor: 'urn:li:corpuser:steward' },
        },
      ],
    });
    edit(
      'models.yaml',
      'owners: [{ owner: alice }]',
      'owners: [{ owner: alice }, { owner: bob, type: BUSINESS_OWNER }]',
    );
    // Declared too: the plan takes that one line over (only with the apply; this is a dry run).
    const noted = await reconcile('--dry-run');
    expect(noted.stdout).toContain(`~ owners of fraud-detector (${GROUP})`);
    expect(noted.stdout).toContain(
      "~ urn:li:corpuser:bob (BUSINESS_OWNER) (added by someone else, declared in the manifests: the marker is written, it is the tool's from now on)",
    );
    expect(noted.stdout).toContain('1 added by others to take over');

    // Now every owner, tag and link line goes from the manifests.
    edit('models.yaml', /owners: .*\n/, '');
    edit('models.yaml', 'tags: [gold]\n', '');
    edit('models.yaml', /links: .*\n/, '');
    edit(
      'glossary.yaml',
      /links:\n {2}- url: https:\/\/wiki.example\/sensitive\n {4}description: Policy\n/,
      '',
    );
    const plan = await reconcile('--dry-run');
    expect(plan.stdout).toContain('- urn:li:corpuser:alice (TECHNICAL_OWNER)');
    expect(plan.stdout).not.toContain('- urn:li:corpuser:bob');
    expect(plan.stdout).toContain('- urn:li:tag:gold');
    expect(plan.stdout).not.toContain('- urn:li:tag:pii');
    expect(plan.stdout).toContain('- https://wiki.example/sensitive (Policy)');
    expect((await reconcile()).code).toBe(0);

    expect((await aspect(GROUP, 'ownership')).owners).toEqual([
      { owner: 'urn:li:corpuser:bob', type: 'BUSINESS_OWNER' },
    ]);
    expect((await aspect(GROUP, 'globalTags')).tags).toEqual([{ tag: 'urn:li:tag:pii' }]);
    expect((await aspect(GROUP, 'institutionalMemory')).elements).toEqual([]);
    expect(
      (await aspect(SENSITIVE, 'institutionalMemory')).elements.map((e: { url: string }) => e.url),
    ).toEqual(['https://wiki.example/other']);
    expect((await reconcile('--dry-run')).stdout).toContain('No changes.');
  });

  it('clears related terms and a domain it wrote when their lines go, and leaves ones others set', async () => {
    expect((await reconcile()).code).toBe(0);
    // Someone sets the domain of the other term in DataHub; the manifest does not declare one.
    await ingest(CONFIDENTIAL, 'domains', { domains: ['urn:li:domain:Finance'] });
    edit('glossary.yaml', 'relatedTerms:\n  isA: [Classification.Confidential]\n', '');
    edit('glossary.yaml', 'domain: Marketing\n', '');
    edit('glossary.yaml', 'customProperties: { is_confidential: "true" }\n', '');
    const plan = await reconcile('--dry-run');
    expect(plan.stdout).toContain(`update Sensitive (${SENSITIVE}) glossaryRelatedTerms`);
    expect(plan.stdout).toContain(`update Sensitive (${SENSITIVE}) domains`);
    expect(plan.stdout).not.toContain(`${CONFIDENTIAL}) domains`);
    // customProperties no longer declared: no longer owned, so kept.
    expect(plan.stdout).not.toContain('customProperties');
    expect((await reconcile()).code).toBe(0);
    expect(await aspect(SENSITIVE, 'glossaryRelatedTerms')).toEqual({});
    expect(await aspect(SENSITIVE, 'domains')).toEqual({ domains: [] });
    expect(await aspect(CONFIDENTIAL, 'domains')).toEqual({ domains: ['urn:li:domain:Finance'] });
    expect((await aspect(SENSITIVE, 'glossaryTermInfo')).customProperties).toEqual({
      is_confidential: 'true',
    });
  });

  it('exports all of it, and the export validates and re-plans to no changes', async () => {
    expect((await reconcile()).code).toBe(0);
    const exported = await run('export', '--out', 'exported');
    expect(exported.code, exported.stderr).toBe(0);
    const glossary = readFileSync(path.join(dir, 'exported/glossary/Classification.yaml'), 'utf8');
    expect(glossary).toContain('kind: GlossaryNode');
    expect(glossary).toContain('parent: Classification');
    expect(glossary).toMatch(/relatedTerms:\n {2}isA:\n {4}- Classification.Confidential/);
    expect(glossary).toContain('domain: urn:li:domain:Marketing');
    expect(glossary).toContain('type: urn:li:ownershipType:steward');
    expect(readFileSync(path.join(dir, 'exported/tags.yaml'), 'utf8')).toContain('colorHex: "#FFD700"');
    writeManifests(dir, { 'exported/catalog.yaml': SETTINGS });
    expect((await runCatalog(['validate', 'exported'], { cwd: dir })).code).toBe(0);
    // What others added is declared by the export: the first plan only takes it over (no value changes).
    const replan = await runCatalog(['reconcile', 'exported', '--dry-run', '--server', server.url], {
      cwd: dir,
    });
    expect(replan.code, replan.stderr).toBe(0);
    expect(replan.stdout).toMatch(
      /Plan: 0 to create, 0 to update, 0 to delete; 0 term attachments to add, 0 to remove; \d+ added by others to take over\./,
    );
    expect((await runCatalog(['reconcile', 'exported', '--server', server.url], { cwd: dir })).code).toBe(0);
    const again = await runCatalog(['reconcile', 'exported', '--dry-run', '--server', server.url], {
      cwd: dir,
    });
    expect(again.stdout).toContain('No changes.');
  });

  it('reports node cycles, unknown references with hints, and tags that exist nowhere', async () => {
    writeManifests(dir, {
      'catalog/broken.yaml': `apiVersion: catalog/v1
kind: GlossaryNode
id: A
name: A
parent: B
---
apiVersion: catalog/v1
kind: GlossaryNode
id: B
name: B
parent: A
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: Loose
name: Loose
relatedTerms: { hasA: [Classification.Sensitiv] }
tags: [gold]
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: Owned
name: Owned
owners: [{ owner: "urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)" }]
`,
    });
    const invalid = await runCatalog(['validate', 'catalog'], { cwd: dir });
    expect(invalid.code).toBe(1);
    expect(invalid.stdout + invalid.stderr).toMatch(
      /broken.yaml:5:9 error glossary node urn:li:glossaryNode:A is its own ancestor .*REFERENCE_CYCLE/,
    );
    expect(invalid.stdout + invalid.stderr).toContain("did you mean 'Classification.Sensitive'");
    expect(invalid.stdout + invalid.stderr).toContain(
      "'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)' is not a valid owners[0].owner",
    );
    // DataHub v1.7.0's entity-registry.yml gives glossaryTerm a globalTags aspect, so tags on a term are allowed.
    expect(invalid.stdout + invalid.stderr).not.toContain('GlossaryTerm cannot have tags');

    writeManifests(dir, {
      'catalog/broken.yaml': 'apiVersion: catalog/v1\nkind: MLModelGroup\nname: other\ntags: [golden]\n',
    });
    const missing = await reconcile('--dry-run');
    expect(missing.code).toBe(1);
    expect(missing.stdout + missing.stderr).toContain(
      'urn:li:tag:golden is neither declared in the manifests nor in the catalog',
    );
    expect(missing.stdout + missing.stderr).toContain("did you mean 'gold'");
  });
});
