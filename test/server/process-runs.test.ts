/**
 * The runs of a data job, a data flow and a dataset (`runs`), as DataHub's ExecutionRunsResolver and
 * EntityRunsResolver answer them: data process instances found by their template (jobs, flows: only those with run
 * events) or by their inputs and outputs (datasets, by direction), newest first by their creation time, a page at
 * a time, each with the run's state, inputs, outputs and template as the web app's Runs tabs read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposal, startTestServer, type TestServer } from '../helpers/server.js';

const FLOW = 'urn:li:dataFlow:(airflow,dag_abc,PROD)';
const JOB = `urn:li:dataJob:(${FLOW},task_123)`;
const OTHER_JOB = `urn:li:dataJob:(${FLOW},task_456)`;
const dataset = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const [SOURCE, TARGET, LOGS] = [
  dataset('users_created'),
  dataset('SampleHiveDataset'),
  dataset('logging_events'),
];
const run = (id: string) => `urn:li:dataProcessInstance:${id}`;
const OLD = run('old');
const NEW = run('new');
const QUEUED = run('queued');
const UNDATED = run('undated');
const TRAINING = run('training');

/** A run of a template: its properties (with a creation time), inputs, outputs and (unless `events` is false) a run event. */
function runOf(urn: string, options: { created?: number; template: string; inputs: string[]; outputs: string[]; events?: boolean; result?: string }) {
  return [
    // Without a creation time, no properties (`created` is required): such a run sorts last.
    ...(options.created === undefined
      ? []
      : [
          proposal(urn, 'dataProcessInstanceProperties', {
            name: urn.slice('urn:li:dataProcessInstance:'.length),
            customProperties: {},
            created: { time: options.created, actor: 'urn:li:corpuser:datahub' },
          }),
        ]),
    proposal(urn, 'dataProcessInstanceInput', { inputs: options.inputs }),
    proposal(urn, 'dataProcessInstanceOutput', { outputs: options.outputs }),
    proposal(urn, 'dataProcessInstanceRelationships', { parentTemplate: options.template, upstreamInstances: [] }),
    ...(options.events === false
      ? []
      : [
          proposal(urn, 'dataProcessInstanceRunEvent', {
            timestampMillis: (options.created ?? 0) + 1000,
            status: 'COMPLETE',
            result: { type: options.result ?? 'SUCCESS', nativeResultType: 'airflow' },
          }),
        ]),
  ];
} // prettier-ignore

const RUN_FIELDS = `count start total runs {
  urn name created { time }
  state(startTimeMillis: null, endTimeMillis: null, limit: 1) { status result { resultType } }
  inputs: relationships(input: { types: ["Consumes"], direction: OUTGOING, start: 0, count: 20 }) { relationships { entity { urn ... on Dataset { name } } } }
  outputs: relationships(input: { types: ["Produces"], direction: OUTGOING, start: 0, count: 20 }) { relationships { entity { urn } } }
  parentTemplate: relationships(input: { types: ["InstanceOf"], direction: OUTGOING, start: 0, count: 1 }) { relationships { entity { urn } } }
}`;

