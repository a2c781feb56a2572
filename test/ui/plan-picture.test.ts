/**
 * Issue 37, item 6: the plan's picture in a pull-request comment fits a phone. The markdown's Mermaid block (with
 * its directive) is drawn by Mermaid itself in Chromium, in a comment column 390 pixels wide, as GitHub draws it:
 * the picture stays inside its box, scaled down, at any width.
 * Screenshot: test-output/screenshots/plan-picture-narrow.png.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeChangeGraph } from '../../src/plan/change-graph.js';
import { renderPictureMarkdown } from '../../src/render/render-impact.js';
import { renderMermaid } from '../../src/render/render-mermaid.js';
import { launchBrowser, openPage, screenshot } from '../helpers/browser.js';
import { LIVE, PR } from '../helpers/change-graph-example.js';

describe("the plan's picture in a pull-request comment", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('stays inside its box on a phone and at any width', async () => {
    const lines = renderPictureMarkdown(renderMermaid(computeChangeGraph(PR, LIVE, { maxNodes: 40 })!));
    // The fenced block as GitHub takes it: everything between ```mermaid and ```.
    const block = lines.slice(lines.indexOf('```mermaid') + 1, lines.lastIndexOf('```')).join('\n');
    for (const width of [390, 768, 1280]) {
      const { page, problems } = await openPage(browser, width);
      await page.setContent(
        '<html><body style="margin:0;padding:16px;font-family:sans-serif"><div id="comment" style="border:1px solid #d0d7de;padding:8px"></div></body></html>',
      );
      await page.addScriptTag({ path: path.resolve('node_modules/mermaid/dist/mermaid.min.js') });
      const fits = await page.evaluate<{ inside: boolean; pageScrolls: boolean }>(
        `(async () => {
          mermaid.initialize({ startOnLoad: false });
          const { svg } = await mermaid.render('picture', ${JSON.stringify(block)});
          const box = document.getElementById('comment');
          box.innerHTML = svg;
          const drawn = box.querySelector('svg').getBoundingClientRect();
          const frame = box.getBoundingClientRect();
          return {
            inside: drawn.left >= frame.left && drawn.right <= frame.right,
            pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
          };
        })()`,
      );
      expect(fits, `${width}px`).toEqual({ inside: true, pageScrolls: false });
      if (width === 390) await screenshot(page, 'plan-picture-narrow');
      expect(problems).toEqual([]);
      await page.context().close();
    }
  }, 60_000);
});
