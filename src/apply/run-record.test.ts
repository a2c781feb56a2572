import { describe, expect, it } from 'vitest';
import {
  MAX_REPORT_CHARS,
  parseRunRecord,
  runEndProposal,
  runRecordUrn,
  runStartProposals,
  type RunStart,
  type RunWrite,
} from './run-record.js';

const START: RunStart = {
  runId: 'catalog-2026_01_02-03_04_05-abc123',
  task: 'catalog apply',
  actor: 'urn:li:corpuser:catalog-bot',
  commit: 'f'.repeat(40),
  dirty: false,
  planDigest: `sha256:${'a'.repeat(64)}`,
  target: 'embedded',
  toolVersion: '0.1.0',
  startedAt: 1_000,
  changes: 2,
};

describe('the record of a run', () => {
  it('is a dataHubExecutionRequest named by the run id, as DataHub records CLI ingestion runs', () => {
    const [input, result] = runStartProposals(START);
    expect(input?.entityUrn).toBe(runRecordUrn(START.runId));
    expect(input?.entityUrn).toBe('urn:li:dataHubExecutionRequest:catalog-2026_01_02-03_04_05-abc123');
    expect(input?.aspect).toMatchObject({ task: 'catalog apply', source: { type: 'CLI_INGESTION_SOURCE' } });
    expect(result?.aspect).toEqual({ status: 'RUNNING', startTimeMs: 1_000 });
    // About the run, not part of it: no run id.
    expect(input?.systemMetadata?.['runId']).toBeUndefined();
  });

  it('reads back what it says: who, which commit and plan, the counts and every write', () => {
    const writes: RunWrite[] = [{ urn: 'urn:li:tag:a', aspect: 'tagProperties', before: '-1', after: '1' }];
    const [input] = runStartProposals(START);
    const end = runEndProposal(START, {
      status: 'SUCCESS',
      finishedAt: 3_500,
      counts: { applied: 1, failed: 0, skipped: 0, verified: 1, checked: 1 },
      writes,
    });
    expect(end.aspect).toMatchObject({ status: 'SUCCESS', startTimeMs: 1_000, durationMs: 2_500 });
    expect(parseRunRecord(START.runId, input?.aspect, end.aspect)).toEqual({
      runId: START.runId,
      status: 'SUCCESS',
      task: 'catalog apply',
      actor: START.actor,
      commit: START.commit,
      planDigest: START.planDigest,
      target: 'embedded',
      startedAt: 1_000,
      durationMs: 2_500,
      counts: { applied: 1, failed: 0, skipped: 0, verified: 1, checked: 1 },
      writes,
    });
    expect(parseRunRecord('x', undefined, undefined)).toBeUndefined();
  });

  it('keeps under the size DataHub keeps a report at, saying when it left writes out', () => {
    const writes = Array.from({ length: 20_000 }, (_, index) => ({
      urn: `urn:li:mlFeature:(features,a_rather_long_feature_name_${index})`,
      aspect: 'mlFeatureProperties',
      before: '3',
      after: '4',
    }));
    const end = runEndProposal(START, {
      status: 'SUCCESS',
      finishedAt: 2_000,
      counts: { applied: 20_000, failed: 0, skipped: 0 },
      writes,
    });
    const report = end.aspect['structuredReport'] as { serializedValue: string };
    expect(report.serializedValue.length).toBeLessThanOrEqual(MAX_REPORT_CHARS);
    const record = parseRunRecord(START.runId, undefined, end.aspect);
    expect(record?.truncated).toBe(true);
    expect(record?.writes?.length).toBeGreaterThan(1_000);
    expect(record?.writes?.length).toBeLessThan(20_000);
  });
});
