// Retention by age (issue 30: D1's 1 TB an account at workload B): an item nobody starred stays 30 days
// after it arrived, a feed always keeps its newest 30 (a quiet blog's last posts, however old) and at most
// its newest 500. What a reader sees: a month-old item of a busy feed is gone from its list and its count,
// a starred one stays, and the read marks of the items that went go with them.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readMarks } from '../../schema';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { ITEM_RETENTION_DAYS, ITEMS_KEPT_AT_LEAST, refreshFeed } from '../feeds/refresh';
import { createUrlFetcher } from '../net/fetcher';
import { follow, hoursAgo, rss, scriptFeed, type TestItem, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { setItemStarred } from './stars';
import { peopleDbOfUser } from './users';

const DAY_MS = 86_400_000;
const numbered = (from: number, count: number): TestItem[] =>
  Array.from({ length: count }, (_, i) => ({
    guid: `g${from + i}`,
    title: `Item ${from + i}`,
    pubDate: hoursAgo(from + i + 1),
  }));

async function feedItems(cookie: string, feedId: number) {
  return (await (await call(`/api/feed-items?feedId=${feedId}&limit=100`, { cookie })).json()) as FeedItem[];
}

async function unreadCount(cookie: string, feedId: number) {
  const groups = (await (await call('/api/categories/with-feeds', { cookie })).json()) as CategoryWithFeeds[];
  return groups.flatMap((group) => group.feeds).find((feed) => feed.id === feedId)?.unreadCount;
}

/** A followed feed listing items 5..44 (newest first), stored now; the person reads and stars two old ones. */
async function followedFeedOf40() {
  const person = await signUp();
  const name = uniqueName('aging');
  const url = await scriptFeed(name, { body: rss('Aging', numbered(5, 40)) });
  const feedId = await follow(call, person.cookie, url);
  const stored = await feedItems(person.cookie, feedId);
  expect(stored).toHaveLength(40);
  const byTitle = new Map(stored.map((item) => [item.title, item]));
  const people = await peopleDbOfUser(db, person.userId);
  await setItemStarred(people, person.userId, byTitle.get('Item 44')?.id ?? 0, true);
  const read = await call(`/api/feed-items/${byTitle.get('Item 43')?.id}`, {
    method: 'PATCH',
    cookie: person.cookie,
    json: { isRead: true },
  });
  expect(read.status).toBe(200);
  return { ...person, name, feedId, people };
}

/** The feed now lists five newer items besides its forty, and is refreshed `days` after they were stored. */
async function refreshWithFiveNew(name: string, feedId: number, days: number) {
  await scriptFeed(name, { body: rss('Aging', [...numbered(0, 5), ...numbered(5, 40)]) });
  const outcome = await refreshFeed(
    { db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) },
    feedId,
    Date.now() + days * DAY_MS,
  );
  expect(outcome.kind).toBe('updated');
}

describe('retention by age', () => {
  it(`drops what nobody starred ${ITEM_RETENTION_DAYS} days after it arrived, keeping the newest ${ITEMS_KEPT_AT_LEAST}`, async () => {
    const { cookie, userId, name, feedId, people } = await followedFeedOf40();
    expect(await unreadCount(cookie, feedId)).toBe(39);

    await refreshWithFiveNew(name, feedId, ITEM_RETENTION_DAYS + 1);

    const titles = (await feedItems(cookie, feedId)).map((item) => item.title);
    // The newest 30 (0..29) stay, however old; 30..43 went; the starred 44 stays for whoever starred it.
    expect(titles).toEqual([...Array.from({ length: 30 }, (_, i) => `Item ${i}`), 'Item 44']);
    expect(await unreadCount(cookie, feedId)).toBe(30);
    // The read mark of Item 43 went with its item.
    expect(await people.select().from(readMarks).where(eq(readMarks.userId, userId))).toEqual([]);
  });

  it(`keeps every item younger than ${ITEM_RETENTION_DAYS} days`, async () => {
    const { cookie, name, feedId } = await followedFeedOf40();

    await refreshWithFiveNew(name, feedId, ITEM_RETENTION_DAYS - 1);

    expect(await feedItems(cookie, feedId)).toHaveLength(45);
    expect(await unreadCount(cookie, feedId)).toBe(44);
  });
});
