// The queue consumer's D1 calls at the scale that broke them (issue 30): ten messages of ten feeds, each
// feed bringing new items and trimming, used to make about 11 calls a feed with a batch of read marks
// pruned in every people database for every feed, 1,100 in all where D1 allows 1,000 an invocation. Now
// every job of a batch shares one budget (INVOCATION_CALL_BUDGET), the trims' marks are pruned once per
// people database for the whole batch, and what finds no room goes back to the queue: each invocation
// keeps to its budget, and every feed is refreshed once, none dropped.
import { env } from 'cloudflare:workers';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { feeds, readMarks, rules, stars, subscriptions } from '../../schema';
import type { Db, PeopleDb } from '../db/client';
import { nextFeedIdSql } from '../db/shards';
import { ITEMS_KEPT_AT_LEAST, MAX_ITEMS_PER_FEED } from '../feeds/refresh';
import { deliverCounted } from '../test/ai';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { db } from '../test/helpers';
import { personIn } from '../test/people';
import { INVOCATION_CALL_BUDGET } from './call-budget';
import { refreshCalls } from './handlers';
import type { JobMessage } from './messages';

const sum = (calls: Record<string, number>) => Object.values(calls).reduce((total, n) => total + n, 0);

/**
 * `count` feeds, each holding MAX_ITEMS_PER_FEED already (by its sequence), whose site now lists two new
 * items; their ids in order. Each row is the one upsertFeed writes for a new feed (its shard's next id,
 * in the shard its URL hashes to) with its sequence set, sent as one D1 batch a feed shard: a feed at a
 * time was some 500 of this file's 2,100 calls, none of them what it tests.
 */
async function fullFeedsWithNews(count: number, label: string) {
  const made: { name: string; url: string }[] = [];
  for (let k = 0; k < count; k++) {
    const name = uniqueName(`${label}-${k}`);
    const url = await scriptFeed(name, {
      body: rss(name, [
        { guid: `${name}-a`, title: `${name} first` },
        { guid: `${name}-b`, title: `${name} second` },
      ]),
    });
    made.push({ name, url });
  }
  const byShard = new Map<number, { home: Db; feeds: typeof made }>();
  for (const feed of made) {
    const { shard, db: home } = db.shards.forNewFeed(feed.url);
    const group = byShard.get(shard) ?? { home, feeds: [] };
    group.feeds.push(feed);
    byShard.set(shard, group);
  }
  const ids = new Map<string, number>();
  const now = new Date();
  for (const [shard, { home, feeds: group }] of byShard) {
    const statements = group.flatMap(({ name, url }) => [
      home.insert(feeds).values({
        url,
        title: name,
        siteUrl: null,
        description: null,
        id: sql.raw(nextFeedIdSql(shard)),
        nextFetchAt: now,
        createdAt: now,
        lastSeq: MAX_ITEMS_PER_FEED,
      }),
      home.select({ id: feeds.id, url: feeds.url }).from(feeds).where(eq(feeds.url, url)),
    ]);
    const [first, ...rest] = statements;
    if (!first) continue;
    const results = await home.batch([first, ...rest]);
    for (const rows of results) for (const row of Array.isArray(rows) ? rows : []) ids.set(row.url, row.id);
  }
  return made.map(({ url }) => {
    const id = ids.get(url);
    if (id === undefined) throw new Error(`no feed row for ${url}`);
    return id;
  });
}

/** Follows every feed, with a rule that stars, hides and notes every item titled "first". */
async function followAllWithRule(person: { userId: number; db: PeopleDb }, feedIds: number[]) {
  await person.db.$client
    .prepare(
      `insert into subscriptions (user_id, feed_id, name, created_at) select ?1, value, 'Busy', ?2 from json_each(?3)`,
    )
    .bind(person.userId, Date.now(), JSON.stringify(feedIds))
    .run();
  await person.db.insert(rules).values({
    userId: person.userId,
    name: 'Firsts',
    scopeType: 'all',
    match: 'first',
    actions: ['star', 'hide', 'notify'],
    createdAt: new Date(),
  });
}

