import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The JavaScript file of a worker module beside the module at `moduleUrl`. Node runs only JavaScript in a worker
 * thread: the test runner loads this code from src/ as TypeScript, and there the worker is run from the build in
 * dist/ (`npm test` builds first). A build older than a source file is refused, not run: a worker from before
 * the change would test the old code.
 */
export function workerScript(moduleUrl: string, name: string): URL {
  const script = new URL(`./${name}.js`, moduleUrl);
  if (!moduleUrl.endsWith('.ts')) return script;
  const at = script.href.lastIndexOf('/src/');
  const built = new URL(`${script.href.slice(0, at)}/dist/${script.href.slice(at + '/src/'.length)}`);
  ensureBuiltAfterSources(fileURLToPath(new URL(`${script.href.slice(0, at)}/src/`)), fileURLToPath(built));
  return built;
}

/** Checked once per process: the sources do not change under a test run. */
const checked = new Set<string>();

function ensureBuiltAfterSources(sources: string, built: string): void {
  if (checked.has(built)) return;
  let builtAt: number;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    throw new Error(`${built} is missing: run \`npm run build\` (\`npm test\` builds first)`);
  }
  const newer = readdirSync(sources, { recursive: true, encoding: 'utf8' }).find(
    (file) =>
      file.endsWith('.ts') && !file.endsWith('.test.ts') && statSync(`${sources}/${file}`).mtimeMs > builtAt,
  );
  if (newer !== undefined)
    throw new Error(`${built} is older than src/${newer}: run \`npm run build\` (\`npm test\` builds first)`);
  checked.add(built);
}
