// The export of a big account stays whole (issue 14's bad input: an account with 10,000 items): every
// starred item is in it, in one answer. It is sent as it is read (issue 29): 10,000 stars of 200 KB
// are 2 GB, so the stars are read page by page while the file goes out, and a person may export once
// every 10 minutes.
import { describe, expect, it } from 'vitest';
import { MAX_SHARDS, nextItemIdSql, shardOfId } from '../db/shards';
import { peopleDbOfUser } from '../db/users';
import { EXPORT_INTERVAL_MS, TOO_MANY_EXPORTS } from '../middleware/rate-limit';
import { advanceClock, pinClock } from '../test/clock';
import { follow, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { meteredEnv } from '../test/metered-env';

const ITEMS = 10_000;
const MINUTE = 60_000;

describe('GET /api/users/me/export of a big account', () => {
  it('holds all 10,000 starred items of a feed of 10,000', async () => {
    const { cookie, userId } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Big', [{ title: 'First' }]) });
    const feedId = await follow(call, cookie, url);
    const now = Date.now();
    // The items in the feed's own database (a feed shard, or the primary one), the stars with the person.
    // Ids as a refresh mints them (shards.ts): the k-th new item of one statement takes the k-th next slot.
    await db.shards
      .of(feedId)
      .$client.prepare(
        `insert into items (id, feed_id, guid_hash, title, seq, pub_date, created_at)
       with recursive n(k) as (select 1 union all select k + 1 from n where k < ?2)
       select ${nextItemIdSql(shardOfId(feedId), now, 0)} + (k - 1) * ${MAX_SHARDS},
         ?1, 'big-' || k, 'Item ' || k, 1000 + k, ?3 - k * ?4, ?3 from n`,
      )
      .bind(feedId, ITEMS, now, MINUTE)
      .run();
    const { results: big } = await db.shards
      .of(feedId)
      .$client.prepare(`select id from items where feed_id = ?1 and guid_hash like 'big-%'`)
      .bind(feedId)
      .run<{ id: number }>();
    const mine = await peopleDbOfUser(db, userId);
    await mine.$client
      .prepare(`insert into stars (user_id, item_id, feed_id, created_at) select ?1, value, ?2, ?3 from json_each(?4)`)
      .bind(userId, feedId, now, JSON.stringify(big.map((row) => row.id)))
      .run();

    const metered = meteredEnv();
    const response = await call('/api/users/me/export', { cookie, env: metered.env });
    expect(response.status).toBe(200);
    // The answer has begun before the stars are read: they come page by page as the browser takes the file.
    const callsBefore = Object.values(metered.calls()).reduce((sum, n) => sum + n, 0);
    const data = (await response.json()) as { starredItems: { title: string }[]; subscriptions: unknown[] };
    const callsAfter = Object.values(metered.calls()).reduce((sum, n) => sum + n, 0);
    expect(callsAfter - callsBefore).toBeGreaterThan(1);
    expect(data.starredItems).toHaveLength(ITEMS);
    expect(data.starredItems[0]?.title).toBe('Item 1');
    expect(data.starredItems.at(-1)?.title).toBe(`Item ${ITEMS}`);
    expect(data.subscriptions).toHaveLength(1);
  });
});

describe('GET /api/users/me/export, once every 10 minutes', () => {
  it('answers 429 with what to do to a second export within 10 minutes, and exports again after', async () => {
    pinClock(Date.now());
    const { cookie } = await signUp();
    const first = await call('/api/users/me/export', { cookie });
    expect(first.status).toBe(200);
    await first.text();
    advanceClock(EXPORT_INTERVAL_MS - 60_000);
    const again = await call('/api/users/me/export', { cookie });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ message: TOO_MANY_EXPORTS });
    // Someone else exports meanwhile.
    const other = await call('/api/users/me/export', { cookie: (await signUp()).cookie });
    expect(other.status).toBe(200);
    await other.text();
    advanceClock(60_000);
    const later = await call('/api/users/me/export', { cookie });
    expect(later.status).toBe(200);
    expect(await later.json()).toMatchObject({ starredItems: [] });
  });
});
