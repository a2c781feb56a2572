// Checks the shape of src/ against docs/architecture.md: no import cycle (type-only and dynamic imports
// included), no import from a folder to one it may not use (the layer table below), and no hand-written source
// file over 500 lines. `node scripts/check-architecture.mjs` prints every problem and exits 1 if there is one;
// test/architecture/architecture.test.ts runs the same checks in the suite.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What each part of src/ may import besides itself (docs/architecture.md, "Layers"). A part is a top-level
 * folder of src/, or a file directly in src/. The table is the whole rule: an edge it does not list is refused.
 */
export const MAY_IMPORT = {
  'errors.ts': [],
  'worker-script.ts': [],
  datahub: [],
  model: ['datahub', 'errors.ts'],
  kinds: ['model', 'datahub', 'errors.ts'],
  plan: ['kinds', 'model', 'datahub', 'errors.ts'],
  manifest: ['kinds', 'plan', 'model', 'datahub', 'errors.ts', 'worker-script.ts'],
  policy: ['manifest', 'kinds', 'plan', 'model', 'datahub', 'errors.ts'],
  git: ['model', 'errors.ts'],
  client: ['kinds', 'plan', 'model', 'datahub', 'errors.ts'],
  apply: ['client', 'kinds', 'plan', 'model', 'datahub', 'errors.ts'],
  adopt: ['manifest', 'kinds', 'plan', 'model', 'datahub', 'errors.ts'],
  import: ['manifest', 'kinds', 'plan', 'model', 'datahub', 'errors.ts'],
  render: ['policy', 'kinds', 'plan', 'model', 'datahub', 'errors.ts'],
  server: ['model', 'datahub', 'errors.ts', 'worker-script.ts'],
  engine: [
    'server',
    'render',
    'import',
    'adopt',
    'apply',
    'client',
    'git',
    'policy',
    'manifest',
    'plan',
    'kinds',
    'model',
    'datahub',
    'errors.ts',
  ],
  cli: ['engine', 'render', 'kinds', 'plan', 'model', 'datahub', 'errors.ts'],
  action: ['engine', 'render', 'kinds', 'plan', 'model', 'errors.ts'],
  'index.ts': ['engine', 'render', 'kinds', 'plan', 'model', 'errors.ts'],
};

/** Files written by a program, not by hand: the size rule does not apply to them. */
const GENERATED = [/^src\/datahub\/generated\//];
export const MAX_LINES = 500;

function walk(dir, accept, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'fixtures' || entry.name === 'results') continue;
      walk(full, accept, found);
    } else if (accept(full)) found.push(full);
  }
  return found;
}

const relative = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/** src/a/b.ts → a; src/index.ts → index.ts. */
export function partOf(file) {
  const parts = file.replace(/^src\//, '').split('/');
  return parts[0];
}

/** Every import of every source file of src/ (tests left out): [from, to] pairs of repository paths. */
export function readImports() {
  const files = walk(
    path.join(ROOT, 'src'),
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'),
  );
  const edges = [];
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const imported of info.importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = path.join(path.dirname(file), imported.fileName).replace(/\.js$/, '.ts');
      edges.push([relative(file), relative(target)]);
    }
  }
  return { files: files.map(relative), edges };
}

/** Strongly connected components of more than one file (or a file importing itself): the import circles. */
export function findCycles(files, edges) {
  const next = new Map(files.map((file) => [file, []]));
  for (const [from, to] of edges) next.get(from)?.push(to);
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (file) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!next.has(to)) continue;
      if (!indexOf.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), indexOf.get(to)));
    }
    if (low.get(file) !== indexOf.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (next.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!indexOf.has(file)) connect(file);
  return cycles;
}

/** Imports from one part of src/ to another that MAY_IMPORT does not allow. */
export function findLayerViolations(edges) {
  const violations = [];
  for (const [from, to] of edges) {
    const a = partOf(from.replace(/^src\//, 'src/'));
    const b = partOf(to);
    if (a === b) continue;
    const allowed = MAY_IMPORT[a];
    if (allowed === undefined) violations.push(`${from}: ${a} is not in the layer table`);
    else if (!allowed.includes(b)) violations.push(`${from} imports ${to}: ${a} may not import ${b}`);
  }
  return violations;
}

/** Hand-written source files (src, test, bench, scripts) over MAX_LINES lines. */
export function findLongFiles() {
  const source = /\.(ts|js|mjs|cjs)$/;
  const files = ['src', 'test', 'bench', 'scripts'].flatMap((dir) =>
    walk(path.join(ROOT, dir), (file) => source.test(file) && !file.endsWith('.d.ts')),
  );
  return files
    .map(relative)
    .filter((file) => !GENERATED.some((pattern) => pattern.test(file)))
    .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES)
    .sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, edges } = readImports();
  const cycles = findCycles(files, edges);
  const violations = findLayerViolations(edges);
  const long = findLongFiles();
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(' -> ')}`);
  for (const violation of violations) console.log(`layer: ${violation}`);
  for (const { file, lines } of long) console.log(`size: ${file} has ${lines} lines (at most ${MAX_LINES})`);
  console.log(
    `${files.length} files, ${edges.length} imports: ${cycles.length} cycles, ${violations.length} layer violations, ${long.length} files over ${MAX_LINES} lines`,
  );
  process.exitCode = cycles.length + violations.length + long.length > 0 ? 1 : 0;
}
