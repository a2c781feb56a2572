#!/usr/bin/env node
// @ts-check
/**
 * Runs DataHub's own end-to-end suite (Playwright, `e2e-test/ui/playwright` at the reference release) against
 * `catalog serve --datahub-ui`, unmodified:
 *
 *   npm run test:datahub-e2e -- [--tag v1.7.0] [--ui <dir>] [--mirror <git-dir>] [spec folders or files …]
 *
 * Specs are named as the suite names them, relative to its `tests/` (`glossary`, `search/search-filters.spec.ts`);
 * with none, every folder of `tests/` runs. Each family (a folder of `tests/`) runs against a catalog of its own,
 * started fresh on a loopback port, with one worker, in the system Chromium (or the one @sparticuz/chromium
 * ships; nothing downloads a browser). The suite's files are taken from the mirror at the tag into
 * `.catalog/datahub-e2e/<tag>/` (written afresh every run, so they are always the release's own), with
 * `@playwright/test` and winston installed beside them (`.catalog/datahub-e2e/deps/`). The harness adds one file
 * there, `catalog-harness.config.ts`: the suite's own no-webserver configuration with the browser, one worker and a
 * JSON report. Nothing of DataHub's is committed.
 *
 * The catalog runs with a users file (`catalog serve --users`, DataHub's user.props) holding the suite's admin
 * (`datahub` / `datahub`, or DATAHUB_ADMIN_USERNAME / _PASSWORD), as DataHub's quickstart does: a visitor signs in
 * on the login page, and the suite seeds through GMS's API with a personal access token it mints after signing in.
 *
 * It prints a table per spec file (passed, failed, skipped, the first error) and ends with `P/T tests pass`, where
 * T counts every test but those DataHub itself skips in the spec (`test.skip`, `describe.skip`). Exit 0 when every
 * counted test passed.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATAHUB_MIRROR } from './datahub-mirror.mjs';
import { findChromium } from './datahub-e2e/chromium.mjs';
import { countResults, readReport, renderTable } from './datahub-e2e/report.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITE_PATH = 'e2e-test/ui/playwright';

const args = process.argv.slice(2);
/** @param {string} name */
function option(name) {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a value`);
  args.splice(at, 2);
  return value;
}
/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`datahub-e2e: ${message}`);
  process.exit(2);
}

const tag = option('--tag') ?? readReferenceTag();
const mirror = option('--mirror') ?? process.env['DATAHUB_MIRROR'] ?? DEFAULT_DATAHUB_MIRROR;
const uiDir = path.resolve(option('--ui') ?? path.join(projectRoot, '.catalog/datahub-ui', tag));
const specs = args;
const e2eRoot = path.join(projectRoot, '.catalog/datahub-e2e');
const suiteDir = path.join(e2eRoot, tag);
const depsDir = path.join(e2eRoot, 'deps');

if (!existsSync(path.join(uiDir, 'index.html')))
  fail(`no DataHub web app build in ${uiDir}: run \`npm run datahub-ui:build\` first`);
if (!existsSync(mirror)) fail(`no DataHub git mirror at ${mirror} (--mirror, or $DATAHUB_MIRROR)`);
if (!existsSync(path.join(projectRoot, 'dist/cli/main.js')))
  fail('no build in dist/: run `npm run build` first');

const commit = extractSuite();
installDependencies();
const chromium = await findChromium(projectRoot);
writeHarnessConfig();
console.error(
  `DataHub's Playwright suite at ${tag} (${commit}), ${chromium.source} Chromium ${chromium.executablePath}`,
);

const families = groupByFamily(specs.length > 0 ? specs : listFamilies());
/** @type {import('./datahub-e2e/report.mjs').FileResult[]} */
const results = [];
for (const [family, paths] of families) {
  console.error(`\n== ${family} (${paths.join(', ')})`);
  results.push(...(await runFamily(family, paths)));
}
process.stdout.write(renderTable(results));
const { passed, counted } = countResults(results);
process.stdout.write(`${passed}/${counted} tests pass\n`);
process.exitCode = passed === counted && counted > 0 ? 0 : 1;

