import { describe, expect, it } from 'vitest';
import {
  ActionInputError,
  adoptArgs,
  branchNameProblem,
  DEFAULT_ADOPT_BRANCH,
  readInputs,
  reconcileArgs,
} from './inputs.js';

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
      unmanaged: false,
      adoptBranch: 'catalog/adopt-datahub-changes',
      environments: [],
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
    expect(() => readInputs({ INPUT_COMMAND: 'destroy' })).toThrow('plan, apply, drift, adopt');
    expect(() => readInputs({ INPUT_COMMENT: 'yes' })).toThrow('true or false');
  });

  it('adopt runs catalog adopt editing files (no --dry-run), --unmanaged and --base when asked', () => {
    const adopt = readInputs({
      INPUT_COMMAND: 'adopt',
      INPUT_SERVER: 'https://gms',
      GITHUB_BASE_REF: 'main',
    });
    expect(adopt.adoptBranch).toBe(DEFAULT_ADOPT_BRANCH);
    expect(adoptArgs(adopt)).toEqual(['adopt', 'catalog', '--detailed-exitcode', '--server', 'https://gms']);
    const unmanaged = readInputs({
      INPUT_COMMAND: 'adopt',
      INPUT_UNMANAGED: 'true',
      INPUT_DIRECTORY: 'meta',
      INPUT_ADOPT_BRANCH: 'bots/adopt',
      INPUT_BASE: 'v1.0',
    });
    expect(unmanaged.adoptBranch).toBe('bots/adopt');
    expect(adoptArgs(unmanaged)).toEqual([
      'adopt',
      'meta',
      '--detailed-exitcode',
      '--unmanaged',
      '--base',
      'v1.0',
    ]);
    expect(() => readInputs({ INPUT_UNMANAGED: 'yes' })).toThrow('input unmanaged must be true or false');
  });

  it('refuses an adoption branch git would read as something else', () => {
    expect(branchNameProblem('catalog/adopt-datahub-changes')).toBeUndefined();
    for (const name of [
      '-f',
      'a..b',
      'a b',
      'a/',
      '/a',
      'a//b',
      '.hidden',
      'x/y.lock',
      'refs/heads/x',
      'a~1',
      'a:b',
    ])
      expect(branchNameProblem(name), name).toBeTypeOf('string');
    expect(() => readInputs({ INPUT_ADOPT_BRANCH: 'main..x' })).toThrow('not a usable branch name');
  });
});
