/**
 * Data process instances (ML training runs, pipeline runs) as DataHub's DataProcessInstanceMapper answers them:
 * the run's name, properties, training-run properties, container and run events, and its place among its
 * container's entities (the experiment page lists its training runs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const RUN = 'urn:li:dataProcessInstance:simple_training_run';
const EXPERIMENT = 'urn:li:container:airline_forecast_experiment';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,dag,PROD),task)';

describe('data process instances', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const ingest = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(EXPERIMENT, 'containerProperties', {
          name: 'Airline Forecast Experiment',
          customProperties: {},
        }),
        proposal(RUN, 'dataProcessInstanceProperties', {
          customProperties: { team: 'forecasting' },
          name: 'Simple Training Run',
          created: { time: 1628580000000, actor: 'urn:li:corpuser:datahub' },
        }),
        proposal(RUN, 'mlTrainingRunProperties', {
          customProperties: {},
          externalUrl: 'https:localhost:5000',
          id: 'simple_training_run',
          outputUrls: ['s3://my-bucket/output'],
          hyperParams: [{ name: 'learning_rate', value: '0.01' }],
          trainingMetrics: [{ name: 'accuracy', value: '0.9' }],
        }),
        proposal(RUN, 'dataProcessInstanceRunEvent', {
          timestampMillis: 1628580001000,
          partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
          status: 'COMPLETE',
          result: { type: 'FAILURE', nativeResultType: 'mlflow' },
          durationMillis: 1000,
        }),
        proposal(RUN, 'container', { container: EXPERIMENT }),
        proposal(RUN, 'dataProcessInstanceRelationships', { parentTemplate: JOB, upstreamInstances: [] }),
        proposal(RUN, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:mlflow' }),
      ],
    });
    expect(ingest.status).toBe(200);
  });
  afterAll(() => server.close());

  it("answers a training run's name, properties, training-run properties, container, template and run events", async () => {
    const result = await server.graphql(`{
      entity(urn: "${RUN}") {
        ... on DataProcessInstance {
          urn type name
          properties { name created { time actor } customProperties { key value } }
          mlTrainingRunProperties { id outputUrls hyperParams { name value } trainingMetrics { name value } }
          container { urn } parentContainers { count containers { urn } }
          parentTemplate { urn type }
          platform { urn properties { displayName } }
          state(startTimeMillis: null, endTimeMillis: null, limit: 1) {
            timestampMillis status durationMillis result { resultType nativeResultType }
          }
        }
      }
    }`);
    expect(result.errors).toBeUndefined();
    expect(result.data.entity).toEqual({
      urn: RUN,
      type: 'DATA_PROCESS_INSTANCE',
      name: 'Simple Training Run',
      properties: {
        name: 'Simple Training Run',
        created: { time: 1628580000000, actor: 'urn:li:corpuser:datahub' },
        customProperties: [{ key: 'team', value: 'forecasting' }],
      },
      mlTrainingRunProperties: {
        id: 'simple_training_run',
        outputUrls: ['s3://my-bucket/output'],
        hyperParams: [{ name: 'learning_rate', value: '0.01' }],
        trainingMetrics: [{ name: 'accuracy', value: '0.9' }],
      },
      container: { urn: EXPERIMENT },
      parentContainers: { count: 1, containers: [{ urn: EXPERIMENT }] },
      parentTemplate: { urn: JOB, type: 'DATA_JOB' },
      platform: { urn: 'urn:li:dataPlatform:mlflow', properties: { displayName: 'MLflow' } },
      state: [
        {
          timestampMillis: 1628580001000,
          status: 'COMPLETE',
          durationMillis: 1000,
          result: { resultType: 'FAILURE', nativeResultType: 'mlflow' },
        },
      ],
    });
  });

  it('answers dataProcessInstance(urn), the root field its page reads', async () => {
    const result = await server.graphql(`{ dataProcessInstance(urn: "${RUN}") { urn properties { name } }
      other: dataProcessInstance(urn: "${EXPERIMENT}") { urn } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ dataProcessInstance: { urn: RUN, properties: { name: 'Simple Training Run' } }, other: null }); // prettier-ignore
  });

  it("lists the run among its experiment's entities, by name", async () => {
    const result = await server.graphql(`{
      container(urn: "${EXPERIMENT}") {
        entities(input: { start: 0, count: 10 }) {
          total searchResults { entity { urn ... on DataProcessInstance { name properties { name } } } }
        }
      }
    }`);
    expect(result.errors).toBeUndefined();
    expect(result.data.container.entities).toEqual({
      total: 1,
      searchResults: [
        { entity: { urn: RUN, name: 'Simple Training Run', properties: { name: 'Simple Training Run' } } },
      ],
    });
  });
});
