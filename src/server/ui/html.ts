/**
 * HTML built by one tagged template that escapes every interpolated value: catalog text (descriptions, names,
 * URNs) is untrusted, and escaping at the single place where text meets markup means no page can forget it.
 * Only `Html` values (the output of `html` itself) pass through unescaped.
 */
import { escapeControl } from '../../model/escape-control.js';

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Interpolation = Html | string | number | boolean | null | undefined | readonly Interpolation[];

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML-escapes, and shows control characters as \u001B (a page shows them; it does not pass them on). */
export function escapeHtml(text: string): string {
  return escapeControl(text).replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** `html\`<p>${text}</p>\``: values are escaped, nested `html` fragments and lists of them are kept. */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Html {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(text);
}

/**
 * A URL from catalog data made safe for an href: only http(s) and mailto links leave the catalog; anything else
 * (javascript:, data:, relative paths that could point at the API) becomes undefined and is shown as text.
 */
export function externalUrl(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  try {
    const url = new URL(value.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The path of an entity's page. */
export function entityPath(urn: string): string {
  return `/e/${encodeURIComponent(urn)}`;
}

/** A query string from parameters, leaving out empty ones. */
export function queryString(
  params: Readonly<Record<string, string | readonly string[] | undefined>>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of typeof value === 'string' ? [value] : (value ?? [])) {
      if (item !== '') search.append(key, item);
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
