import { fetch } from 'undici';

/**
 * GitHub's REST API, as much of it as the action needs: one call = method, path, JSON body. The token goes into
 * the Authorization header and nowhere else; every error this module raises has it (and any form of it git or
 * HTTP would use) replaced by `***`, whatever the server echoed back.
 */

export type GithubMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface GithubRest {
  request(method: GithubMethod, path: string, body?: unknown): Promise<unknown>;
}

export interface GithubRestOptions {
  /** e.g. https://api.github.com ($GITHUB_API_URL). */
  readonly apiUrl: string;
  readonly token: string;
}

export function createGithubRest({ apiUrl, token }: GithubRestOptions): GithubRest {
  const base = apiUrl.replace(/\/+$/, '');
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'datahub-gitops-action',
  };
  return {
    async request(method, path, body) {
      const url = `${base}${path}`;
      let response;
      try {
        response = await fetch(url, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      } catch (error) {
        throw new Error(redactSecret(`GitHub ${method} ${path}: ${describe(error)}`, token));
      }
      const text = await response.text();
      if (!response.ok) {
        throw new Error(
          redactSecret(`GitHub ${method} ${pathOnly(path)}: ${response.status} ${text.slice(0, 500)}`, token),
        );
      }
      return text === '' ? undefined : (JSON.parse(text) as unknown);
    },
  };
}

/** The path without its query (a query may hold names a log need not repeat). */
function pathOnly(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

/**
 * `text` with the secret replaced by `***`: as given, and as the basic-auth header git sends carries it
 * (base64 of `x-access-token:<token>`), so neither a git error nor an echoing server can show it.
 */
export function redactSecret(text: string, secret: string): string {
  if (secret === '') return text;
  const forms = [secret, Buffer.from(`x-access-token:${secret}`).toString('base64')];
  return forms.reduce((result, form) => result.split(form).join('***'), text);
}
