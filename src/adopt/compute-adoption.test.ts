import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import type { JsonObject } from '../model/json.js';
import type { LiveAspect, LiveState } from '../model/live-state.js';
import { computeAdoption } from './compute-adoption.js';
import { applyTextEdits, planManifestEdits } from './edit-manifest.js';

const SETTINGS =
  'apiVersion: catalog/v1\nkind: Settings\nactor: urn:li:corpuser:bot\ndefaults: { platform: feast }\n';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:feast,churn,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:feast,churn-runs,PROD)';
const TERM = 'urn:li:glossaryTerm:PII';

const MANIFESTS = `apiVersion: catalog/v1
kind: GlossaryTerm
id: PII
name: PII
definition: Personal data.
sourceRef: FIBO   # where it comes from
---
apiVersion: catalog/v1
kind: MLModelGroup
name: churn-runs
---
apiVersion: catalog/v1
kind: MLModel
name: churn
description: Churn model.
groups: [churn-runs]
owners: [{ owner: alice }]
`;

function load(text: string) {
  const catalog = buildCatalog([
    { path: 'catalog/catalog.yaml', text: SETTINGS },
    { path: 'catalog/all.yaml', text },
  ]);
  if (catalog.state === undefined) throw new Error(JSON.stringify(catalog.diagnostics));
  return { state: catalog.state, documents: catalog.documents };
}

function live(entities: Record<string, Record<string, JsonObject>>): LiveState {
  return {
    entities: new Map(
      Object.entries(entities).map(([urn, aspects]) => [
        urn,
        {
          urn,
          exists: true,
          aspects: new Map(
            Object.entries(aspects).map(([name, value]): [string, LiveAspect] => [name, { value }]),
          ),
        },
      ]),
    ),
  };
}

/** The manifest file after the adoption's edits. */
function adopted(text: string, catalog: LiveState, options: { unmanaged?: boolean; base?: string } = {}) {
  const head = load(text);
  const plan = computeAdoption({
    desired: head.state,
    documents: head.documents,
    live: catalog,
    unmanaged: options.unmanaged ?? false,
    ...(options.base === undefined ? {} : { base: load(options.base).state }),
  });
  const edits = plan.edits.get('catalog/all.yaml') ?? [];
  return { plan, text: applyTextEdits(text, planManifestEdits(text, edits)) };
}

const inSync = {
  [TERM]: {
    glossaryTermInfo: {
      name: 'PII',
      definition: 'Personal data.',
      termSource: 'INTERNAL',
      sourceRef: 'FIBO',
    },
  },
  [GROUP]: { mlModelGroupProperties: {} },
  [MODEL]: {
    mlModelProperties: { description: 'Churn model.', groups: [GROUP] },
    ownership: { owners: [{ owner: 'urn:li:corpuser:alice', type: 'TECHNICAL_OWNER' }] },
  },
};

describe('computeAdoption', () => {
  it('adopts nothing when the catalog matches the manifests', () => {
    const result = adopted(MANIFESTS, live(inSync));
    expect(result.plan.adoptions).toEqual([]);
    expect(result.text).toBe(MANIFESTS);
  });

  it('writes changed fields in place, removes cleared ones, and keeps comments', () => {
    const result = adopted(
      MANIFESTS,
      live({
        ...inSync,
        [TERM]: {
          glossaryTermInfo: { name: 'PII', definition: 'Personal data, widened.', termSource: 'INTERNAL' },
        },
        [MODEL]: {
          ...inSync[MODEL],
          mlModelProperties: { description: 'Churn model.', groups: [GROUP], type: 'xgboost' },
        },
      }),
    );
    expect(result.text).toBe(
      MANIFESTS.replace('definition: Personal data.', 'definition: Personal data, widened.')
        .replace('sourceRef: FIBO   # where it comes from\n', '')
        .replace('groups: [churn-runs]\n', 'groups: [churn-runs]\n')
        .replace('owners: [{ owner: alice }]\n', 'owners: [{ owner: alice }]\ntype: xgboost\n'),
    );
    expect(result.plan.adoptions.map((a) => [a.urn, a.field, a.reason])).toEqual([
      [TERM, 'definition', 'drift'],
      [TERM, 'sourceRef', 'drift'],
      [MODEL, 'type', 'drift'],
    ]);
  });

  it('writes references the way the manifests do: a declared group by name, anything else as a URN', () => {
    const other = 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,elsewhere,PROD)';
    const result = adopted(
      MANIFESTS,
      live({
        ...inSync,
        [MODEL]: {
          ...inSync[MODEL],
          mlModelProperties: { description: 'Churn model.', groups: [GROUP, other] },
        },
      }),
    );
    expect(result.text).toContain(`groups: [churn-runs, "${other}"]`);
  });

  it('adopts a UI edit that shadows the manifest, not the owned aspect under it', () => {
    const result = adopted(
      MANIFESTS,
      live({
        ...inSync,
        [MODEL]: {
          ...inSync[MODEL],
          mlModelProperties: { description: 'Older text.', groups: [GROUP] },
          editableMlModelProperties: {
            description: 'Edited in the UI.',
            lastModified: { time: 5, actor: 'urn:li:corpuser:sam' },
          },
        },
      }),
    );
    expect(result.text).toContain('description: Edited in the UI.\n');
    expect(result.plan.adoptions).toEqual([
      expect.objectContaining({
        urn: MODEL,
        field: 'description',
        reason: 'shadow',
        shownFrom: 'editableMlModelProperties',
      }),
    ]);
  });

  it("with unmanaged, appends others' owners and tags and never the tool's own or another catalog's", () => {
    const mine = {
      owner: 'urn:li:corpuser:bob',
      type: 'TECHNICAL_OWNER',
      source: { type: 'SOURCE_CONTROL', url: 'managed-by:catalog/urn:li:corpuser:bot' },
    };
    const theirs = {
      owner: 'urn:li:corpuser:eve',
      type: 'TECHNICAL_OWNER',
      source: { type: 'SOURCE_CONTROL', url: 'managed-by:catalog/urn:li:corpuser:other' },
    };
    const catalog = live({
      ...inSync,
      [MODEL]: {
        ...inSync[MODEL],
        ownership: {
          owners: [
            ...inSync[MODEL].ownership.owners,
            mine,
            theirs,
            { owner: 'urn:li:corpGroup:risk', type: 'DATA_STEWARD' },
          ],
        },
        globalTags: { tags: [{ tag: 'urn:li:tag:gold' }] },
      },
    });
    expect(adopted(MANIFESTS, catalog).plan.adoptions).toEqual([]);
    const result = adopted(MANIFESTS, catalog, { unmanaged: true });
    expect(result.text).toContain(
      'owners: [{ owner: alice }, { owner: urn:li:corpGroup:risk, type: DATA_STEWARD }]\ntags:\n  - gold\n',
    );
  });

  it('with a base, a field the branch changed and DataHub changed too is a conflict, left as it is', () => {
    const head = MANIFESTS.replace('description: Churn model.', 'description: Churn model, v2.');
    const result = adopted(
      head,
      live({
        ...inSync,
        [MODEL]: { ...inSync[MODEL], mlModelProperties: { description: 'Edited live.', groups: [GROUP] } },
      }),
      { base: MANIFESTS },
    );
    expect(result.text).toBe(head);
    expect(result.plan.conflicts).toEqual([
      expect.objectContaining({
        urn: MODEL,
        field: 'description',
        base: 'Churn model.',
        manifest: 'Churn model, v2.',
        live: 'Edited live.',
      }),
    ]);
  });
});

