import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/temp-dir.js';
import { describeTarget, failureHintsOf, resolveTarget, type Target } from './target.js';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

const home = (datahubenv?: string): string => {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  if (datahubenv !== undefined) writeFileSync(path.join(dir, '.datahubenv'), datahubenv);
  return dir;
};

describe('resolveTarget', () => {
  const base = { cwd: '/work/project' };

  it('prefers --server, then DATAHUB_GMS_URL, then Settings, then ~/.datahubenv, then the embedded catalog', async () => {
    const homeDir = home('gms:\n  server: http://from-file:8080\n  token: file-token\n');
    const env = { DATAHUB_GMS_URL: 'http://from-env:8080' };
    expect(
      await resolveTarget({
        ...base,
        env,
        homeDir,
        serverFlag: 'http://from-flag:8080/',
        settingsServer: 'http://from-settings',
      }),
    ).toMatchObject({ gmsUrl: 'http://from-flag:8080', source: 'flag' });
    expect(
      await resolveTarget({ ...base, env, homeDir, settingsServer: 'http://from-settings' }),
    ).toMatchObject({ gmsUrl: 'http://from-env:8080', source: 'environment' });
    expect(
      await resolveTarget({ ...base, env: {}, homeDir, settingsServer: 'http://from-settings' }),
    ).toMatchObject({ gmsUrl: 'http://from-settings', source: 'settings' });
    expect(await resolveTarget({ ...base, env: {}, homeDir })).toEqual({
      kind: 'remote',
      gmsUrl: 'http://from-file:8080',
      graphqlUrl: 'http://from-file:8080/api/graphql',
      source: 'datahubenv',
      token: 'file-token',
    });
    expect(await resolveTarget({ ...base, env: {}, homeDir: home() })).toEqual({
      kind: 'embedded',
      dbPath: path.resolve('/work/project', '.catalog/catalog.db'),
    });
  });

  it('takes the token from DATAHUB_GMS_TOKEN, or from ~/.datahubenv only for the server named there', async () => {
    const homeDir = home('gms:\n  server: http://datahub:8080\n  token: file-token\n');
    expect(
      await resolveTarget({
        ...base,
        env: { DATAHUB_GMS_TOKEN: 'env-token' },
        homeDir,
        serverFlag: 'http://other',
      }),
    ).toMatchObject({ token: 'env-token' });
    expect(await resolveTarget({ ...base, env: {}, homeDir, serverFlag: 'http://other' })).not.toHaveProperty(
      'token',
    );
    expect(
      await resolveTarget({ ...base, env: {}, homeDir, serverFlag: 'http://datahub:8080' }),
    ).toMatchObject({ token: 'file-token' });
  });

  it('uses --graphql-url when given', async () => {
    expect(
      await resolveTarget({
        ...base,
        env: {},
        homeDir: home(),
        serverFlag: 'http://gms:8080',
        graphqlUrlFlag: 'http://frontend:9002/api/v2/graphql',
      }),
    ).toMatchObject({ graphqlUrl: 'http://frontend:9002/api/v2/graphql' });
  });

  it('refuses URLs that are not http(s), or that carry credentials', async () => {
    await expect(resolveTarget({ ...base, env: {}, homeDir: home(), serverFlag: 'ftp://x' })).rejects.toThrow(
      /must be http\(s\)/,
    );
    await expect(
      resolveTarget({ ...base, env: {}, homeDir: home(), serverFlag: 'http://user:secret@x' }),
    ).rejects.toThrow(/must not carry credentials/);
    await expect(resolveTarget({ ...base, env: {}, homeDir: home('gms: [unclosed') })).rejects.toThrow(
      /not valid YAML/,
    );
  });

  it('suggests http:// for a server given without a scheme', async () => {
    for (const serverFlag of ['127.0.0.1:18080', 'localhost:8080', 'datahub-gms']) {
      await expect(resolveTarget({ ...base, env: {}, homeDir: home(), serverFlag })).rejects.toThrow(
        `the server URL from --server has no scheme: ${serverFlag} (did you mean http://${serverFlag}?)`,
      );
    }
    await expect(
      resolveTarget({ ...base, env: { DATAHUB_GMS_URL: 'gms:8080' }, homeDir: home() }),
    ).rejects.toThrow('from DATAHUB_GMS_URL has no scheme: gms:8080 (did you mean http://gms:8080?)');
  });

  it('never shows the token', async () => {
    const target = await resolveTarget({
      ...base,
      env: { DATAHUB_GMS_TOKEN: 'secret-token-value' },
      homeDir: home(),
      serverFlag: 'http://gms:8080',
    });
    expect(describeTarget(target)).toBe('http://gms:8080 (from --server, with a token)');
  });
});

describe('failureHintsOf', () => {
  const remote = (token: string | undefined, source: 'flag' | 'settings' | 'datahubenv' = 'flag') =>
    ({
      kind: 'remote',
      gmsUrl: 'http://gms:8080',
      graphqlUrl: 'http://gms:8080/api/graphql',
      source,
      ...(token === undefined ? {} : { token }),
    }) satisfies Target;

  it('says which token was refused, or which variable to set when none was sent', () => {
    const sent = failureHintsOf(remote('t0ken'), { env: { DATAHUB_GMS_TOKEN: 't0ken' } });
    expect(sent.auth(401)).toMatch(
      /^the token from DATAHUB_GMS_TOKEN was refused .*: set DATAHUB_GMS_TOKEN to a valid/,
    );
    expect(sent.auth(403)).toMatch(
      /^the token from DATAHUB_GMS_TOKEN is valid, but its user may not do this/,
    );
    const fromFile = failureHintsOf(remote('file-token', 'datahubenv'), { env: {} });
    expect(fromFile.auth(401)).toMatch(/^the token from ~\/\.datahubenv was refused .*put a valid one there/);
    const none = failureHintsOf(remote(undefined), { env: {} });
    expect(none.auth(401)).toMatch(
      /^the server needs a token and none is set: set DATAHUB_GMS_TOKEN .* ~\/\.datahubenv$/,
    );
    expect(none.auth(403)).toMatch(/^the server refuses requests without a token: set DATAHUB_GMS_TOKEN/);
    // An environment's token variable stands for DATAHUB_GMS_TOKEN.
    const prod = failureHintsOf(remote('p'), {
      env: { DATAHUB_GMS_TOKEN: 'p' },
      tokenVariable: 'DATAHUB_PROD_TOKEN',
    });
    expect(prod.auth(401)).toContain('the token from DATAHUB_PROD_TOKEN was refused');
    const prodNone = failureHintsOf(remote(undefined, 'settings'), {
      env: {},
      tokenVariable: 'DATAHUB_PROD_TOKEN',
      environmentName: 'prod',
    });
    expect(prodNone.auth(401)).toMatch(
      /set DATAHUB_PROD_TOKEN to a personal access token \(DataHub: Settings > Access Tokens\)$/,
    );
    expect(prodNone.unreachable).toBe(
      'the URL comes from the server of environment prod in the Settings: check it, and that DataHub GMS is running there',
    );
    expect(JSON.stringify([sent.auth(401), sent.auth(403)])).not.toContain('t0ken');
  });
});
