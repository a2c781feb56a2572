import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Where browser tests leave their screenshots (a person looks at them; the README shows two). */
export const SCREENSHOT_DIR = path.resolve('test-output/screenshots');

/**
 * Where a screenshot the docs show is saved: docs/screenshots/ with UPDATE_SCREENSHOTS=1 (to refresh the docs),
 * else test-output/screenshots/, so that a test run never changes a tracked file.
 */
export function docsScreenshotPath(name: string): string {
  return process.env['UPDATE_SCREENSHOTS'] === '1'
    ? path.resolve('docs/screenshots', name)
    : path.join(SCREENSHOT_DIR, name);
}

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** Flags every Chromium needs here: containers run as root without a sandbox, and there is no GPU. */
const BASE_ARGS = ['--no-sandbox', '--disable-gpu'];

/**
 * Where the browser came from. `CATALOG_TEST_BROWSER=bundled` ignores system browsers (and CHROMIUM_PATH), so
 * the fresh-machine path, a browser from the package registry, can be tested where Chromium is installed.
 */
export type BrowserSource = 'system' | 'bundled';

export interface BrowserChoice {
  readonly source: BrowserSource;
  readonly executablePath: string;
  readonly args: readonly string[];
}

const INSTALL_HINT =
  'Install one: `npm ci` installs the devDependency @sparticuz/chromium (a Chromium build inside an npm ' +
  'package); or `apt-get install chromium` (Debian, as root); or set CHROMIUM_PATH to a Chromium or Chrome ' +
  'executable.';

/** A system Chromium or Chrome: CHROMIUM_PATH first, then the usual install paths. */
export function findSystemBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return [env['CHROMIUM_PATH'], ...SYSTEM_BROWSERS].find(
    (candidate) => candidate !== undefined && candidate !== '' && existsSync(candidate),
  );
}

/** The shape of @sparticuz/chromium's default export that we use (typed here so a missing package is data). */
export interface BundledChromium {
  readonly args: readonly string[];
  executablePath(): Promise<string>;
}

/** Loads @sparticuz/chromium; tests pass their own to see the failure when it cannot be loaded. */
export type LoadBundledChromium = () => Promise<BundledChromium>;

const loadSparticuzChromium: LoadBundledChromium = async () => {
  // A variable specifier: the package is a devDependency that may be absent, and a missing one is a reason
  // to report with the install hint, not a type error.
  const specifier = '@sparticuz/chromium';
  const loaded = (await import(specifier)) as { default: BundledChromium };
  return loaded.default;
};

/**
 * The Chromium inside @sparticuz/chromium, unpacked on first use (into the OS temp dir), with the package's
 * own args: they are what make that build start headless on a bare machine (no zygote, swiftshader, fonts).
 */
async function findBundledBrowser(load: LoadBundledChromium): Promise<BrowserChoice | Error> {
  try {
    const bundled = await load();
    const executablePath = await bundled.executablePath();
    // Its args are made for AWS Lambda; `--single-process` there takes the whole browser down when a test
    // closes a browser context (seen here: "Target page, context or browser has been closed"), so it goes.
    const args = bundled.args.filter((arg) => arg !== '--single-process');
    return { source: 'bundled', executablePath, args };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Which browser the tests drive: a system one unless `CATALOG_TEST_BROWSER=bundled`, else the registry
 * package's. Neither fails with how to install one: browser tests never skip.
 */
export async function chooseBrowser(
  env: NodeJS.ProcessEnv = process.env,
  loadBundled: LoadBundledChromium = loadSparticuzChromium,
): Promise<BrowserChoice> {
  const wanted = env['CATALOG_TEST_BROWSER'];
  if (wanted !== undefined && wanted !== '' && wanted !== 'system' && wanted !== 'bundled') {
    throw new Error(`CATALOG_TEST_BROWSER must be "system" or "bundled", not ${JSON.stringify(wanted)}.`);
  }
  if (wanted !== 'bundled') {
    const system = findSystemBrowser(env);
    if (system !== undefined) return { source: 'system', executablePath: system, args: BASE_ARGS };
  }
  const bundled = await findBundledBrowser(loadBundled);
  if (!(bundled instanceof Error)) return bundled;
  const why = wanted === 'bundled' ? 'CATALOG_TEST_BROWSER=bundled' : 'no system Chromium or Chrome';
  throw new Error(
    `No Chromium found for the browser tests (${why}, and @sparticuz/chromium failed: ${bundled.message}). ` +
      INSTALL_HINT,
  );
}

/** The system browser's path, or the failure with the install hint (for callers that need a path). */
export function chromiumPath(): string {
  const found = findSystemBrowser();
  if (found === undefined) throw new Error(`No system Chromium found for the browser tests. ${INSTALL_HINT}`);
  return found;
}

export async function launchBrowser(choice?: BrowserChoice): Promise<Browser> {
  choice ??= await chooseBrowser();
  return chromium.launch({ executablePath: choice.executablePath, args: [...choice.args] });
}

/** A page that records console errors and warnings and uncaught exceptions, to assert there were none. */
export async function openPage(
  browser: Browser,
  width = 1440,
  options: { storageState?: string } = {},
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  // Fail a step within seconds (with the step named) rather than at the test's timeout.
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, problems };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Whether the page scrolls sideways (the layout must fit the window). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  // A string, evaluated in the page: the project's TypeScript has no DOM types.
  return page.evaluate<boolean>(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth + 1',
  );
}
