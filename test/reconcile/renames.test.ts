/**
 * Renames (kind Moved) against the embedded catalog: the new term is created with the old one's owned aspect, the
 * tool's edges follow the manifests to it, and the old term is retired last with --prune-strategy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeEditedPlan } from '../helpers/edited-plan.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal, type TestServer } from '../helpers/server.js';
import { CLICKS, NEW, OLD, PROFILE, renameActions, STEWARD, useRenameCatalog } from './rename-catalog.js';

describe('renames', () => {
  let server: TestServer;
  let dir: string;
  useRenameCatalog((catalog) => {
    if (catalog !== undefined) ({ server, dir } = catalog);
  });
  const { run, reconcile, renameTerm, columnTerms, ingest, othersLines, planJson, unowned } = renameActions(
    () => ({ server, dir }),
  );

  it('renames a term: carries its aspect, moves the edge, deprecates the old one, and plans nothing after', async () => {
    const info = {
      ...(await server.aspect(OLD, 'glossaryTermInfo')),
      customProperties: { steward: 'privacy-team' },
    };
    const posted = await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(OLD, 'glossaryTermInfo', info),
    });
    expect(posted.status).toBe(200);
    renameTerm();
    const plan = await reconcile('--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`~ rename ${OLD} -> ${NEW} (old one deprecated)`);
    const markdown = await reconcile('--dry-run', '--output', 'markdown');
    expect(markdown.stdout).toContain(`- \`~ rename ${OLD} -> ${NEW} (old one deprecated)\``);
    // --prune does not soft-delete the renamed term as well: the prune strategy retires it.
    const pruned = JSON.parse(
      (await reconcile('--dry-run', '--prune', '--max-deletes', '5', '--output', 'json')).stdout,
    ) as {
      changes: { urn: string; aspect: string }[];
    };
    expect(pruned.changes.filter((change) => change.urn === OLD).map((change) => change.aspect)).toEqual([
      'deprecation',
    ]);
    const applied = await reconcile();
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect(await server.aspect(NEW, 'glossaryTermInfo')).toMatchObject({
      name: 'Location',
      customProperties: { steward: 'privacy-team' },
    });
    expect(await columnTerms()).toEqual([NEW]);
    expect(await server.aspect(OLD, 'deprecation')).toMatchObject({
      deprecated: true,
      note: `Renamed to ${NEW}`,
      replacement: NEW,
    });
    const again = await reconcile('--dry-run', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).not.toContain('rename');
  });

  it('--prune-strategy delete soft-deletes the old term; ignore leaves it', async () => {
    renameTerm();
    expect((await reconcile('--prune-strategy', 'ignore')).code).toBe(0);
    expect(await server.aspect(OLD, 'deprecation')).toBeUndefined();
    expect((await server.aspect(OLD, 'status'))?.removed ?? false).toBe(false);
    // The rename is finished by a later run with another strategy: only the retirement is left.
    const rest = await reconcile('--dry-run', '--prune-strategy', 'delete', '--output', 'json');
    const json = JSON.parse(rest.stdout) as { changes: { urn: string; aspect: string }[] };
    expect(json.changes.map((change) => `${change.aspect} ${change.urn}`)).toEqual([`status ${OLD}`]);
    expect((await reconcile('--prune-strategy', 'delete')).code).toBe(0);
    expect(await server.aspect(OLD, 'status')).toMatchObject({ removed: true });
    expect((await reconcile('--dry-run', '--detailed-exitcode', '--prune-strategy', 'delete')).code).toBe(0);
  });

  it('keeps edges others attached to the old term and says so', async () => {
    const terms = await server.aspect(PROFILE, 'glossaryTerms');
    const posted = await server.post('/aspects?action=ingestProposal', {
      proposal: proposal(PROFILE, 'glossaryTerms', {
        ...terms,
        terms: [...terms.terms, { urn: OLD }],
      }),
    });
    expect(posted.status).toBe(200);
    renameTerm();
    const plan = await reconcile('--dry-run');
    expect(plan.stdout).toContain(`${OLD} on the dataset was attached by someone else: kept on it`);
    expect((await reconcile()).code).toBe(0);
    const after = (await server.aspect(PROFILE, 'glossaryTerms')).terms.map(
      (term: { urn: string }) => term.urn,
    );
    expect(after).toContain(OLD);
    expect(after).not.toContain(NEW);
  });

  it('finishes an interrupted rename: a re-run plans only what is left', async () => {
    renameTerm();
    expect((await reconcile('--dry-run', '--out', 'plan.json')).code).toBe(0);
    const saved = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')) as {
      changes: { urn: string; retires?: string }[];
    };
    // The run stopped before the last phase: the new term and the moved edge are written, the old one not retired.
    saved.changes = saved.changes.filter((change) => change.retires === undefined);
    writeEditedPlan(path.join(dir, 'plan.json'), saved);
    const partial = await run('apply', 'plan.json');
    expect(partial.code, partial.stderr).toBe(0);
    expect(await columnTerms()).toEqual([NEW]);
    expect(await server.aspect(OLD, 'deprecation')).toBeUndefined();

    const rest = JSON.parse((await reconcile('--dry-run', '--output', 'json')).stdout) as {
      changes: { urn: string; aspect: string }[];
      renames: unknown[];
    };
    expect(rest.changes.map((change) => `${change.aspect} ${change.urn}`)).toEqual([`deprecation ${OLD}`]);
    expect(rest.renames).toEqual([{ from: OLD, to: NEW, entityType: 'glossaryTerm', retire: 'deprecate' }]);
    expect((await reconcile()).code).toBe(0);
    expect((await reconcile('--dry-run', '--detailed-exitcode')).code).toBe(0);
  });

  it("reports others' edges to the old term on entities the manifests do not declare, keeps them, re-points its own", async () => {
    const LEGACY = 'urn:li:glossaryTerm:Legacy.Address';
    // Someone else's attachments on a dataset the manifests do not declare, on the dataset and on a column.
    await ingest(CLICKS, 'glossaryTerms', { terms: [{ urn: OLD }], auditStamp: STEWARD });
    await ingest(CLICKS, 'editableSchemaMetadata', {
      editableSchemaFieldInfo: [
        { fieldPath: 'geo_city', glossaryTerms: { terms: [{ urn: OLD }], auditStamp: STEWARD } },
      ],
    });
    // A term of someone else's glossary related to the old one.
    await ingest(LEGACY, 'glossaryTermInfo', { name: 'Address', definition: 'Old', termSource: 'INTERNAL' });
    await ingest(LEGACY, 'glossaryRelatedTerms', { isRelatedTerms: [OLD] });
    await othersLines(OLD);
    renameTerm();

    // One relationships request for the renames (--no-impact: no other GraphQL read in a dry run).
    const before = server.requests.length;
    const json = await planJson('--no-impact');
    expect(
      server.requests.slice(before).filter((request) => request.path.startsWith('/api/graphql')),
    ).toHaveLength(1);
    const notes = unowned(json.notes);
    expect(notes).toEqual(
      expect.arrayContaining([
        `${CLICKS}: ${OLD} on the dataset was attached by someone else: kept on it, not moved to ${NEW}`,
        `${CLICKS}: ${OLD} on column geo_city was attached by someone else: kept on it, not moved to ${NEW}`,
        `${LEGACY}: ${OLD} is among this term's isRelatedTerms, written by someone else: kept, not moved to ${NEW}`,
        `${OLD}: owner urn:li:corpuser:steward on ${OLD} was added by someone else: kept on it, not given to ${NEW}`,
        `${OLD}: tag urn:li:tag:legacy on ${OLD} was added by someone else: kept on it, not given to ${NEW}`,
        `${OLD}: link https://wiki.example.com/old on ${OLD} was added by someone else: kept on it, not given to ${NEW}`,
      ]),
    );
    // The tool's own edge (users.profile's zipcode column) is re-pointed, not reported; the notes are sorted.
    expect(notes.filter((note) => note.startsWith(PROFILE))).toEqual([]);
    expect(json.notes).toEqual(
      [...json.notes].sort((a, b) => a.urn.localeCompare(b.urn) || a.message.localeCompare(b.message)),
    );
    const text = await reconcile('--dry-run');
    expect(text.stdout).toContain(`${OLD} on column geo_city was attached by someone else`);
    const markdown = await reconcile('--dry-run', '--output', 'markdown');
    expect(markdown.stdout).toContain(`${OLD} is among this term's isRelatedTerms`);

    expect((await reconcile()).code).toBe(0);
    expect(await columnTerms()).toEqual([NEW]);
    expect((await server.aspect(CLICKS, 'glossaryTerms')).terms).toEqual([{ urn: OLD }]);
    expect(await server.aspect(LEGACY, 'glossaryRelatedTerms')).toEqual({ isRelatedTerms: [OLD] });
    expect(
      (await server.aspect(OLD, 'ownership')).owners.map((owner: { owner: string }) => owner.owner),
    ).toEqual(['urn:li:corpuser:steward']);
    expect((await server.aspect(NEW, 'ownership'))?.owners ?? []).not.toContainEqual(
      expect.objectContaining({ owner: 'urn:li:corpuser:steward' }),
    );
    // The others' edges are reported as long as the old term exists (deprecated), and nothing is planned.
    const again = await planJson();
    expect(again.changes).toEqual([]);
    expect(unowned(again.notes)).toContain(
      `${CLICKS}: ${OLD} on the dataset was attached by someone else: kept on it, not moved to ${NEW}`,
    );
  });

  it('sends no relationships request for a rename whose old entity does not exist', async () => {
    renameTerm();
    writeFileSync(
      path.join(dir, 'catalog', 'glossary', 'moved.yaml'),
      'apiVersion: catalog/v1\nkind: Moved\nfrom: Classification.NeverWas\nto: Classification.GeoLocation\n',
    );
    const before = server.requests.length;
    const json = await planJson('--no-impact');
    expect(json.changes.some((change) => change.urn === NEW)).toBe(true);
    expect(
      server.requests.slice(before).filter((request) => request.path.startsWith('/api/graphql')),
    ).toEqual([]);
  });

  it('policies judge the new term with what the rename carries, and never the old one it retires', async () => {
    await ingest(OLD, 'glossaryTermInfo', {
      ...(await server.aspect(OLD, 'glossaryTermInfo')),
      customProperties: { steward: 'privacy-team' },
    });
    renameTerm();
    writeFileSync(
      path.join(dir, 'catalog', 'policies', 'renamed-terms.yaml'),
      [
        'apiVersion: catalog/v1',
        'kind: Policy',
        'name: location-terms-have-a-steward',
        'severity: error',
        'match:',
        '  kinds: [GlossaryTerm]',
        '  where: entity.id.startsWith("Classification.") && entity.id.endsWith("Location")',
        "rule: '!has(after.glossaryTermInfo) || has(after.glossaryTermInfo.customProperties.steward)'",
        '---',
        'apiVersion: catalog/v1',
        'kind: Policy',
        'name: no-deprecated-terms',
        'severity: error',
        'match:',
        '  kinds: [GlossaryTerm]',
        "rule: '!has(after.deprecation) || !after.deprecation.deprecated'",
        '',
      ].join('\n'),
    );
    // The steward comes with the carried aspect; the old term, deprecated by the plan, is not a declared entity.
    const plan = await reconcile('--dry-run');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`~ rename ${OLD} -> ${NEW} (old one deprecated)`);
    expect((await reconcile()).code).toBe(0);
    // Without the steward on the old term, the new one would break the first policy: the check can fail.
    await ingest(NEW, 'glossaryTermInfo', { name: 'Location', definition: 'x', termSource: 'INTERNAL' });
    const broken = await reconcile('--dry-run');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('location-terms-have-a-steward');
  });

  it('export keeps the Moved documents of the catalog it rewrites and does not declare the old entity again', async () => {
    renameTerm();
    expect((await reconcile()).code).toBe(0);
    expect(await server.aspect(OLD, 'deprecation')).toMatchObject({ deprecated: true, replacement: NEW });
    expect((await run('export', '--out', 'exported')).code).toBe(0);
    // The exported catalog records the rename, in a file export rewrites.
    const file = path.join(dir, 'exported', 'glossary', 'Classification.yaml');
    const moved = 'kind: Moved\nfrom: Classification.Location\nto: Classification.GeoLocation\n';
    writeFileSync(file, `${readFileSync(file, 'utf8')}---\napiVersion: catalog/v1\n${moved}`);

    const exported = await run('export', '--out', 'exported', '--force');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(
      `skipped ${OLD}: renamed to ${NEW} (exported/glossary/Classification.yaml:`,
    );
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('id: Classification.GeoLocation');
    expect(text).not.toContain('id: Classification.Location\n');
    expect(text).toContain(moved);
    const valid = await runCatalog(['validate', 'exported'], { cwd: dir });
    expect(valid.code, valid.stderr + valid.stdout).toBe(0);
    const again = await run('reconcile', 'exported', '--dry-run', '--output', 'json');
    expect(again.code, again.stderr).toBe(0);
    // Export's round trip takes over others' owners and links (docs/commands.md); nothing of the rename is left.
    const replanned = JSON.parse(again.stdout) as {
      changes: { urn: string; kind: string }[];
      renames?: unknown[];
    };
    expect(replanned.changes.filter((change) => change.urn === OLD)).toEqual([]);
    expect(
      replanned.changes.filter((change) => change.urn === NEW).map((change) => change.kind),
    ).not.toContain('upsertAspect');
    expect(replanned.renames).toBeUndefined();

    // A Moved whose new entity is not in the catalog does not fit it: a warning, and the old entity is exported.
    writeFileSync(
      path.join(dir, 'exported', 'glossary', 'moved.yaml'),
      'apiVersion: catalog/v1\nkind: Moved\nfrom: Classification.Email\nto: Classification.Mail\n',
    );
    const misfit = await run('export', '--out', 'exported', '--force');
    expect(misfit.code, misfit.stderr).toBe(0);
    expect(misfit.stderr).toContain(
      "warning: exported/glossary/moved.yaml:4:5: Moved: unknown entity 'Classification.Mail'",
    );
    expect(readFileSync(file, 'utf8')).toContain('id: Classification.Email');
  });

  it('reports a Moved whose target is not declared, and one whose source still is', async () => {
    writeFileSync(
      path.join(dir, 'catalog', 'glossary', 'moved.yaml'),
      'apiVersion: catalog/v1\nkind: Moved\nfrom: Classification.Email\nto: Classification.Locaton\n',
    );
    const bad = await runCatalog(['validate', 'catalog'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr + bad.stdout).toContain("unknown entity 'Classification.Locaton'");
    expect(bad.stderr + bad.stdout).toContain("did you mean 'Classification.Location'?");
    writeFileSync(
      path.join(dir, 'catalog', 'glossary', 'moved.yaml'),
      'apiVersion: catalog/v1\nkind: Moved\nfrom: Classification.Email\nto: Classification.Location\n',
    );
    const still = await runCatalog(['validate', 'catalog'], { cwd: dir });
    expect(still.code).toBe(1);
    expect(still.stderr + still.stdout).toContain("'Classification.Email' is still declared");
  });
});
