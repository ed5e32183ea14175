// Categories: create, rename, refuse duplicates, delete while keeping the feeds.
import { describe, expect, it } from 'vitest';
import type { CategoryWithFeeds } from '../contracts/feeds';
import { addFeed, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

describe('categories', () => {
  it('creates, renames, refuses duplicates and deletes while keeping feeds', async () => {
    const { cookie } = await signUp();
    const created = await call('/api/categories', { cookie, json: { name: 'News' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await call('/api/categories', { cookie, json: { name: 'News' } })).status).toBe(409);
    expect((await call('/api/categories', { cookie, json: { name: '  ' } })).status).toBe(400);
    const renamed = await call(`/api/categories/${id}`, { method: 'PATCH', cookie, json: { name: 'World' } });
    expect(await renamed.json()).toEqual({ id, name: 'World' });
    const url = await scriptFeed(uniqueName(), { body: rss('Kept', [{ guid: '1', title: 'Stays' }]) });
    const feed = (await (await addFeed(cookie, url, { categoryId: id })).json()) as { id: number };
    expect((await call(`/api/categories/${id}`, { method: 'DELETE', cookie })).status).toBe(200);
    expect(await (await call(`/api/feeds/${feed.id}`, { cookie })).json()).toMatchObject({
      categoryId: null,
      category: null,
    });
    const groups = (await (await call('/api/categories/with-feeds', { cookie })).json()) as CategoryWithFeeds[];
    expect(groups).toEqual([
      expect.objectContaining({ id: null, name: 'General', feeds: [expect.objectContaining({ id: feed.id })] }),
    ]);
  });
});