describe('a batch of busy refreshes', () => {
  it('keeps every invocation within its D1 budget, prunes marks once a people database, and drops nothing', async () => {
    const feedIds = await fullFeedsWithNews(101, 'busy');
    // A follower in each people database, each rule matching each feed's first new item.
    const reader = await personIn(1, 'busy-reader');
    await followAllWithRule(reader, feedIds);
    await followAllWithRule(await personIn(0, 'busy-other'), feedIds);
    // The reader read the first feed up to seq 500 and keeps seq 2 and seq 500 unread: the trim takes the
    // first mark, and its part of the counter, and leaves the second. (The feeds' first 500 positions hold
    // no item rows here, so by age nothing young stands below the new items: the line keeps the newest
    // ITEMS_KEPT_AT_LEAST.)
    const [first] = feedIds as [number];
    await reader.db.insert(readMarks).values([
      { userId: reader.userId, feedId: first, seq: 2, isRead: false, markedAt: new Date() },
      { userId: reader.userId, feedId: first, seq: 500, isRead: false, markedAt: new Date() },
    ]);
    // Both kept unread at or below the watermark: +2.
    await reader.db
      .update(subscriptions)
      .set({ readSeq: 500, readAdjust: 2 })
      .where(and(eq(subscriptions.userId, reader.userId), eq(subscriptions.feedId, first)));

    const resent: JobMessage[] = [];
    const send = vi.spyOn(env.JOBS, 'send').mockImplementation(async (body) => {
      resent.push(body as JobMessage);
      return undefined as never;
    });
    const invocations: Record<string, number>[] = [];
    try {
      // The last feed alone: a refresh as heavy as they come (new items, a trim, rules matching in
      // both people databases) within what the budget reserves for one, with its batch's prune.
      const alone = sum(await deliverCounted([{ type: 'refresh-feed', feedId: feedIds[100] as number }]));
      expect(alone).toBeLessThanOrEqual(refreshCalls(2) + 2);
      expect(resent).toEqual([]);
      let batch: JobMessage[] = Array.from({ length: 10 }, (_, m) => ({
        type: 'refresh-feeds',
        feedIds: feedIds.slice(m * 10, m * 10 + 10),
      }));
      while (batch.length > 0) {
        invocations.push(await deliverCounted(batch));
        batch = resent.splice(0);
        expect(invocations.length).toBeLessThan(20);
      }
    } finally {
      send.mockRestore();
    }
    const total = invocations.reduce((all, calls) => all + sum(calls), 0);
    // The whole batch's work is past D1's 1,000 an invocation may make; no invocation passed its budget.
    expect(total).toBeGreaterThan(1000);
    for (const calls of invocations) expect(sum(calls)).toBeLessThanOrEqual(INVOCATION_CALL_BUDGET);
    expect(invocations.length).toBeGreaterThanOrEqual(Math.ceil(total / INVOCATION_CALL_BUDGET));
    // PEOPLE_1 holds no feeds: each feed's followers' rules looked up there, the reader's star and the
    // rest of the rule's effects written (3 calls a feed); and one batch of the trims' read marks an
    // invocation, where each feed used to send its own (4 a feed, 400 for these 100).
    const people1 = invocations.reduce((all, calls) => all + (calls.PEOPLE_1 ?? 0), 0);
    expect(people1).toBe(3 * 100 + invocations.length);
    // Every feed refreshed exactly once: its two items stored after its 500, its line moved below the
    // newest ITEMS_KEPT_AT_LEAST.
    const rows = await db.shards.each(feedIds.slice(0, 100), (shard, ids) =>
      shard
        .select({ id: feeds.id, lastSeq: feeds.lastSeq, trimmedSeq: feeds.trimmedSeq })
        .from(feeds)
        .where(inArray(feeds.id, ids)),
    );
    expect(rows).toHaveLength(100);
    expect(
      rows.every(
        (row) =>
          row.lastSeq === MAX_ITEMS_PER_FEED + 2 && row.trimmedSeq === MAX_ITEMS_PER_FEED + 2 - ITEMS_KEPT_AT_LEAST,
      ),
    ).toBe(true);
    // Each rule starred each feed's first item, once.
    const starred = await reader.db.select({ itemId: stars.itemId }).from(stars).where(eq(stars.userId, reader.userId));
    expect(starred).toHaveLength(101);
    // The reader's mark under the line went, and their counter with it; the one above stayed.
    const marks = await reader.db
      .select({ seq: readMarks.seq })
      .from(readMarks)
      .where(and(eq(readMarks.userId, reader.userId), eq(readMarks.feedId, first)))
      .orderBy(readMarks.seq);
    expect(marks).toEqual([{ seq: 500 }]);
    const [subscription] = await reader.db
      .select({ readAdjust: subscriptions.readAdjust, readAbove: subscriptions.readAbove })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, reader.userId), eq(subscriptions.feedId, first)));
    // Seq 502, the first new item, is read on its own: the reader's rule hid it, and a hidden item is read.
    expect(subscription).toEqual({ readAdjust: 1, readAbove: ',502,' });
  });
});
