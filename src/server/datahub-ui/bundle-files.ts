/**
 * The files of a DataHub web-app build (datahub-web-react's dist/), served as datahub-frontend's Play server
 * serves them: index.html with its `@basePath` placeholder filled (Application.serveAsset), every other file as
 * it is with its content type (Assets.at), and index.html for any other path, since the app routes on the client.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const HTML = 'text/html; charset=utf-8';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': HTML,
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.wasm': 'application/wasm',
};

export interface BundleFile {
  readonly contentType: string;
  readonly body: Buffer;
}

export class DataHubUiBundleError extends Error {}

export class BundleFiles {
  readonly root: string;
  private readonly index: Buffer;

  /**
   * Reads the build's index.html once and fills its placeholder; a folder without one is no build (the usual
   * cause is a bundle that was never built), which is said at startup rather than as a blank page later.
   */
  constructor(root: string, basePath = '/') {
    this.root = path.resolve(root);
    const indexFile = path.join(this.root, 'index.html');
    if (!existsSync(indexFile)) {
      throw new DataHubUiBundleError(
        `${this.root} has no index.html: it is not a build of DataHub's web app (build one with \`npm run datahub-ui:build\`)`,
      );
    }
    // As Application.serveAsset: the base path always ends with "/" in the <base href>.
    const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
    this.index = Buffer.from(readFileSync(indexFile, 'utf8').replaceAll('@basePath', base), 'utf8');
  }

  /** The app's page, for `/` and every client-side route. */
  indexPage(): BundleFile {
    return { contentType: HTML, body: this.index };
  }

  /**
   * The build's file at a URL path, or undefined when there is none. Paths that leave the build folder
   * (`..`, encoded or not) or name a folder find nothing.
   */
  async file(urlPath: string): Promise<BundleFile | undefined> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.split('/').includes('..')) return undefined;
    const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
    if (relative === '' || relative === 'index.html') return this.indexPage();
    const file = path.resolve(this.root, relative);
    if (!file.startsWith(this.root + path.sep)) return undefined;
    const info = await stat(file).catch(() => undefined);
    if (info === undefined || !info.isFile()) return undefined;
    return {
      contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      body: await readFile(file),
    };
  }
}
