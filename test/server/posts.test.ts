/**
 * Posts (home page announcements and pinned links) made, edited, listed and deleted as DataHub v1.7.0's post
 * resolvers and PostService do it: stored as `post` entities with a postInfo aspect, listed the last modified
 * first with the filters the app sends, and made only by a holder of CREATE_ or MANAGE_GLOBAL_ANNOUNCEMENTS.
 */
import { describe, expect, it } from 'vitest';
import { ROOT, useSettingsServer } from '../helpers/settings-server.js';

const HOME_PAGE = [{ and: [{ field: 'type', condition: 'EQUAL', values: ['HOME_PAGE_ANNOUNCEMENT'] }] }];

describe('posts', () => {
  const { aspect, send, refuse } = useSettingsServer();
  const list = async (input: Record<string, unknown>) =>
    (await send('datahub', 'listPosts', { input: { start: 0, count: 30, ...input } })).posts;

  it('creates an announcement and a pinned link, lists them the newest first, edits and deletes them', async () => {
    const announcement = { contentType: 'TEXT', title: 'Maintenance tonight', description: 'From 22:00' };
    expect(await send('datahub', 'createPost', { input: { postType: 'HOME_PAGE_ANNOUNCEMENT', content: announcement } })).toBe(true); // prettier-ignore
    const link = {
      contentType: 'LINK',
      title: 'Handbook',
      link: 'https://www.example.com',
      media: { type: 'IMAGE', location: 'https://www.example.com/logo.png' },
    };
    await send('datahub', 'createPost', { input: { postType: 'HOME_PAGE_ANNOUNCEMENT', content: link } });

    // The last modified first (two made in the same millisecond may come in either order).
    const listed = await list({ orFilters: HOME_PAGE });
    const times = listed.map((post: any) => post.lastModified.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const posts = [...listed].sort((a: any, b: any) => a.content.title.localeCompare(b.content.title));
    expect(posts.map((post: any) => post.content.title)).toEqual(['Handbook', 'Maintenance tonight']);
    expect(posts[0]).toMatchObject({
      type: 'POST',
      postType: 'HOME_PAGE_ANNOUNCEMENT',
      lastModified: { time: expect.any(Number) },
      content: { contentType: 'LINK', description: null, link: 'https://www.example.com', media: { type: 'IMAGE', location: 'https://www.example.com/logo.png' } }, // prettier-ignore
    });
    const urn = posts[1].urn;
    expect(urn).toMatch(/^urn:li:post:[0-9a-f-]{36}$/);
    const stored = await aspect(urn, 'postInfo');
    expect(stored).toEqual({
      type: 'HOME_PAGE_ANNOUNCEMENT',
      content: { type: 'TEXT', title: 'Maintenance tonight', description: 'From 22:00' },
      created: expect.any(Number),
      lastModified: stored.created,
      auditStamp: { time: stored.created, actor: ROOT },
    });

    // The settings page searches by title; the home page leaves out dismissed posts and those seen before.
    expect((await list({ query: 'hand', orFilters: HOME_PAGE })).map((post: any) => post.content.title)).toEqual(['Handbook']); // prettier-ignore
    const unseen = [{ and: [...HOME_PAGE[0]!.and, { field: 'urn', condition: 'EQUAL', values: [urn], negated: true }, { field: 'lastModified', condition: 'GREATER_THAN', values: ['0'] }] }]; // prettier-ignore
    expect((await list({ orFilters: unseen })).map((post: any) => post.urn)).not.toContain(urn);

    const edited = { contentType: 'TEXT', title: 'Maintenance tomorrow' };
    expect(await send('datahub', 'updatePost', { input: { urn, postType: 'HOME_PAGE_ANNOUNCEMENT', content: edited } })).toBe(true); // prettier-ignore
    const after = await aspect(urn, 'postInfo');
    expect(after.content).toEqual({ type: 'TEXT', title: 'Maintenance tomorrow' });
    expect(after.created).toBe(stored.created);
    expect(after.lastModified).toBeGreaterThanOrEqual(stored.lastModified);

    expect(await send('datahub', 'deletePost', { urn })).toBe(true);
    expect((await list({ orFilters: HOME_PAGE })).map((post: any) => post.content.title)).toEqual([
      'Handbook',
    ]);
    expect(await refuse('datahub', 'deletePost', { urn })).toEqual({
      message: 'Failed to create a new post. Root cause: Post does not exist',
      code: 500,
    });
    expect(
      await refuse('datahub', 'updatePost', {
        input: { urn, postType: 'HOME_PAGE_ANNOUNCEMENT', content: edited },
      }),
    ).toEqual({
      // prettier-ignore
      message: `Failed to edit/update post for urn ${urn} as post doesn't exist`,
      code: 400,
    });
  });

  it('lets every user list posts, and only a holder of the announcement privileges write them', async () => {
    expect(await send('jane', 'listPosts', { input: { start: 0, count: 10 } })).toMatchObject({ start: 0 });
    const content = { contentType: 'TEXT', title: 'Mine' };
    expect(
      await refuse('jane', 'createPost', { input: { postType: 'HOME_PAGE_ANNOUNCEMENT', content } }),
    ).toEqual({
      message:
        'Unauthorized to create posts. Please contact your DataHub administrator if this needs corrective action.',
      code: 403,
    });
    const urn = (await list({}))[0].urn;
    expect((await refuse('jane', 'deletePost', { urn })).code).toBe(403);
    expect((await refuse('jane', 'updatePost', { input: { urn, postType: 'HOME_PAGE_ANNOUNCEMENT', content } })).code).toBe(403); // prettier-ignore
  });
});
