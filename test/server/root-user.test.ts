/**
 * The root user GMS bootstraps (root-user.yaml): written when the catalog starts without it, so the owner pickers
 * find it in search, and never overwritten once there.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { proposal, startTestServer, tempDir } from '../helpers/server.js';

const ROOT = 'urn:li:corpuser:datahub';
const FIND = `{ autoCompleteForMultiple(input: {query: "datahub", types: [CORP_USER], limit: 5}) { suggestions { entities { urn } } } }`;

describe('the root user', () => {
  it('is written at start, found by search, and an edit of it survives a restart', async () => {
    const folder = tempDir();
    const dbPath = path.join(folder.dir, 'catalog.db');
    try {
      const first = await startTestServer({ dbPath });
      expect(await first.aspect(ROOT, 'corpUserInfo')).toEqual({ active: true, displayName: 'DataHub', title: 'DataHub', system: true }); // prettier-ignore
      const found = await first.graphql(FIND);
      expect(found.data.autoCompleteForMultiple.suggestions[0].entities.map((e: { urn: string }) => e.urn)).toContain(ROOT); // prettier-ignore
      await first.post('/aspects?action=ingestProposal', {
        proposal: proposal(ROOT, 'corpUserInfo', { active: true, displayName: 'Root', system: true }),
      });
      await first.close();
      const second = await startTestServer({ dbPath });
      expect((await second.aspect(ROOT, 'corpUserInfo')).displayName).toBe('Root');
      await second.close();
    } finally {
      folder.cleanup();
    }
  });
});
