// The reading list on the users row (reading-list.ts) is what the pages and the sidebar take a person's
// feeds, names, categories and watermarks from: after every change a person makes, what they see must
// say what their rows say. Through the API, as the SPA does.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { addFeed, createCategory, hoursAgo, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';
import { moveToPrimary } from '../test/people';

async function sidebar(cookie: string) {
  const groups = (await (await call('/api/categories/with-feeds', { cookie })).json()) as CategoryWithFeeds[];
  return groups.map((group) => ({
    category: group.name,
    feeds: group.feeds.map((feed) => `${feed.name} (${feed.unreadCount})`),
  }));
}

/** Each item of a page as "source: title". */
async function page(cookie: string, query = '') {
  const items = (await (await call(`/api/feed-items?${query}`, { cookie })).json()) as FeedItem[];
  return items.map((item) => `${item.source}: ${item.title}`);
}

async function followNew(cookie: string, title: string, extra: Record<string, unknown> = {}) {
  const url = await scriptFeed(uniqueName(title), {
    body: rss(title, [
      { guid: `${title}-1`, title: `${title} one`, pubDate: hoursAgo(title === 'Alpha' ? 1 : 2) },
      { guid: `${title}-2`, title: `${title} two`, pubDate: hoursAgo(title === 'Alpha' ? 3 : 4) },
    ]),
  });
  const response = await addFeed(cookie, url, { name: title, ...extra });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe('what the pages and the sidebar show follows every change to a reading list', () => {
  it('follow, rename, move, category rename and delete, mark all read, unfollow', async () => {
    const { cookie } = await signUp();
    expect(await sidebar(cookie)).toEqual([]);
    const news = await createCategory(cookie, 'News');
    expect(await sidebar(cookie)).toEqual([{ category: 'News', feeds: [] }]);

    const alpha = await followNew(cookie, 'Alpha', { categoryId: news });
    const beta = await followNew(cookie, 'Beta');
    expect(await sidebar(cookie)).toEqual([
      { category: 'News', feeds: ['Alpha (2)'] },
      { category: 'General', feeds: ['Beta (2)'] },
    ]);
    expect(await page(cookie)).toEqual(['Alpha: Alpha one', 'Beta: Beta one', 'Alpha: Alpha two', 'Beta: Beta two']);
    expect(await page(cookie, `categoryId=${news}`)).toEqual(['Alpha: Alpha one', 'Alpha: Alpha two']);

    // A new name and a new category for Beta, a new name for the category.
    await call(`/api/feeds/${beta}`, { method: 'PATCH', cookie, json: { name: 'Bravo', categoryId: news } });
    await call(`/api/categories/${news}`, { method: 'PATCH', cookie, json: { name: 'Daily' } });
    expect(await sidebar(cookie)).toEqual([{ category: 'Daily', feeds: ['Alpha (2)', 'Bravo (2)'] }]);
    expect(await page(cookie, `categoryId=${news}`)).toEqual([
      'Alpha: Alpha one',
      'Bravo: Beta one',
      'Alpha: Alpha two',
      'Bravo: Beta two',
    ]);

    // All of Alpha read: the watermark the unread page reads moved.
    await call('/api/feed-items/mark-read', { cookie, json: { feedId: alpha } });
    expect(await page(cookie, 'filter=unread')).toEqual(['Bravo: Beta one', 'Bravo: Beta two']);

    // The category goes, its feeds stay, under General.
    expect((await call(`/api/categories/${news}`, { method: 'DELETE', cookie })).ok).toBe(true);
    expect(await sidebar(cookie)).toEqual([{ category: 'General', feeds: ['Alpha (0)', 'Bravo (2)'] }]);
    expect(await page(cookie, `categoryId=${news}`)).toEqual([]);

    expect((await call(`/api/feeds/${beta}`, { method: 'DELETE', cookie })).ok).toBe(true);
    expect(await sidebar(cookie)).toEqual([{ category: 'General', feeds: ['Alpha (0)'] }]);
    expect(await page(cookie)).toEqual(['Alpha: Alpha one', 'Alpha: Alpha two']);
    expect(await page(cookie, 'filter=unread')).toEqual([]);
  });

  it('a person whose users row has no reading list yet (before the upgrade) gets one built from their rows', async () => {
    const { cookie, userId } = await signUp();
    // The copy is kept on the users row of people whose reading state is beside it, in the primary
    // database (people shard 0: everyone from before people shards, worker/db/people.ts).
    await moveToPrimary(userId);
    await createCategory(cookie, 'Later');
    await followNew(cookie, 'Alpha');
    await env.DB.prepare('update users set reading_list = null where id = ?').bind(userId).run();

    expect(await sidebar(cookie)).toEqual([
      { category: 'Later', feeds: [] },
      { category: 'General', feeds: ['Alpha (2)'] },
    ]);
    expect(await page(cookie)).toEqual(['Alpha: Alpha one', 'Alpha: Alpha two']);
    const stored = await env.DB.prepare('select reading_list from users where id = ?')
      .bind(userId)
      .first<string>('reading_list');
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ categories: [[expect.any(Number), 'Later']] });
  });
});
