import { afterEach, beforeEach } from 'vitest';
import { writeManifests } from './catalog-dir.js';
import { runCatalog } from './run-cli.js';
import { startTestServer, tempDir, type TestServer } from './server.js';

/** A fresh embedded catalog and a directory holding `files`, for each test of the describe it is called in. */
export interface CatalogOnServer {
  readonly server: TestServer;
  readonly dir: string;
  /** `catalog <args> --server <the catalog>`, run in the directory. */
  readonly run: (...args: string[]) => ReturnType<typeof runCatalog>;
}

export function catalogOnServer(files: Record<string, string>): CatalogOnServer {
  let server: TestServer | undefined;
  let dir: string | undefined;
  let cleanup = (): void => undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: use catalogOnServer's fixture inside a test`);
    return value;
  };
  beforeEach(async () => {
    ({ dir, cleanup } = tempDir());
    server = await startTestServer();
    writeManifests(dir, files);
  });
  afterEach(async () => {
    await server?.close();
    cleanup();
  });
  return {
    get server() {
      return started(server, 'server');
    },
    get dir() {
      return started(dir, 'directory');
    },
    run: (...args) =>
      runCatalog([...args, '--server', started(server, 'server').url], { cwd: started(dir, 'directory') }),
  };
}
