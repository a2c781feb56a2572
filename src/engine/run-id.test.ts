import { describe, expect, it } from 'vitest';
import { isRunId, newRunId } from './run-id.js';

describe('run ids', () => {
  it('are made as DataHub makes ingestion run ids: source, UTC time, six random letters and digits', () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    let next = 0;
    expect(newRunId('catalog', at, () => next++)).toBe('catalog-2026_01_02-03_04_05-abcdef');
    expect(newRunId('catalog-rollback', at, () => 35)).toBe('catalog-rollback-2026_01_02-03_04_05-999999');
    expect(newRunId('catalog')).toMatch(/^catalog-\d{4}_\d\d_\d\d-\d\d_\d\d_\d\d-[a-z0-9]{6}$/);
  });

  it('given on a command line, are checked before anything is asked', () => {
    expect(isRunId('catalog-2026_01_02-03_04_05-abcdef')).toBe(true);
    expect(isRunId('file-2024_05_01-10_00_00-x1y2z3')).toBe(true);
    for (const bad of ['', '-x', 'a b', 'a/b', 'x'.repeat(201), 'run\n'])
      expect(isRunId(bad), JSON.stringify(bad)).toBe(false);
  });
});
