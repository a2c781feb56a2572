// @ts-check
/**
 * The Chromium DataHub's suite runs in, found as the project's browser tests find theirs (test/helpers/browser.ts):
 * CHROMIUM_PATH or a system Chromium or Chrome, else the build inside the @sparticuz/chromium devDependency. Nothing
 * downloads a browser.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
/** Containers run as root without a sandbox and have no GPU; the rest keeps Chromium off the network. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * @param {string} projectRoot
 * @returns {Promise<{ source: 'system' | 'bundled', executablePath: string, args: string[] }>}
 */
export async function findChromium(projectRoot) {
  const system = [process.env['CHROMIUM_PATH'], ...SYSTEM_BROWSERS].find(
    (candidate) => candidate !== undefined && candidate !== '' && existsSync(candidate),
  );
  if (system !== undefined) return { source: 'system', executablePath: system, args: ARGS };
  try {
    const require = createRequire(`${projectRoot}/package.json`);
    const loaded = await import(require.resolve('@sparticuz/chromium'));
    /** @type {{ args: string[], executablePath(): Promise<string> }} */
    const bundled = loaded.default;
    // --single-process takes the whole browser down when a test closes a context (test/helpers/browser.ts).
    const args = [...bundled.args.filter((arg) => arg !== '--single-process'), ...ARGS];
    return { source: 'bundled', executablePath: await bundled.executablePath(), args };
  } catch (error) {
    throw new Error(
      `no Chromium: install one (apt-get install chromium), set CHROMIUM_PATH, or run npm ci for @sparticuz/chromium (${String(error)})`,
    );
  }
}
