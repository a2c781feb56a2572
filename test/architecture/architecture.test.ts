import { describe, expect, it } from 'vitest';
// The same checks `node scripts/check-architecture.mjs` prints (docs/architecture.md, "Layers").
import {
  findCycles,
  findLayerViolations,
  findLongFiles,
  MAY_IMPORT,
  readImports,
} from '../../scripts/check-architecture.mjs';

describe('the shape of src/', () => {
  const { files, edges } = readImports();

  it('has no import cycle, type-only and dynamic imports included', () => {
    expect(findCycles(files, edges)).toEqual([]);
  });

  it('imports only downward, as the layer table allows', () => {
    expect(findLayerViolations(edges)).toEqual([]);
  });

  it('has no hand-written source file over 500 lines', () => {
    expect(findLongFiles()).toEqual([]);
  });

  it('lists every top-level part of src/ in the layer table', () => {
    const parts = new Set(files.map((file) => file.replace(/^src\//, '').split('/')[0]));
    expect([...parts].filter((part) => part === undefined || !(part in MAY_IMPORT))).toEqual([]);
  });

  it('finds a cycle and an upward import when there is one (so the checks above can fail)', () => {
    const made = [
      ['src/plan/a.ts', 'src/plan/b.ts'],
      ['src/plan/b.ts', 'src/plan/a.ts'],
      ['src/model/c.ts', 'src/plan/a.ts'],
    ] as [string, string][];
    expect(findCycles(['src/plan/a.ts', 'src/plan/b.ts', 'src/model/c.ts'], made)).toEqual([
      ['src/plan/a.ts', 'src/plan/b.ts'],
    ]);
    expect(findLayerViolations(made)).toEqual([
      'src/model/c.ts imports src/plan/a.ts: model may not import plan',
    ]);
  });
});
