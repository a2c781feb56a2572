/**
 * The JavaScript file of a worker module beside the module at `moduleUrl`. Node runs only JavaScript in a worker
 * thread: the test runner loads this code from src/ as TypeScript, and there the worker is run from the build in
 * dist/ (`npm test` builds first).
 */
export function workerScript(moduleUrl: string, name: string): URL {
  const script = new URL(`./${name}.js`, moduleUrl);
  if (!moduleUrl.endsWith('.ts')) return script;
  const at = script.href.lastIndexOf('/src/');
  return new URL(`${script.href.slice(0, at)}/dist/${script.href.slice(at + '/src/'.length)}`);
}