describe('computeAdoption: fields written with ${var.…}', () => {
  const settings = `${SETTINGS}environments:\n  dev: { variables: { channel: "#ml-dev", term: PII } }\n`;
  const text = `apiVersion: catalog/v1
kind: GlossaryTerm
id: PII
name: PII
definition: Personal data.
---
apiVersion: catalog/v1
kind: GlossaryTerm
id: Email
name: Email
relatedTerms: { isA: ["\${var.term}"] }
---
apiVersion: catalog/v1
kind: MLModelGroup
name: churn-runs
description: "Questions to \${var.channel}"
---
apiVersion: catalog/v1
kind: MLModel
name: churn
description: Churn model.
groups: [churn-runs]
`;
  const files = [
    { path: 'catalog/catalog.yaml', text: settings },
    { path: 'catalog/all.yaml', text },
  ];
  const catalog = buildCatalog(files, undefined, 'dev');
  const drifted = live({
    [TERM]: { glossaryTermInfo: { name: 'PII', definition: 'Personal data.', termSource: 'INTERNAL' } },
    'urn:li:glossaryTerm:Email': {
      glossaryTermInfo: { name: 'Email', termSource: 'INTERNAL' },
      glossaryRelatedTerms: { isRelatedTerms: ['urn:li:glossaryTerm:Contact'] },
    },
    [GROUP]: { mlModelGroupProperties: { description: 'Questions to #ml-ops' } },
    [MODEL]: { mlModelProperties: { description: 'Churn model, retrained.', groups: [GROUP] } },
  });
  const adopt = (withFiles: boolean) =>
    computeAdoption({
      desired: catalog.state!,
      documents: catalog.documents,
      live: drifted,
      unmanaged: false,
      ...(withFiles ? { files } : {}),
    });

  it('leaves them as they are and says so; other fields are adopted', () => {
    expect(catalog.diagnostics).toEqual([]);
    const plan = adopt(true);
    expect(plan.adoptions.map((adoption) => [adoption.urn, adoption.field, adoption.live])).toEqual([
      [MODEL, 'description', 'Churn model, retrained.'],
    ]);
    expect(
      plan.conflicts.map(({ urn, field, manifest, live: value, note, source }) => ({
        urn,
        field,
        manifest,
        live: value,
        note,
        line: source.line,
      })),
    ).toEqual([
      {
        urn: 'urn:li:glossaryTerm:Email',
        field: 'relatedTerms.isA',
        manifest: ['${var.term}'],
        live: ['urn:li:glossaryTerm:Contact'],
        note: 'left as it is: the manifest writes it with ${var.…}',
        line: 11,
      },
      {
        urn: GROUP,
        field: 'description',
        manifest: 'Questions to ${var.channel}',
        live: 'Questions to #ml-ops',
        note: 'left as it is: the manifest writes it with ${var.…}',
        line: 16,
      },
    ]);
    const edited = applyTextEdits(text, planManifestEdits(text, plan.edits.get('catalog/all.yaml') ?? []));
    expect(edited).toContain('description: "Questions to ${var.channel}"');
    expect(edited).toContain('isA: ["${var.term}"]');
    expect(edited).toContain('description: Churn model, retrained.');
  });

  it('without the files as written (the documents are interpolated), the variable would be replaced', () => {
    expect(adopt(false).adoptions.map((adoption) => adoption.field)).toEqual(
      expect.arrayContaining(['description', 'relatedTerms.isA']),
    );
  });
});