describe('runs of jobs, flows and datasets', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const ingest = await server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        ...[SOURCE, TARGET, LOGS].map((urn) =>
          proposal(urn, 'datasetProperties', { name: urn.split(',')[1], customProperties: {} }),
        ),
        proposal(FLOW, 'dataFlowInfo', { name: 'Users', customProperties: {} }),
        proposal(JOB, 'dataJobInfo', {
          name: 'User Creations',
          type: { string: 'SQL' },
          customProperties: {},
        }),
        // A job that reads and writes the same datasets: its dataJobInputOutput declares Consumes and Produces too.
        proposal(OTHER_JOB, 'dataJobInputOutput', { inputDatasets: [SOURCE], outputDatasets: [TARGET] }),
        ...runOf(OLD, {
          created: 1000,
          template: JOB,
          inputs: [SOURCE],
          outputs: [TARGET, LOGS],
          result: 'FAILURE',
        }),
        ...runOf(NEW, { created: 5000, template: JOB, inputs: [SOURCE], outputs: [TARGET] }),
        ...runOf(UNDATED, { template: JOB, inputs: [SOURCE], outputs: [TARGET] }),
        // No run event yet: not a run of the job (hasRunEvents), but a run that writes the dataset.
        ...runOf(QUEUED, { created: 9000, template: JOB, inputs: [], outputs: [TARGET], events: false }),
        ...runOf(TRAINING, { created: 7000, template: FLOW, inputs: [LOGS], outputs: [] }),
      ],
    });
    expect(ingest.status).toBe(200);
  });
  afterAll(() => server.close());

  it("lists a job's runs that have run events, newest first, with their state, inputs, outputs and template", async () => {
    const result = await server.graphql(
      `{ dataJob(urn: "${JOB}") { runs(start: 0, count: 20) { ${RUN_FIELDS} } } }`,
    );
    expect(result.errors).toBeUndefined();
    const runs = result.data.dataJob.runs;
    expect(runs).toMatchObject({ count: 20, start: 0, total: 3 });
    expect(runs.runs.map((item: { urn: string }) => item.urn)).toEqual([NEW, OLD, UNDATED]);
    expect(runs.runs[1]).toEqual({
      urn: OLD,
      name: 'old',
      created: { time: 1000 },
      state: [{ status: 'COMPLETE', result: { resultType: 'FAILURE' } }],
      inputs: { relationships: [{ entity: { urn: SOURCE, name: 'users_created' } }] },
      outputs: { relationships: [{ entity: { urn: TARGET } }, { entity: { urn: LOGS } }] },
      parentTemplate: { relationships: [{ entity: { urn: JOB } }] },
    });
  });

  it('pages the runs with start and count', async () => {
    const result = await server.graphql(
      `{ dataJob(urn: "${JOB}") { runs(start: 1, count: 1) { count start total runs { urn } } } }`,
    );
    expect(result.data.dataJob.runs).toEqual({ count: 1, start: 1, total: 3, runs: [{ urn: OLD }] });
    const entity = await server.graphql(`query($urn: String!) { entity(urn: $urn) { ... on HasExecutionRuns { runs(start: 0, count: 1) { total runs { urn } } } } }`, { urn: JOB }); // prettier-ignore
    expect(entity.data.entity.runs).toEqual({ total: 3, runs: [{ urn: NEW }] });
  });

  it("lists a flow's runs: the instances whose template is the flow", async () => {
    const result = await server.graphql(
      `{ dataFlow(urn: "${FLOW}") { runs(start: 0, count: 20) { total runs { urn } } } }`,
    );
    expect(result.data.dataFlow.runs).toEqual({ total: 1, runs: [{ urn: TRAINING }] });
  });

  it('lists the runs that write a dataset (OUTGOING) and those that read it (INCOMING)', async () => {
    const result = await server.graphql(`{
      dataset(urn: "${TARGET}") { written: runs(start: 0, count: 20, direction: OUTGOING) { total runs { urn } } read: runs(start: 0, count: 20, direction: INCOMING) { total } }
      source: dataset(urn: "${SOURCE}") { runs(start: 0, count: 20, direction: INCOMING) { total runs { urn } } }
      logs: dataset(urn: "${LOGS}") { runs(start: 0, count: 20, direction: INCOMING) { runs { urn } } }
    }`);
    expect(result.errors).toBeUndefined();
    // The job that writes the dataset is not a run of it; the queued run is, run events or not.
    expect(result.data.dataset.written).toEqual({ total: 4, runs: [{ urn: QUEUED }, { urn: NEW }, { urn: OLD }, { urn: UNDATED }] }); // prettier-ignore
    expect(result.data.dataset.read).toEqual({ total: 0 });
    expect(result.data.source.runs).toEqual({
      total: 3,
      runs: [{ urn: NEW }, { urn: OLD }, { urn: UNDATED }],
    });
    expect(result.data.logs.runs).toEqual({ runs: [{ urn: TRAINING }] });
  });

  it('leaves out a soft-deleted run', async () => {
    const removed = await server.post('/aspects?action=ingestProposal', { proposal: proposal(NEW, 'status', { removed: true }) }); // prettier-ignore
    expect(removed.status).toBe(200);
    const result = await server.graphql(
      `{ dataJob(urn: "${JOB}") { runs(start: 0, count: 20) { total runs { urn } } } }`,
    );
    expect(result.data.dataJob.runs).toEqual({ total: 2, runs: [{ urn: OLD }, { urn: UNDATED }] });
  });
});
