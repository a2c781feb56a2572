/** The web UI tests' reading of a page: its markup, and its text as a reader sees it. */
import { expect } from 'vitest';
import type { TestServer } from '../helpers/server.js';

/**
 * The text of some markup: tags replaced by `between`, the entities the pages write decoded (`&amp;` last, so that
 * an escaped entity stays as written), white space collapsed.
 */
export function pageText(markup: string, between = ' '): string {
  return markup
    .replace(/<[^>]*>/g, between)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A page the server answers with 200 (`target`: its path and query): its markup, and its text (pageText). */
export async function readPage(server: TestServer, target: string): Promise<{ body: string; text: string }> {
  const response = await fetch(`${server.url}${target}`);
  expect(response.status).toBe(200);
  const body = await response.text();
  return { body, text: pageText(body) };
}
