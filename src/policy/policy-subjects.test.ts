import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../manifest/load-catalog.js';
import { policySubjects } from './policy-subjects.js';

const file = (path: string, ...docs: string[]) => ({ path, text: docs.join('---\n') });
const doc = (kind: string, body: string) => `apiVersion: catalog/v1\nkind: ${kind}\n${body}\n`;

describe('policySubjects', () => {
  const load = buildCatalog([
    file('c/settings.yaml', doc('Settings', 'defaults: { platform: feast, env: DEV }')),
    file(
      'c/glossary.yaml',
      doc('GlossaryNode', 'id: Classification\nname: Classification\nowners: [{ owner: ana }]'),
      doc(
        'GlossaryTerm',
        'id: Classification.PII\nname: PII\nparent: Classification\nrelatedTerms: { isA: [Classification.Sensitive] }\ndomain: privacy',
      ),
      doc('GlossaryTerm', 'id: Classification.Sensitive\nname: Sensitive\ndefinition: Sensitive data.'),
    ),
    file('c/tags.yaml', doc('Tag', 'id: gold\ndescription: Curated.')),
    file(
      'c/features.yaml',
      doc(
        'MLFeatureTable',
        'name: users\ndescription: Users.\nfeatures:\n  - name: age\n    version: "2"\n    sources: [{ platform: hive, name: db.users }]\n  - ref: shared.country',
      ),
      doc(
        'MLFeature',
        'namespace: shared\nname: country\ndataType: NOMINAL\ntags: [gold]\nlinks: [{ url: https://wiki.example/country }]',
      ),
    ),
    file(
      'c/models.yaml',
      doc('MLModelGroup', 'name: fraud\nplatform: sagemaker\nenv: PROD'),
      doc(
        'MLModel',
        'name: fraud-1\nplatform: sagemaker\nenv: PROD\ngroups: [fraud]\nfeatures: [users.age]\nowners:\n  - owner: urn:li:corpGroup:ml\n  - owner: bo\n    type: urn:li:ownershipType:reviewer',
      ),
    ),
    file(
      'c/datasets.yaml',
      doc(
        'DatasetTerms',
        'dataset: { platform: hive, name: db.users }\nterms: [Classification.PII]\ncolumns:\n  email: [Classification.PII]\n  "[version=2.0].[type=string].zip": [urn:li:glossaryTerm:Location]',
      ),
    ),
    file('c/policies.yaml', doc('Policy', 'name: p\nmatch: { kinds: [MLModel] }\nrule: "true"')),
  ]);
  const subjects = policySubjects(load);
  const byUrn = new Map(subjects.map((subject) => [subject.urn, subject]));

  it('has one subject per declared entity, inline features as MLFeature, and none for Settings or Policy', () => {
    expect(load.diagnostics).toEqual([]);
    expect(subjects.map((subject) => [subject.kind, subject.urn])).toEqual([
      ['DatasetTerms', 'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,DEV)'],
      ['GlossaryNode', 'urn:li:glossaryNode:Classification'],
      ['GlossaryTerm', 'urn:li:glossaryTerm:Classification.PII'],
      ['GlossaryTerm', 'urn:li:glossaryTerm:Classification.Sensitive'],
      ['MLFeature', 'urn:li:mlFeature:(shared,country)'],
      ['MLFeature', 'urn:li:mlFeature:(users,age)'],
      ['MLFeatureTable', 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)'],
      ['MLModel', 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-1,PROD)'],
      ['MLModelGroup', 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud,PROD)'],
      ['Tag', 'urn:li:tag:gold'],
    ]);
    // Policies declare nothing: the desired state has the same entities as without the Policy document.
    expect(load.state?.entities).toHaveLength(9);
  });

  it('gives each subject the location the desired state gives its entity', () => {
    const sources = new Map(load.state?.entities.map((entity) => [entity.urn, entity.source]));
    for (const subject of subjects.filter((s) => s.kind !== 'DatasetTerms'))
      expect(subject.source, subject.urn).toEqual(sources.get(subject.urn));
    expect(byUrn.get('urn:li:mlFeature:(users,age)')?.source).toEqual({
      file: 'c/features.yaml',
      line: 6,
      column: 11,
    });
    expect(byUrn.get('urn:li:dataset:(urn:li:dataPlatform:hive,db.users,DEV)')?.source).toEqual({
      file: 'c/datasets.yaml',
      line: 3,
      column: 10,
    });
  });

  it('MLModel: defaults applied, references as URNs, owners as {owner, type}, lists always there', () => {
    expect(byUrn.get('urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-1,PROD)')?.entity).toEqual({
      kind: 'MLModel',
      urn: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-1,PROD)',
      aliases: [],
      deprecated: false,
      evaluationData: [],
      hyperParams: {},
      metrics: {},
      trainingData: [],
      name: 'fraud-1',
      platform: 'sagemaker',
      env: 'PROD',
      groups: ['urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud,PROD)'],
      features: ['urn:li:mlFeature:(users,age)'],
      owners: [
        { owner: 'urn:li:corpGroup:ml', type: 'TECHNICAL_OWNER' },
        { owner: 'urn:li:corpuser:bo', type: 'urn:li:ownershipType:reviewer' },
      ],
      tags: [],
      links: [],
      properties: {},
    });
  });

  it('MLModelGroup and MLFeatureTable', () => {
    expect(byUrn.get('urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud,PROD)')?.entity).toEqual({
      kind: 'MLModelGroup',
      urn: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud,PROD)',
      deprecated: false,
      name: 'fraud',
      platform: 'sagemaker',
      env: 'PROD',
      owners: [],
      tags: [],
      links: [],
      properties: {},
    });
    expect(byUrn.get('urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)')?.entity).toEqual({
      kind: 'MLFeatureTable',
      urn: 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)',
      deprecated: false,
      name: 'users',
      platform: 'feast',
      description: 'Users.',
      features: ['urn:li:mlFeature:(users,age)', 'urn:li:mlFeature:(shared,country)'],
      owners: [],
      tags: [],
      links: [],
      properties: {},
    });
  });

  it('MLFeature, declared alone and inline (namespace = the table), without description when none is written', () => {
    expect(byUrn.get('urn:li:mlFeature:(users,age)')?.entity).toEqual({
      kind: 'MLFeature',
      urn: 'urn:li:mlFeature:(users,age)',
      deprecated: false,
      name: 'age',
      namespace: 'users',
      version: '2',
      sources: ['urn:li:dataset:(urn:li:dataPlatform:hive,db.users,DEV)'],
      owners: [],
      tags: [],
      links: [],
      properties: {},
    });
    expect(byUrn.get('urn:li:mlFeature:(shared,country)')?.entity).toEqual({
      kind: 'MLFeature',
      urn: 'urn:li:mlFeature:(shared,country)',
      deprecated: false,
      name: 'country',
      namespace: 'shared',
      dataType: 'NOMINAL',
      sources: [],
      owners: [],
      tags: ['urn:li:tag:gold'],
      links: [{ url: 'https://wiki.example/country', description: '' }],
      properties: {},
    });
  });

  it('GlossaryNode, GlossaryTerm and Tag', () => {
    expect(byUrn.get('urn:li:glossaryNode:Classification')?.entity).toEqual({
      kind: 'GlossaryNode',
      urn: 'urn:li:glossaryNode:Classification',
      id: 'Classification',
      name: 'Classification',
      definition: '',
      owners: [{ owner: 'urn:li:corpuser:ana', type: 'TECHNICAL_OWNER' }],
      tags: [],
      links: [],
      properties: {},
    });
    expect(byUrn.get('urn:li:glossaryTerm:Classification.PII')?.entity).toEqual({
      kind: 'GlossaryTerm',
      urn: 'urn:li:glossaryTerm:Classification.PII',
      deprecated: false,
      id: 'Classification.PII',
      name: 'PII',
      definition: '',
      termSource: 'INTERNAL',
      parent: 'urn:li:glossaryNode:Classification',
      relatedTerms: {
        isA: ['urn:li:glossaryTerm:Classification.Sensitive'],
        hasA: [],
        values: [],
        relatedTo: [],
      },
      domain: 'urn:li:domain:privacy',
      owners: [],
      tags: [],
      links: [],
      properties: {},
    });
    expect(byUrn.get('urn:li:tag:gold')?.entity).toEqual({
      kind: 'Tag',
      urn: 'urn:li:tag:gold',
      deprecated: false,
      id: 'gold',
      name: 'gold',
      description: 'Curated.',
      owners: [],
    });
  });

  it('DatasetTerms: the dataset URN, terms as URNs, columns by field path as written; no tags offline', () => {
    expect(byUrn.get('urn:li:dataset:(urn:li:dataPlatform:hive,db.users,DEV)')?.entity).toEqual({
      kind: 'DatasetTerms',
      urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,DEV)',
      dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,DEV)',
      terms: ['urn:li:glossaryTerm:Classification.PII'],
      columns: {
        email: ['urn:li:glossaryTerm:Classification.PII'],
        '[version=2.0].[type=string].zip': ['urn:li:glossaryTerm:Location'],
      },
      properties: {},
      columnProperties: {},
    });
  });

  it('is empty when the catalog has errors', () => {
    const broken = buildCatalog([file('c/m.yaml', doc('MLModel', 'name: m\nplatform: p\ngroups: [nope]'))]);
    expect(broken.diagnostics.map((d) => d.code)).toEqual(['UNKNOWN_REFERENCE']);
    expect(policySubjects(broken)).toEqual([]);
  });
});
