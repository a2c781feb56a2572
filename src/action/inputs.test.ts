import { describe, expect, it } from 'vitest';
import { ActionInputError, readInputs, reconcileArgs } from './inputs.js';

describe('action inputs', () => {
  it('default to a plan of catalog/ against the base branch, commenting', () => {
    const inputs = readInputs({ GITHUB_BASE_REF: 'main' });
    expect(inputs).toEqual({
      command: 'plan',
      directory: 'catalog',
      server: '',
      token: '',
      base: 'origin/main',
      comment: true,
      ingest: [],
    });
    expect(reconcileArgs(inputs, '/tmp/plan.json')).toEqual([
      'reconcile',
      'catalog',
      '--output',
      'markdown',
      '--out',
      '/tmp/plan.json',
      '--detailed-exitcode',
      '--dry-run',
      '--base',
      'origin/main',
    ]);
  });

  it('apply writes (no --dry-run, no base); drift compares with HEAD; an explicit base wins', () => {
    const apply = readInputs({
      INPUT_COMMAND: 'apply',
      INPUT_SERVER: 'https://gms',
      GITHUB_BASE_REF: 'main',
    });
    expect(reconcileArgs(apply, 'p.json')).toEqual([
      'reconcile',
      'catalog',
      '--output',
      'markdown',
      '--out',
      'p.json',
      '--detailed-exitcode',
      '--server',
      'https://gms',
    ]);
    expect(readInputs({ INPUT_COMMAND: 'drift' }).base).toBe('HEAD');
    expect(readInputs({ INPUT_COMMAND: 'plan', INPUT_BASE: 'v1.0', GITHUB_BASE_REF: 'main' }).base).toBe(
      'v1.0',
    );
    expect(readInputs({ INPUT_COMMAND: 'plan' }).base).toBe('');
  });

  it('reads the ingest list one file a line and comment as a boolean', () => {
    const inputs = readInputs({
      INPUT_INGEST: ' a.json\n\nb.json \n',
      INPUT_COMMENT: 'FALSE',
      INPUT_DIRECTORY: 'meta',
    });
    expect(inputs.ingest).toEqual(['a.json', 'b.json']);
    expect(inputs.comment).toBe(false);
    expect(inputs.directory).toBe('meta');
  });

  it('refuses an unknown command or comment value', () => {
    expect(() => readInputs({ INPUT_COMMAND: 'destroy' })).toThrow(ActionInputError);
    expect(() => readInputs({ INPUT_COMMAND: 'destroy' })).toThrow('plan, apply, drift');
    expect(() => readInputs({ INPUT_COMMENT: 'yes' })).toThrow('true or false');
  });
});
