// A search sorted newest first (issue 23, issue 29): the index keeps its matches in arrival order (item ids
// come from the clock, shards.ts), not by date, so the page used to read every match to sort it by date.
// An item's date is never later than its arrival (the refresh keeps dates at most `now`, item-store.ts
// mints the id after), so once the newest arrivals read hold a page of dates no older than the last one's
// arrival, nothing older can rank above them: the page reads the newest matches only, and the whole sort
// only when a feed's old items arrived late (its first fetch). Counted here on a word in every item of a
// feed published one a minute and stored as it was published; another feed's archive arrived all at once.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SearchPageQuery, searchPage } from '../test/item-pages';
import { primaryPeopleDb } from '../test/people';
import { createDb } from './client';
import { meteredD1, newMeter } from './metered-d1';
import { rebuildReadingList } from './reading-list';
import { CLOCK_ID_BASE, ID_EPOCH_MS, MAX_SHARDS } from './shards';
import { findUserById } from './users';

const READER = 7711;
/** Someone who follows the same feed and, besides it, a feed whose archive arrived a minute ago. */
const LATE_READER = 7712;
const STEADY = 7811;
const ARCHIVE = 7812;
const STEADY_ITEMS = 2_400;
const ARCHIVE_ITEMS = 300;
const MINUTE = 60_000;

const db = createDb(env);
/** The id the clock gives an item stored at `ms` in the primary database (shards.ts clockItemId), as SQL. */
const clockIdSql = (ms: string) => `(${CLOCK_ID_BASE} + (${ms} - ${ID_EPOCH_MS}) * ${MAX_SHARDS})`;

/** The feed's items with the word, indexed as storeItems indexes them; item k (0 oldest) named by its date. */
async function seedFeed(feedId: number, count: number, sql: { pubDate: string; id: string }, now: number) {
  await env.DB.prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq)
      values (?1, 'https://newest-search.example/' || ?1 || '.xml', ?2, ?3, ?4)`)
    .bind(feedId, now + 86_400_000, now, count)
    .run();
  await env.DB.prepare(`with recursive n(k) as (select 0 union all select k + 1 from n where k < ?2 - 1)
      insert into items (id, feed_id, seq, guid_hash, title, content, pub_date, created_at)
      select ${sql.id}, ?1, k + 1, 'newest-${feedId}-' || k, 'Item ${feedId} ' || k, 'zephyr weather',
        ${sql.pubDate}, ?3
      from n where true`)
    .bind(feedId, count, now)
    .run();
  await env.DB.prepare(`insert into search_index (rowid, title, summary, content, author, feed, feed_id, seq, pub_date)
      select id, title, '', content, '', 'f' || feed_id, feed_id, seq, pub_date from items where feed_id = ?1`)
    .bind(feedId)
    .run();
}

let now = 0;
beforeAll(async () => {
  now = Math.floor(Date.now() / MINUTE) * MINUTE;
  for (const [id, name] of [
    [READER, 'Newest'],
    [LATE_READER, 'Late'],
  ] as const) {
    await env.DB.prepare(
      `insert into users (id, email, name, created_at) values (?1, 'newest-' || ?1 || '@example.com', ?2, ?3)`,
    )
      .bind(id, name, now)
      .run();
  }
  // One a minute up to a minute ago, each stored when it was published.
  const steadyDate = `(?3 - (?2 - k) * ${MINUTE})`;
  await seedFeed(STEADY, STEADY_ITEMS, { pubDate: steadyDate, id: clockIdSql(steadyDate) }, now);
  // Published one a day, all stored in the refresh a minute ago (at most now: 30 s after the last steady one).
  const archiveArrival = now - MINUTE / 2;
  await seedFeed(
    ARCHIVE,
    ARCHIVE_ITEMS,
    { pubDate: `(?3 - (?2 - k) * 86400000)`, id: `${clockIdSql(String(archiveArrival))} + k * ${MAX_SHARDS}` },
    now,
  );
  const follow = env.DB.prepare(
    `insert into subscriptions (user_id, feed_id, name, created_at) values (?1, ?2, 'Feed ' || ?2, ?3)`,
  );
  await env.DB.batch([
    follow.bind(READER, STEADY, now),
    follow.bind(LATE_READER, STEADY, now),
    follow.bind(LATE_READER, ARCHIVE, now),
  ]);
  await rebuildReadingList(primaryPeopleDb(db), READER);
  await rebuildReadingList(primaryPeopleDb(db), LATE_READER);
});

/** A search newest first as a request makes it, with the rows it read. */
async function newest(reader: number, cursor?: string) {
  const user = await findUserById(db, reader);
  const meter = newMeter();
  const handle = createDb(env, (d1) => meteredD1(d1, meter));
  const query: SearchPageQuery = { search: 'zephyr', sort: 'newest', filter: 'all', limit: 30, cursor };
  const page = await searchPage(primaryPeopleDb(handle), reader, 'UTC', { ...query, readingList: user?.readingList });
  return { page, rowsRead: meter.rowsRead };
}

const titles = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);
/** Every item of the feeds, newest first by date (and the larger id first among equals), by title. */
function everyMatchByDate(feeds: [number, number, (k: number) => number][]) {
  const all = feeds.flatMap(([feed, count, dateOf]) =>
    Array.from({ length: count }, (_, k) => ({ title: `Item ${feed} ${k}`, date: dateOf(k), feed, k })),
  );
  return all.sort((a, b) => b.date - a.date || b.feed - a.feed || b.k - a.k).map((item) => item.title);
}

describe('a search newest first', () => {
  it('reads the newest matches for the first page and the next, not every match', async () => {
    const expected = everyMatchByDate([[STEADY, STEADY_ITEMS, (k) => now - (STEADY_ITEMS - k) * MINUTE]]);
    const first = await newest(READER);
    expect(titles(first.page)).toEqual(expected.slice(0, 30));
    // The newest arrivals read (NEWEST_ARRIVALS_READ pages' worth) and the page's rows. Before: every one
    // of the 2,400 matches read from the index and sorted, 4,862 rows.
    expect(first.rowsRead).toBeLessThanOrEqual(900);
    const second = await newest(READER, first.page.nextCursor ?? undefined);
    expect(titles(second.page)).toEqual(expected.slice(30, 60));
    // The next page the same: the newest arrivals beyond its cursor's date (839 rows). Before: 4,862 again.
    expect(second.rowsRead).toBeLessThanOrEqual(900);
  });

  it('still ranks by date when a feed’s old items arrived after newer ones, page after page', async () => {
    const expected = everyMatchByDate([
      [STEADY, STEADY_ITEMS, (k) => now - (STEADY_ITEMS - k) * MINUTE],
      [ARCHIVE, ARCHIVE_ITEMS, (k) => now - (ARCHIVE_ITEMS - k) * 86_400_000],
    ]);
    let cursor: string | undefined;
    const seen: string[] = [];
    for (let page = 0; page < 4; page++) {
      const next = await newest(LATE_READER, cursor);
      seen.push(...titles(next.page));
      cursor = next.page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(expected.slice(0, 120));
  });
});
