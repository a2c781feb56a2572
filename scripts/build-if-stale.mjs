// `npm start` builds only when the build is older than what it is made from: a rebuild (half a minute on a busy
// 2-core machine) was most of the time of a start that reconciles in three seconds. The build is as old as its
// last step's output, dist/manifest/validators.cjs (compile-schemas.mjs runs last; a build that failed half way
// has none newer than its sources).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads: the sources and their assets, the schemas, the build's scripts and configuration. */
const INPUTS = [
  'src',
  'schemas',
  'scripts/copy-ui-assets.mjs',
  'scripts/compile-schemas.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
];
export const BUILD_OUTPUT = 'dist/manifest/validators.cjs';

/** The first input newer than the build under `root` (relative path), '(no build)' without one, else undefined. */
export function staleInput(root) {
  let builtAt;
  try {
    builtAt = statSync(path.join(root, BUILD_OUTPUT)).mtimeMs;
  } catch {
    return '(no build)';
  }
  for (const input of INPUTS) {
    const full = path.join(root, input);
    let info;
    try {
      info = statSync(full);
    } catch {
      continue;
    }
    const files = info.isDirectory()
      ? readdirSync(full, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && !/\.test\.ts$/.test(entry.name))
          .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
      : [full];
    const newer = files.find((file) => statSync(file).mtimeMs > builtAt);
    if (newer !== undefined) return path.relative(root, newer);
  }
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const stale = staleInput(root);
  if (stale !== undefined) {
    process.stderr.write(`building (${stale === '(no build)' ? 'no build yet' : `${stale} changed`})\n`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exitCode = build.status ?? 1;
  }
}
