import { entityPath, html, type Html } from '../html.js';
import { typeName, type Label } from '../label.js';
import { UI_GLOSSARY, UI_HOME, UI_SEARCH } from '../ui-paths.js';

export interface PageOptions {
  readonly title: string;
  /** The search box's current text (the query of a search page). */
  readonly query?: string;
  /** Shows "Sign out" (the visitor has a session cookie). */
  readonly signedIn?: boolean;
  /** No search box and no navigation: the sign-in page, shown before the visitor may read anything. */
  readonly bare?: boolean;
}

/** The page shell: header with the search box, the main content, and the one stylesheet and script. */
export function layout(options: PageOptions, main: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title} · catalog</title>
        <link rel="icon" href="/ui/icon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/ui/style.css" />
        <script src="/ui/app.js" defer></script>
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="${UI_HOME}">catalog</a>
          ${options.bare === true ? '' : navigation(options)}
        </header>
        <main id="main" tabindex="-1">${main}</main>
      </body>
    </html> `;
}

function navigation(options: PageOptions): Html {
  return html`<form class="search-form" role="search" action="${UI_SEARCH}" method="get">
      <label for="q" class="visually-hidden">Search the catalog</label>
      <div class="combobox">
        <input
          type="search"
          id="q"
          name="q"
          value="${options.query ?? ''}"
          placeholder="Search features, models, terms, datasets…"
          autocomplete="off"
          spellcheck="false"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded="false"
          aria-controls="suggestions"
        />
        <ul id="suggestions" class="suggestions" role="listbox" aria-label="Suggestions" hidden></ul>
      </div>
      <button type="submit">Search</button>
    </form>
    <nav class="top-nav" aria-label="Main">
      <a href="${UI_SEARCH}">Browse</a>
      <a href="${UI_GLOSSARY}">Glossary</a>
      ${
        options.signedIn === true
          ? html`<form method="post" action="/sign-out" class="inline-form">
              <button type="submit" class="link-button">Sign out</button>
            </form>`
          : ''
      }
    </nav>`;
}

/** A link to an entity's page, named as people know it, with its type for context. */
export function entityLink(label: Label, withType = false): Html {
  return html`<a href="${entityPath(label.urn)}">${label.name}</a>${
      withType ? html` <span class="badge">${typeName(label.type)}</span>` : ''
    }`;
}

/** A titled section; left out entirely when it has nothing to show. */
export function section(title: string, body: Html | undefined, id?: string): Html {
  if (body === undefined || body.text.trim() === '') return html``;
  const anchor = id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return html`<section aria-labelledby="${anchor}">
    <h2 id="${anchor}">${title}</h2>
    ${body}
  </section>`;
}

/** A list of entity links, or undefined when there are none (so `section` leaves the section out). */
export function linkList(labels: readonly Label[], withType = false): Html | undefined {
  if (labels.length === 0) return undefined;
  return html`<ul class="links">
    ${labels.map((label) => html`<li>${entityLink(label, withType)}</li>`)}
  </ul>`;
}

/** The first sentence-ish part of a description, as plain text. */
export function excerpt(text: string, length = 180): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length <= length ? plain : `${plain.slice(0, length - 1).trimEnd()}…`;
}

export function errorPage(status: number, title: string, message: string, signedIn: boolean): Html {
  return layout(
    { title, signedIn },
    html`<h1>${title}</h1>
      <p class="notice">${message}</p>
      <p><a href="${UI_HOME}">Back to search</a></p>
      <span hidden data-status="${status}"></span>`,
  );
}
