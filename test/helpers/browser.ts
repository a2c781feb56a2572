import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Where browser tests leave their screenshots (a person looks at them; the README shows two). */
export const SCREENSHOT_DIR = path.resolve('test-output/screenshots');

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * Debian's Chromium, driven by playwright-core (which downloads no browser). A missing browser fails the test
 * run with the way to install one: these tests do not skip.
 */
export function chromiumPath(): string {
  const configured = process.env['CHROMIUM_PATH'];
  const found = [configured, ...CANDIDATES].find(
    (candidate) => candidate !== undefined && existsSync(candidate),
  );
  if (found === undefined) {
    throw new Error(
      'No Chromium found for the browser tests. Install it: `apt-get install chromium` (Debian, as root), ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
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
