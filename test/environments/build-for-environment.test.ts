import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/manifest/load-catalog.js';

const doc = (kind: string, body: string): string => `apiVersion: catalog/v1\nkind: ${kind}\n${body}\n`;

const FILES = [
  {
    path: 'c/catalog.yaml',
    text: doc(
      'Settings',
      `defaults: { platform: feast, env: PROD }
environments:
  dev: { env: DEV, variables: { zone: eu } }
  prod: { env: PROD, variables: { zone: us } }`,
    ),
  },
  {
    path: 'c/ml.yaml',
    text: [
      doc('MLModelGroup', 'name: g\nenv: PROD'),
      doc('MLModelGroup', 'name: kept\nplatform: sagemaker'),
      doc(
        'MLFeature',
        `namespace: ns
name: x
sources:
  - { platform: hive, name: db.users, env: PROD }
  - urn:li:dataset:(urn:li:dataPlatform:hive,db.written,PROD)`,
      ),
      doc(
        'MLModel',
        `name: m-\${var.zone}
groups: [g, "urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,kept,PROD)"]
trainingData:
  - dataset: { platform: hive, name: db.train }
  - dataset: urn:li:dataset:(urn:li:dataPlatform:hive,db.train,PROD)`,
      ),
      doc('DatasetTerms', 'dataset: { platform: hive, name: db.users }\nterms: [urn:li:glossaryTerm:A]'),
      doc(
        'DatasetTerms',
        'dataset: urn:li:dataset:(urn:li:dataPlatform:hive,db.written,PROD)\nterms: [urn:li:glossaryTerm:A]',
      ),
    ].join('---\n'),
  },
];

function urnsFor(environment: string | undefined) {
  const load = buildCatalog(FILES, undefined, environment);
  expect(load.diagnostics).toEqual([]);
  const state = load.state!;
  const model = state.entities.find((entity) => entity.entityType === 'mlModel');
  return {
    defaultEnv: state.settings.defaultEnv,
    entities: state.entities.map((entity) => entity.urn),
    sources: state.entities.find((entity) => entity.entityType === 'mlFeature')?.fields['sources'],
    groups: model?.fields['groups'],
    training: model?.aspects?.find((aspect) => aspect.aspectName === 'mlModelTrainingData')?.value,
    datasets: state.datasets.map((dataset) => dataset.datasetUrn),
  };
}

describe('one set of manifests, built for an environment', () => {
  it('rewrites the env of every URN the catalog builds, and leaves URNs written out in full as written', () => {
    expect(urnsFor('dev')).toEqual({
      defaultEnv: 'DEV',
      entities: [
        'urn:li:mlFeature:(ns,x)',
        'urn:li:mlModel:(urn:li:dataPlatform:feast,m-eu,DEV)',
        'urn:li:mlModelGroup:(urn:li:dataPlatform:feast,g,DEV)',
        'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,kept,DEV)',
      ],
      sources: [
        'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,DEV)',
        'urn:li:dataset:(urn:li:dataPlatform:hive,db.written,PROD)',
      ],
      groups: [
        'urn:li:mlModelGroup:(urn:li:dataPlatform:feast,g,DEV)',
        'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,kept,PROD)',
      ],
      training: {
        trainingData: [
          { dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.train,DEV)' },
          { dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.train,PROD)' },
        ],
      },
      datasets: [
        'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,DEV)',
        'urn:li:dataset:(urn:li:dataPlatform:hive,db.written,PROD)',
      ],
    });
  });

  it('builds the same manifests for prod with env PROD and its own variables', () => {
    const prod = urnsFor('prod');
    expect(prod.defaultEnv).toBe('PROD');
    expect(prod.entities).toContain('urn:li:mlModel:(urn:li:dataPlatform:feast,m-us,PROD)');
    expect(prod.datasets[0]).toBe('urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)');
  });

  it('without an environment, a variable is an error and the manifests are not built', () => {
    const load = buildCatalog(FILES);
    expect(load.state).toBeUndefined();
    expect(load.diagnostics.map((d) => [d.message, d.location?.file, d.location?.line])).toEqual([
      ["unknown variable 'zone' in ${var.zone}", 'c/ml.yaml', 21],
    ]);
  });

  it('an unknown environment is an error naming the known ones', () => {
    const load = buildCatalog(FILES, undefined, 'stage');
    expect(load.state).toBeUndefined();
    expect(load.diagnostics.map((d) => [d.message, d.hint, d.location?.file])).toEqual([
      ["unknown environment 'stage'", 'the catalog declares dev, prod', 'c/catalog.yaml'],
    ]);
  });

  it('the Settings schema checks environments', () => {
    const load = buildCatalog([
      {
        path: 'c/catalog.yaml',
        text: doc('Settings', 'environments:\n  dev: { env: NOPE, token: abc, protect: yes }'),
      },
    ]);
    expect(load.diagnostics.map((d) => [d.code, d.location?.line])).toEqual([
      ['INVALID_VALUE', 4],
      ['UNKNOWN_FIELD', 4],
      ['WRONG_TYPE', 4],
    ]);
  });
});
