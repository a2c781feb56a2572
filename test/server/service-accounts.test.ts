/**
 * Service accounts made, listed, given tokens and deleted in DataHub's web app, as DataHub v1.7.0's service account
 * resolvers do it: a corpuser `service_<uuid>` marked SERVICE_ACCOUNT in its subTypes, its name and description in
 * corpUserInfo, and only a holder of MANAGE_SERVICE_ACCOUNTS may see or change them.
 */
import { describe, expect, it } from 'vitest';
import { JANE, ROOT, useSettingsServer } from '../helpers/settings-server.js';

describe('service accounts', () => {
  const { aspect, send, refuse } = useSettingsServer();
  const list = async (query?: string) =>
    send('datahub', 'listServiceAccounts', { input: { start: 0, count: 20, ...(query === undefined ? {} : { query }) } }); // prettier-ignore

  it('creates a service account, lists it, mints a token for it and deletes it', async () => {
    const created = await send('datahub', 'createServiceAccount', { input: { displayName: 'Ingestion bot', description: 'Runs the nightly ingestion' } }); // prettier-ignore
    expect(created).toMatchObject({
      type: 'CORP_USER',
      displayName: 'Ingestion bot',
      description: 'Runs the nightly ingestion',
      createdBy: ROOT,
      createdAt: expect.any(Number),
    });
    expect(created.urn).toMatch(/^urn:li:corpuser:service_[0-9a-f-]{36}$/);
    expect(created.name).toBe(created.urn.slice('urn:li:corpuser:'.length));
    expect(await aspect(created.urn, 'subTypes')).toEqual({ typeNames: ['SERVICE_ACCOUNT'] });
    expect(await aspect(created.urn, 'corpUserInfo')).toEqual({ active: true, displayName: 'Ingestion bot', title: 'Runs the nightly ingestion' }); // prettier-ignore

    const listed = await list();
    expect(listed.total).toBe(1);
    expect(listed.serviceAccounts[0]).toMatchObject({
      urn: created.urn,
      name: created.urn.slice('urn:li:corpuser:service_'.length),
      displayName: 'Ingestion bot',
      description: 'Runs the nightly ingestion',
      roles: { total: 0, relationships: [] },
    });
    expect((await list('Ingestion bot')).total).toBe(1);
    expect((await list('nothing like it')).total).toBe(0);
    expect(await send('datahub', 'getServiceAccount', { urn: created.urn })).toMatchObject({ displayName: 'Ingestion bot' }); // prettier-ignore

    const token = await send('datahub', 'createAccessToken', {
      input: { type: 'SERVICE_ACCOUNT', actorUrn: created.urn, duration: 'ONE_MONTH', name: 'nightly' },
    });
    expect(token.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    expect(await send('datahub', 'deleteServiceAccount', { urn: created.urn })).toBe(true);
    expect((await list()).total).toBe(0);
    expect(await send('datahub', 'getServiceAccount', { urn: created.urn })).toBeNull();
  });

  it('refuses a user that is not a service account, and anyone without MANAGE_SERVICE_ACCOUNTS', async () => {
    expect(await refuse('datahub', 'deleteServiceAccount', { urn: JANE })).toEqual({
      message: `The specified URN is not a service account: ${JANE}`,
      code: 400,
    });
    expect(await refuse('datahub', 'getServiceAccount', { urn: JANE })).toEqual({
      message: `The specified URN is not a service account: ${JANE}`,
      code: 400,
    });
    expect(await refuse('jane', 'createServiceAccount', { input: { displayName: 'Mine' } })).toEqual({
      message: 'Unauthorized to create service accounts. Please contact your DataHub administrator.',
      code: 403,
    });
    expect((await refuse('jane', 'listServiceAccounts', { input: { start: 0, count: 10 } })).code).toBe(403);
    expect((await refuse('jane', 'deleteServiceAccount', { urn: JANE })).code).toBe(403);
  });
});
