/**
 * Where the catalog's own pages link to. Search and the glossary live under /ui/ so that the pages keep working
 * when `catalog serve --datahub-ui` gives `/`, `/search` and `/glossary` to DataHub's web app; without the flag
 * the old addresses (`/`, `/search`, `/glossary`) answer the same pages.
 */
export const UI_SEARCH = '/ui/search';
export const UI_GLOSSARY = '/ui/glossary';
export const UI_HOME = UI_SEARCH;

/** The catalog UI's addresses that DataHub's web app takes over when it is served at `/`. */
export const PATHS_GIVEN_TO_DATAHUB_UI: ReadonlySet<string> = new Set([
  '/',
  '/search',
  '/glossary',
  '/favicon.ico',
]);
