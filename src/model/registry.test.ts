import { describe, expect, it } from 'vitest';
import {
  ENTITY_TYPES,
  aspectNameOfFqn,
  entityHasAspect,
  fqnOfAspect,
  isKnownEntityType,
  isTimeseriesAspect,
  keyAspectFromUrn,
  keyFieldsOf,
  relationshipsOfAspect,
} from './registry.js';

describe('the generated entity registry', () => {
  it('knows every entity of DataHub, the ones real ingestion writes included', () => {
    expect(ENTITY_TYPES.length).toBeGreaterThanOrEqual(60);
    for (const entity of [
      'tag',
      'glossaryNode',
      'corpGroup',
      'chart',
      'dataPlatform',
      'mlPrimaryKey',
      'container',
      'domain',
      'dataJob',
      'dataFlow',
      'schemaField',
    ]) {
      expect(isKnownEntityType(entity), entity).toBe(true);
    }
    expect(isKnownEntityType('spaceship')).toBe(false);
  });

  it('has the aspects DataHub 1.x allows, e.g. versionProperties on mlModel', () => {
    expect(entityHasAspect('mlModel', 'versionProperties')).toBe(true);
    expect(entityHasAspect('mlModel', 'mlModelKey')).toBe(true);
    expect(entityHasAspect('tag', 'tagProperties')).toBe(true);
    expect(entityHasAspect('tag', 'schemaMetadata')).toBe(false);
  });

  it('maps aspect names and Pegasus class names both ways', () => {
    expect(fqnOfAspect('mlModelMetrics')).toBe('com.linkedin.ml.metadata.Metrics');
    expect(fqnOfAspect('dataHubExecutionRequestKey')).toBe('com.linkedin.metadata.key.ExecutionRequestKey');
    expect(aspectNameOfFqn('com.linkedin.pegasus2avro.ml.metadata.TrainingData')).toBe('mlModelTrainingData');
    expect(aspectNameOfFqn('com.linkedin.glossary.GlossaryNodeInfo')).toBe('glossaryNodeInfo');
    expect(aspectNameOfFqn('com.linkedin.nothing.Here')).toBeUndefined();
  });

  it('derives key aspects from URNs in key-field order', () => {
    expect(keyFieldsOf('dataJob')).toEqual(['flow', 'jobId']);
    expect(keyAspectFromUrn('dataJob', ['urn:li:dataFlow:(airflow,dag,prod)', 'task'])).toEqual({
      aspectName: 'dataJobKey',
      value: { flow: 'urn:li:dataFlow:(airflow,dag,prod)', jobId: 'task' },
    });
    expect(keyAspectFromUrn('tag', ['a', 'b'])).toBeUndefined();
  });

  it('marks timeseries aspects', () => {
    expect(isTimeseriesAspect('datasetProfile')).toBe(true);
    expect(isTimeseriesAspect('datasetProperties')).toBe(false);
  });

  it('carries the relationships of the PDL @Relationship annotations', () => {
    const names = (aspect: string) =>
      relationshipsOfAspect(aspect).map((item) => `${item.name} ${item.path.join('/')}`);
    expect(names('mlModelProperties')).toContain('Consumes mlFeatures/*');
    expect(names('mlModelProperties')).toContain('MemberOf groups/*');
    expect(names('mlFeatureTableProperties')).toContain('Contains mlFeatures/*');
    expect(names('mlFeatureProperties')).toContain('DerivedFrom sources/*');
    expect(names('glossaryTerms')).toEqual(['TermedWith terms/*/urn']);
    expect(names('editableSchemaMetadata')).toContain(
      'EditableSchemaFieldWithGlossaryTerm editableSchemaFieldInfo/*/glossaryTerms/terms/*/urn',
    );
    expect(names('ownership')).toContain('OwnedBy owners/*/owner');
    expect(names('glossaryNodeInfo')).toEqual(['IsPartOf parentNode']);
  });
});
