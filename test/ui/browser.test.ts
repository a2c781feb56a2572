import { describe, expect, it } from 'vitest';
import { chooseBrowser, launchBrowser, type BundledChromium } from '../helpers/browser.js';

/** A registry package that cannot be loaded, as on a machine where `npm ci` skipped devDependencies. */
const missingPackage = (): Promise<BundledChromium> =>
  Promise.reject(new Error("Cannot find package '@sparticuz/chromium'"));

describe('the browser for the UI tests', () => {
  it('comes from the registry package when system browsers are ignored, and renders a page', async () => {
    const choice = await chooseBrowser({ CATALOG_TEST_BROWSER: 'bundled' });
    expect(choice.source).toBe('bundled');
    expect(choice.args).not.toContain('--single-process');
    const browser = await launchBrowser(choice);
    try {
      const page = await browser.newPage();
      await page.setContent('<h1>fresh machine</h1>');
      expect(await page.textContent('h1')).toBe('fresh machine');
      // A second context closed and a third opened: the failure `--single-process` caused.
      await page.context().close();
      const again = await browser.newPage();
      await again.setContent('<p>still up</p>');
      expect(await again.textContent('p')).toBe('still up');
    } finally {
      await browser.close();
    }
  });

  it('fails with how to install one when neither a system browser nor the package works', async () => {
    await expect(chooseBrowser({ CATALOG_TEST_BROWSER: 'bundled' }, missingPackage)).rejects.toThrow(
      /No Chromium found.*Cannot find package '@sparticuz\/chromium'.*npm ci.*apt-get install chromium.*CHROMIUM_PATH/s,
    );
    await expect(
      chooseBrowser({ CHROMIUM_PATH: '/nowhere/chromium', CATALOG_TEST_BROWSER: 'bundled' }, missingPackage),
    ).rejects.toThrow(/CATALOG_TEST_BROWSER=bundled/);
  });

  it('takes CHROMIUM_PATH first unless told to use the bundled one, and refuses an unknown choice', async () => {
    const executable = process.execPath; // any existing file stands in for a browser here
    const system = await chooseBrowser({ CHROMIUM_PATH: executable }, missingPackage);
    expect(system).toMatchObject({ source: 'system', executablePath: executable });
    await expect(chooseBrowser({ CATALOG_TEST_BROWSER: 'firefox' })).rejects.toThrow(/"system" or "bundled"/);
  });
});