/** The tag the project implements (src/datahub/release.ts). */
function readReferenceTag() {
  const text = readFileSync(path.join(projectRoot, 'src/datahub/release.ts'), 'utf8');
  const match = /tag: '([^']+)'/.exec(text);
  if (match?.[1] === undefined) fail('src/datahub/release.ts names no tag');
  return match[1];
}

/** The suite's files at the tag, written afresh (only node_modules, the installed dependencies, is kept). */
function extractSuite() {
  rmSync(suiteDir, { recursive: true, force: true });
  mkdirSync(suiteDir, { recursive: true });
  const archive = execFileSync('git', ['--git-dir', mirror, 'archive', '--format=tar', tag, SUITE_PATH], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const strip = String(SUITE_PATH.split('/').length);
  execFileSync('tar', ['-x', '-C', suiteDir, `--strip-components=${strip}`], { input: archive });
  return execFileSync('git', ['--git-dir', mirror, 'rev-list', '-n', '1', tag], { encoding: 'utf8' }).trim();
}

/**
 * @playwright/test (the version of the project's playwright-core, so both drive the same Chromium) and winston,
 * the suite's one runtime dependency; installed once, with no browser download.
 */
function installDependencies() {
  const core = JSON.parse(
    readFileSync(path.join(projectRoot, 'node_modules/playwright-core/package.json'), 'utf8'),
  );
  const suite = JSON.parse(readFileSync(path.join(suiteDir, 'package.json'), 'utf8'));
  const wanted = {
    '@playwright/test': String(core.version),
    winston: String(suite.dependencies?.winston ?? '^3'),
    '@types/node': String(suite.devDependencies?.['@types/node'] ?? '^20'),
  };
  const manifestFile = path.join(depsDir, 'package.json');
  const manifest = `${JSON.stringify({ name: 'datahub-e2e-deps', private: true, dependencies: wanted }, null, 2)}\n`;
  const installed = existsSync(manifestFile) && readFileSync(manifestFile, 'utf8') === manifest;
  if (!installed || !existsSync(path.join(depsDir, 'node_modules/@playwright/test'))) {
    mkdirSync(depsDir, { recursive: true });
    writeFileSync(manifestFile, manifest);
    console.error(
      `installing ${Object.entries(wanted)
        .map(([name, version]) => `${name}@${version}`)
        .join(', ')}`,
    );
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], {
      cwd: depsDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
  }
  symlinkSync(path.join(depsDir, 'node_modules'), path.join(suiteDir, 'node_modules'), 'dir');
}

/** The suite's own no-webserver configuration, with the browser found here, one worker and a JSON report. */
function writeHarnessConfig() {
  const config = `// Written by catalog's scripts/datahub-e2e.mjs; the suite's own files are unchanged.
import { defineConfig } from '@playwright/test';
import suite from './playwright.no-webserver.config';

const launchOptions = {
  executablePath: process.env.CATALOG_E2E_CHROMIUM,
  args: JSON.parse(process.env.CATALOG_E2E_CHROMIUM_ARGS ?? '[]') as string[],
};

export default defineConfig({
  ...suite,
  workers: 1,
  retries: 0,
  fullyParallel: false,
  reporter: [['line'], ['json', { outputFile: process.env.CATALOG_E2E_REPORT }]],
  use: { ...suite.use, launchOptions },
  projects: (suite.projects ?? []).map((project) => ({
    ...project,
    use: { ...project.use, launchOptions },
  })),
});
`;
  writeFileSync(path.join(suiteDir, 'catalog-harness.config.ts'), config);
}

/** Every folder of the suite's tests/. */
function listFamilies() {
  return readdirSync(path.join(suiteDir, 'tests'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** @param {readonly string[]} named @returns {Map<string, string[]>} family → its paths under tests/ */
function groupByFamily(named) {
  /** @type {Map<string, string[]>} */
  const families = new Map();
  for (const name of named) {
    const relative = name.replace(/^(\.\/)?(e2e-test\/ui\/playwright\/)?(tests\/)?/, '').replace(/\/$/, '');
    if (!existsSync(path.join(suiteDir, 'tests', relative))) fail(`no ${relative} in the suite's tests/`);
    const family = relative.split('/')[0] ?? relative;
    // Playwright takes each path as a pattern of file paths: `tests/mutations` alone would run mutations-v2 too.
    const isFolder = statSync(path.join(suiteDir, 'tests', relative)).isDirectory();
    families.set(family, [...(families.get(family) ?? []), `tests/${relative}${isFolder ? '/' : ''}`]);
  }
  return families;
}

/**
 * One family against a fresh catalog: serve, run, read the report, stop.
 * @param {string} family @param {readonly string[]} paths
 */
async function runFamily(family, paths) {
  const work = mkdtempSync(path.join(tmpdir(), `datahub-e2e-${family}-`));
  const usersFile = path.join(work, 'user.props');
  const admin = process.env['DATAHUB_ADMIN_USERNAME'] ?? 'datahub';
  writeFileSync(usersFile, `${admin}:${process.env['DATAHUB_ADMIN_PASSWORD'] ?? 'datahub'}\n`, {
    mode: 0o600,
  });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [
      path.join(projectRoot, 'dist/cli/main.js'),
      'serve',
      '--db',
      path.join(work, 'catalog.db'),
      '--port',
      String(port),
      '--datahub-ui',
      uiDir,
      '--users',
      usersFile,
    ],
    { cwd: work, env: withoutToken(process.env), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let serverLog = '';
  server.stderr.on('data', (chunk) => (serverLog += String(chunk)));
  try {
    await waitForServer(url, server);
    // Leftovers of an earlier family (signed-in sessions, seeded-state flags) belong to another catalog.
    for (const leftover of ['.auth', '.seeded', 'test-results'])
      rmSync(path.join(suiteDir, leftover), { recursive: true, force: true });
    const report = path.join(work, 'report.json');
    const code = await runPlaywright(paths, {
      BASE_URL: url,
      GMS_URL: url,
      CATALOG_E2E_REPORT: report,
      CATALOG_E2E_CHROMIUM: chromium.executablePath,
      CATALOG_E2E_CHROMIUM_ARGS: JSON.stringify(chromium.args),
    });
    if (!existsSync(report)) {
      return [
        {
          file: paths.join(' '),
          passed: 0,
          failed: 1,
          skipped: 0,
          specSkipped: 0,
          firstError: `playwright exited ${code} without a report${serverLog === '' ? '' : `; the catalog said: ${serverLog.slice(-300)}`}`,
        },
      ];
    }
    // The family's traces, screenshots and error contexts, kept for a person to look at.
    const kept = path.join(e2eRoot, 'results', tag, family);
    rmSync(kept, { recursive: true, force: true });
    if (existsSync(path.join(suiteDir, 'test-results'))) {
      mkdirSync(path.dirname(kept), { recursive: true });
      renameSync(path.join(suiteDir, 'test-results'), kept);
    }
    return readReport(JSON.parse(readFileSync(report, 'utf8')));
  } finally {
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

/** @param {NodeJS.ProcessEnv} env */
function withoutToken(env) {
  const { CATALOG_SERVER_TOKEN: _token, DATAHUB_GMS_TOKEN: _gms, ...rest } = env;
  return rest;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until the catalog answers /config (it starts in well under a second), or it exits. */
async function waitForServer(
  /** @type {string} */ url,
  /** @type {import('node:child_process').ChildProcess} */ server,
) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`catalog serve exited with ${server.exitCode}`);
    const answered = await fetch(`${url}/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`catalog serve did not answer at ${url}`);
}

/** @param {readonly string[]} paths @param {Record<string, string>} env @returns {Promise<number | null>} */
function runPlaywright(paths, env) {
  const cli = path.join(depsDir, 'node_modules/@playwright/test/cli.js');
  const child = spawn(process.execPath, [cli, 'test', '--config', 'catalog-harness.config.ts', ...paths], {
    cwd: suiteDir,
    env: { ...withoutToken(process.env), CI: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve) => child.on('exit', resolve));
}
