// Saved searches (issue 26) through the app: saved, listed with their unread counts, opened as a list,
// deleted; bad queries refused as search refuses them; the plan's limit held as for feeds.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../schema';
import type { FeedItem } from '../contracts/feeds';
import type { SavedSearch } from '../contracts/rules';
import { copyUsersRow } from '../db/users-row-copy';
import { call, db, signUp } from '../test/helpers';
import { followGrowingFeed, HOUR } from '../test/reader-apps';

const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

async function send(cookie: string, method: string, path: string, json?: unknown) {
  const response = await call(path, { method, cookie, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('saved searches', () => {
  it('saves a search, counts its unread matches and opens it as a list', async () => {
    const { cookie } = await signUp();
    const feed = await followGrowingFeed(cookie, {
      label: 'saved',
      feedName: 'News',
      categoryId: null,
      stories: [
        { title: 'Rust 2.0 released', pubDate: ago(1) },
        { title: 'Gardening in spring', pubDate: ago(2) },
        { title: 'Why Rust wins', pubDate: ago(3) },
      ],
    });
    const created = await send(cookie, 'POST', '/api/saved-searches', { name: 'Rust', query: 'title:rust' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Rust', query: 'title:rust', scope: { type: 'all' } });
    const { id } = created.body as SavedSearch;
    expect((await send(cookie, 'GET', '/api/saved-searches')).body).toMatchObject([{ id, unreadCount: 2 }]);
    const list = (await send(cookie, 'GET', `/api/saved-searches/${id}/items`)).body as FeedItem[];
    expect(list.map((item) => item.title)).toEqual(['Rust 2.0 released', 'Why Rust wins']);
    await call(`/api/feed-items/${list[0]?.id}`, { method: 'PATCH', cookie, json: { isRead: true } });
    await feed.publish('Rust on the moon', ago(0.5));
    expect((await send(cookie, 'GET', '/api/saved-searches')).body).toMatchObject([{ id, unreadCount: 2 }]);
    const unread = (await send(cookie, 'GET', `/api/saved-searches/${id}/items?filter=unread`)).body as FeedItem[];
    expect(unread.map((item) => item.title)).toEqual(['Rust on the moon', 'Why Rust wins']);
    expect((await send(cookie, 'DELETE', `/api/saved-searches/${id}`)).status).toBe(200);
    expect((await send(cookie, 'GET', '/api/saved-searches')).body).toEqual([]);
    expect((await send(cookie, 'GET', `/api/saved-searches/${id}/items`)).status).toBe(404);
  });

  it('refuses a query search would refuse, and holds the plan’s limit: 3 on Free, 50 on Pro', async () => {
    const { cookie, userId } = await signUp();
    const bad = await send(cookie, 'POST', '/api/saved-searches', { name: 'X', query: '-only -exclusions' });
    expect(bad).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Search needs a word to find, not only words to leave out' },
    });
    for (let n = 0; n < 3; n++)
      expect((await send(cookie, 'POST', '/api/saved-searches', { name: `S${n}`, query: 'solar' })).status).toBe(201);
    expect(await send(cookie, 'POST', '/api/saved-searches', { name: 'S4', query: 'solar' })).toEqual({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'You have reached the Free plan limit of 3 saved searches. Upgrade to Pro to have up to 50.',
      },
    });
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
    await copyUsersRow(db, userId);
    expect((await send(cookie, 'POST', '/api/saved-searches', { name: 'S4', query: 'solar' })).status).toBe(201);
  });
});
