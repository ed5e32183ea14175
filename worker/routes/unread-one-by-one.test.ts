// Issue 30: someone who reads one item at a time and lists what is unread, in a feed whose items are in
// a feed shard other than their own database. Each statement there cannot know their marks, so the rows
// they read are dropped after it and the scan reads on: once a page of read items, in every shard in
// scope, without a bound, until past D1's 1,000 queries an invocation. Now the scan asks at most
// MOST_PASSES times, each twice the last, and a page it stops short of filling continues from where
// it stopped.
import { env } from 'cloudflare:workers';
import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../../schema';
import type { FeedItem } from '../contracts/feeds';
import { MOST_PASSES } from '../db/items/page-reads';
import { rebuildReadingList } from '../db/reading-list';
import { feedInShard } from '../test/feeds';
import { contentsOf, greader } from '../test/greader';
import { call, db } from '../test/helpers';
import { personIn } from '../test/people';
import { counted, create } from '../test/round-trips';

const PAGE = 30;
/** What the scan covers at most before it stops: PAGE + 1 rows, doubled each pass. */
const COVERED = (PAGE + 1) * (2 ** MOST_PASSES - 1);

describe('an unread list of someone who reads one by one', () => {
  it('asks each database a bounded number of times, and the next page goes on where the scan stopped', async () => {
    const person = await personIn(1, 'one-by-one');
    const category = await create(person.cookie, '/api/categories', { name: 'Busy' });
    // Three feeds of 400 items each (a refresh keeps 500 a feed), every quarter of an hour in turn, all
    // in FEEDS_1; the person's own database is PEOPLE_1.
    const feeds: number[] = [];
    for (const label of ['first', 'second', 'third']) {
      const offset = feeds.length;
      const hours = Array.from({ length: 400 }, (_, n) => (3 * n + offset + 1) / 4);
      const url = await feedInShard(1, label, hours);
      const feed = await create(person.cookie, '/api/feeds', {
        url,
        name: label,
        categoryId: category.id,
        includeInAi: true,
      });
      feeds.push(feed.id);
    }
    const oldestFirst = await db.shards
      .of(feeds[0] as number)
      .select({ feedId: items.feedId, seq: items.seq, title: items.title })
      .from(items)
      .where(inArray(items.feedId, feeds))
      .orderBy(asc(items.pubDate), asc(items.id));
    expect(oldestFirst).toHaveLength(1200);
    // Read one by one, oldest first: the oldest COVERED + 50 each have a read mark of their own, as that
    // many PATCHes would have written them.
    const readOnes = oldestFirst.slice(0, COVERED + 50);
    const people = (env as unknown as Record<string, D1Database>).PEOPLE_1 as D1Database;
    await people
      .prepare(
        // Items read on their own: positions on the subscription rows (db/read-above.ts).
        `update subscriptions set read_above = (select ',' || group_concat(value ->> 1, ',') || ',' from json_each(?2)
           where value ->> 0 = subscriptions.feed_id)
         where user_id = ?1 and feed_id in (select value ->> 0 from json_each(?2))`,
      )
      .bind(person.userId, JSON.stringify(readOnes.map((row) => [row.feedId, row.seq])))
      .run();
    // Rows written here, not through the app: the reading list is rebuilt from them, as every write does
    // (it says which feeds have positions: db/reading-list.ts).
    await rebuildReadingList(person.db, person.userId);

    const path = `/api/feed-items?categoryId=${category.id}&filter=unread&sort=oldest&limit=${PAGE}`;
    const first = await counted(person.cookie, path);
    // Nothing unread among the rows it may scan: an empty page, and a cursor that goes on.
    expect(first.body).toEqual([]);
    expect(first.nextCursor).not.toBeNull();
    // Per pass, a statement in the feeds' shard and a look at the person's marks in theirs; besides,
    // the session with the users row's copy and the reading list, and the kept-unread marks handed to the
    // shard. Nothing in the primary (DB).
    expect(first.calls).toEqual({ FEEDS_1: MOST_PASSES, PEOPLE_1: MOST_PASSES + 2 });

    const next = await counted(person.cookie, `${path}&cursor=${encodeURIComponent(first.nextCursor as string)}`);
    // The next page: the oldest unread items, in order, none skipped.
    expect((next.body as FeedItem[]).map((item) => item.title)).toEqual(
      oldestFirst.slice(COVERED + 50, COVERED + 50 + PAGE).map((row) => row.title),
    );
    expect((next.body as FeedItem[]).every((item) => !item.isRead)).toBe(true);

    // A reader app asking for the same stream gets those items at once: an empty page would end its
    // sync, so the stream goes on from where the scan stopped.
    const created = await call('/api/users/me/app-passwords', {
      cookie: person.cookie,
      json: { name: 'newsboat', currentPassword: person.password },
    });
    const { password } = (await created.json()) as { password: string };
    const login = await greader('/accounts/ClientLogin', { form: { Email: person.email, Passwd: password } });
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
    const stream = await contentsOf(auth, 'user/-/label/Busy', `&r=o&n=${PAGE}&xt=user/-/state/com.google/read`);
    expect(stream.items.map((item) => item.title)).toEqual(
      oldestFirst.slice(COVERED + 50, COVERED + 50 + PAGE).map((row) => row.title),
    );
    expect(stream.continuation).toBeTruthy();
  });
});
