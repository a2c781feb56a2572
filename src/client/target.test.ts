import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/temp-dir.js';
import { describeTarget, resolveTarget } from './target.js';

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
