import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { confirmedEnvironment, contextOf, environmentNameOf } from '../../src/cli/target-flags.js';
import { tokenVariablesOf } from '../../src/cli/token-variables.js';
import { checkProtection, openTarget } from '../../src/engine/open-target.js';
import { redactSecrets } from '../../src/render/redact-secrets.js';
import type { Environment } from '../../src/manifest/select-environment.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

function ioWith(env: Record<string, string>): CliIo & { readonly errors: string[] } {
  const errors: string[] = [];
  return {
    errors,
    stdout: { write: () => undefined, isTTY: false },
    stderr: { write: (text) => void errors.push(text), isTTY: false },
    env,
    cwd: process.cwd(),
    waitForInterrupt: () => Promise.resolve(),
  };
}

describe('connecting to an environment', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it("uses the environment's server over DATAHUB_GMS_URL and its token variable over DATAHUB_GMS_TOKEN, and redacts it", async () => {
    const io = ioWith({
      DATAHUB_GMS_URL: 'http://elsewhere.invalid:9',
      DATAHUB_GMS_TOKEN: 'the-other-token',
      STAGE_TOKEN: 'stage-secret-token',
    });
    const environment: Environment = {
      name: 'stage',
      server: server.url,
      tokenEnv: 'STAGE_TOKEN',
      variables: {},
      protect: false,
    };
    const connection = await openTarget({ ...contextOf(io), environment });
    try {
      expect(connection.target).toMatchObject({
        kind: 'remote',
        gmsUrl: server.url,
        token: 'stage-secret-token',
      });
      expect(connection.description).toBe(`${server.url} (environment stage, with a token)`);
      expect(connection.description).not.toContain('stage-secret-token');
    } finally {
      await connection.close();
    }
    expect(tokenVariablesOf(io)).toEqual(['STAGE_TOKEN']);
    expect(redactSecrets('sent stage-secret-token and the-other-token', io.env, tokenVariablesOf(io))).toBe(
      'sent *** and ***',
    );
    // --server still wins over the environment's server.
    const flagged = await openTarget({ ...contextOf(io), server: 'http://127.0.0.1:9', environment });
    expect(flagged.target).toMatchObject({ gmsUrl: 'http://127.0.0.1:9' });
    await flagged.close();
  });

  it('takes --environment over CATALOG_ENVIRONMENT', () => {
    expect(environmentNameOf({ environment: 'dev' }, { CATALOG_ENVIRONMENT: 'prod' })).toBe('dev');
    expect(environmentNameOf({}, { CATALOG_ENVIRONMENT: ' prod ' })).toBe('prod');
    expect(environmentNameOf({}, { CATALOG_ENVIRONMENT: '' })).toBeUndefined();
  });

  it('protects an environment: --environment <name> and --yes, nothing less', () => {
    const prod = { name: 'prod', protect: true };
    const check = (
      environment: { name: string; protect: boolean } | undefined,
      flags: { environment?: string; yes?: boolean },
    ) => checkProtection(environment, confirmedEnvironment(flags));
    expect(() => check(prod, { environment: 'prod', yes: true })).not.toThrow();
    expect(() => check(prod, { environment: 'prod' })).toThrow(/needs --environment prod and --yes/);
    expect(() => check(prod, { yes: true })).toThrow(/is protected/);
    expect(() => check({ name: 'dev', protect: false }, {})).not.toThrow();
    expect(() => check(undefined, {})).not.toThrow();
  });
});
