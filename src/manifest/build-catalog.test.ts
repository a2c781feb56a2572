import { describe, expect, it } from 'vitest';
import { buildCatalog } from './load-catalog.js';

const file = (path: string, ...docs: string[]) => ({ path, text: docs.join('---\n') });
const doc = (kind: string, body: string) => `apiVersion: catalog/v1\nkind: ${kind}\n${body}\n`;

describe('buildCatalog', () => {
  it('applies Settings defaults and forms URNs as DataHub does', () => {
    const load = buildCatalog([
      file(
        'c/a.yaml',
        doc('Settings', 'defaults: { platform: feast, env: DEV }\nactor: urn:li:corpuser:bot'),
        doc('MLFeatureTable', 'name: t (v2)\nfeatures:\n  - name: a,b\n    version: "1"\n  - ref: ns.x'),
        doc('MLFeature', 'namespace: ns\nname: x\nsources: [{ platform: hive, name: db.t }]'),
        doc('MLModelGroup', 'name: g'),
        doc('MLModel', 'name: m\ngroups: [g]\nfeatures: [ns.x, "t (v2).a,b"]'),
      ),
    ]);
    expect(load.diagnostics).toEqual([]);
    const state = load.state!;
    expect(state.settings).toEqual({
      actor: 'urn:li:corpuser:bot',
      defaultEnv: 'DEV',
      defaultPlatform: 'feast',
    });
    expect(state.entities.map((e) => [e.urn, e.fields])).toEqual([
      ['urn:li:mlFeature:(ns,x)', { sources: ['urn:li:dataset:(urn:li:dataPlatform:hive,db.t,DEV)'] }],
      ['urn:li:mlFeature:(t %28v2%29,a%2Cb)', { version: { versionTag: '1' } }],
      [
        'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,t %28v2%29)',
        { mlFeatures: ['urn:li:mlFeature:(t %28v2%29,a%2Cb)', 'urn:li:mlFeature:(ns,x)'] },
      ],
      [
        'urn:li:mlModel:(urn:li:dataPlatform:feast,m,DEV)',
        {
          groups: ['urn:li:mlModelGroup:(urn:li:dataPlatform:feast,g,DEV)'],
          mlFeatures: ['urn:li:mlFeature:(ns,x)', 'urn:li:mlFeature:(t %28v2%29,a%2Cb)'],
        },
      ],
      ['urn:li:mlModelGroup:(urn:li:dataPlatform:feast,g,DEV)', {}],
    ]);
  });

  it('defaults env to PROD, the actor to the catalog user, and termSource to INTERNAL', () => {
    const load = buildCatalog([
      file(
        'c/t.yaml',
        doc('GlossaryTerm', 'id: A.B\nname: B'),
        doc('MLModelGroup', 'name: g\nplatform: mlflow'),
      ),
    ]);
    const state = load.state!;
    expect(state.settings.actor).toBe('urn:li:corpuser:catalog');
    expect(state.entities.map((e) => e.urn)).toContain(
      'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,g,PROD)',
    );
    expect(state.entities.find((e) => e.entityType === 'glossaryTerm')?.fields).toEqual({
      name: 'B',
      definition: '',
      termSource: 'INTERNAL',
    });
  });

  it('resolves dataset and column terms, v2 paths and external term URNs', () => {
    const load = buildCatalog([
      file(
        'c/d.yaml',
        doc('GlossaryTerm', 'id: PII\nname: PII'),
        doc(
          'DatasetTerms',
          'dataset: { platform: hive, name: users }\nterms: [PII, urn:li:glossaryTerm:Ext, PII]\ncolumns:\n  "[version=2.0].[type=struct].a.[type=string].b": [PII]',
        ),
      ),
    ]);
    expect(load.diagnostics).toEqual([]);
    const [dataset] = load.state!.datasets;
    expect(dataset?.datasetUrn).toBe('urn:li:dataset:(urn:li:dataPlatform:hive,users,PROD)');
    expect(dataset?.terms.map((t) => t.termUrn)).toEqual([
      'urn:li:glossaryTerm:PII',
      'urn:li:glossaryTerm:Ext',
    ]);
    expect(dataset?.columns.map((c) => [c.fieldPath, c.simplePath])).toEqual([
      ['[version=2.0].[type=struct].a.[type=string].b', 'a.b'],
    ]);
    expect(load.state!.externalTerms.map((t) => t.urn)).toEqual(['urn:li:glossaryTerm:Ext']);
  });

  it('reports duplicates across files with both places, and columns named twice', () => {
    const load = buildCatalog([
      file('c/1.yaml', doc('MLFeature', 'namespace: t\nname: a')),
      file('c/2.yaml', doc('MLFeatureTable', 'name: t\nplatform: feast\nfeatures: [{ name: a }]')),
      file(
        'c/3.yaml',
        doc(
          'DatasetTerms',
          'dataset: urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)\ncolumns:\n  a.b: []\n  "[version=2.0].a.b": []',
        ),
        doc('DatasetTerms', 'dataset: { platform: hive, name: x }'),
      ),
    ]);
    expect(load.state).toBeUndefined();
    expect(
      load.diagnostics.map((d) => [d.code, d.location?.file, d.location?.line, d.related?.file]),
    ).toEqual([
      ['DUPLICATE_DECLARATION', 'c/2.yaml', 5, 'c/1.yaml'],
      ['DUPLICATE_DECLARATION', 'c/3.yaml', 6, 'c/3.yaml'],
      ['DUPLICATE_DECLARATION', 'c/3.yaml', 10, 'c/3.yaml'],
    ]);
  });

  it('requires a platform when Settings has no default', () => {
    const load = buildCatalog([file('c/m.yaml', doc('MLModel', 'name: m'))]);
    expect(load.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      [
        'MISSING_FIELD',
        "missing 'platform' in MLModel",
        'set platform here, or defaults.platform in the Settings document',
      ],
    ]);
  });

  it('ignores empty documents and refuses non-mapping ones', () => {
    const load = buildCatalog([file('c/e.yaml', '---\n# only a comment\n', '- a list\n')]);
    expect(load.diagnostics.map((d) => d.code)).toEqual(['NOT_A_MAPPING']);
  });

  it('does not expand YAML aliases without bound', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 12; i += 1)
      bomb.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
      );
    const load = buildCatalog([file('c/bomb.yaml', bomb.join('\n'))]);
    expect(load.diagnostics.map((d) => d.code)).toEqual(['YAML_SYNTAX']);
    expect(load.diagnostics[0]?.message).toMatch(/alias/i);
  });
});
