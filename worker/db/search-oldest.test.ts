// A search oldest first (issue 29): the index keeps its matches in arrival order, and no arrival bounds how
// old a match's date may be (a feed's archive comes with its first fetch), so every page read and sorted
// every match in the person's feeds: a phrase of common words walked all of the rows holding its words
// (an 8-word phrase at 10,000 rows followed: 198 ms). A page now reads the person's oldest rows by date
// past its cursor, at most SEARCH_WINDOW_ROWS (a range of items_feed_pub_idx per feed), keeps those the
// index matches, and ends there, short or empty if it must, with a cursor after the window; following
// the cursors finds every match once, in order. Counted on a feed of 2,500 items, one a minute, each
// stored as it was published; four of them (k = 3, 703, 1403, 2103) hold "weather zephyr" in that order and
// lack "calm", which every other item holds; another feed's archive (one a day) arrived a minute ago.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SearchPageQuery, searchPage } from '../test/item-pages';
import { primaryPeopleDb } from '../test/people';
import { createDb } from './client';
import { rebuildReadingList } from './reading-list';
import { oldestRowsPerFeed, SEARCH_WINDOW_ROWS } from './search';
import { CLOCK_ID_BASE, ID_EPOCH_MS, MAX_SHARDS } from './shards';
import { findUserById } from './users';

const READER = 7731;
/** Someone who follows the same feed and, besides it, a feed whose archive arrived a minute ago. */
const LATE_READER = 7732;
const STEADY = 7831;
const ARCHIVE = 7832;
const ITEMS = 2_500;
const ARCHIVE_ITEMS = 300;
const MINUTE = 60_000;
const DAY = 86_400_000;

const db = createDb(env);
/** The id the clock gives an item stored at `ms` in the primary database (shards.ts clockItemId), as SQL. */
const clockIdSql = (ms: string) => `(${CLOCK_ID_BASE} + (${ms} - ${ID_EPOCH_MS}) * ${MAX_SHARDS})`;

async function seedFeed(feedId: number, count: number, sql: { pubDate: string; id: string }, now: number) {
  await env.DB.prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq)
      values (?1, 'https://oldest-search.example/' || ?1 || '.xml', ?2, ?3, ?4)`)
    .bind(feedId, now + DAY, now, count)
    .run();
  await env.DB.prepare(`with recursive n(k) as (select 0 union all select k + 1 from n where k < ?2 - 1)
      insert into items (id, feed_id, seq, guid_hash, title, content, pub_date, created_at)
      select ${sql.id}, ?1, k + 1, 'oldest-${feedId}-' || k, 'Item ${feedId} ' || k,
        case when k % 700 = 3 then 'weather zephyr storm' else 'zephyr weather calm' end, ${sql.pubDate}, ?3
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
    [READER, 'Oldest'],
    [LATE_READER, 'Late oldest'],
  ] as const) {
    await env.DB.prepare(
      `insert into users (id, email, name, created_at) values (?1, 'oldest-' || ?1 || '@example.com', ?2, ?3)`,
    )
      .bind(id, name, now)
      .run();
  }
  const steadyDate = `(?3 - (?2 - k) * ${MINUTE})`;
  await seedFeed(STEADY, ITEMS, { pubDate: steadyDate, id: clockIdSql(steadyDate) }, now);
  // Published one a day, all stored in the refresh a minute ago.
  const arrival = now - MINUTE / 2;
  await seedFeed(
    ARCHIVE,
    ARCHIVE_ITEMS,
    { pubDate: `(?3 - (?2 - k) * ${DAY})`, id: `${clockIdSql(String(arrival))} + k * ${MAX_SHARDS}` },
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

/** Every page of a search oldest first, following its cursors (at most `most`): the titles of each page. */
async function pagesOf(reader: number, search: string, limit = 30, most = 10) {
  const user = await findUserById(db, reader);
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const query: SearchPageQuery = {
      search,
      sort: 'oldest',
      filter: 'all',
      limit,
      cursor,
      readingList: user?.readingList,
    };
    const page = await searchPage(primaryPeopleDb(db), reader, 'UTC', query);
    pages.push(page.items.map((item) => item.title));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < most);
  return { pages, cursor };
}

const steady = (ks: number[]) => ks.map((k) => `Item ${STEADY} ${k}`);
const archive = (ks: number[]) => ks.map((k) => `Item ${ARCHIVE} ${k}`);
/**
 * The items of both feeds by title, oldest first by date, and the smaller id first among equals: a
 * steady item before an archive's of the same date (the archive arrived last).
 */
const byDate = () =>
  [
    ...Array.from({ length: ARCHIVE_ITEMS }, (_, k) => ({
      title: `Item ${ARCHIVE} ${k}`,
      date: now - (ARCHIVE_ITEMS - k) * DAY,
      last: 1,
    })),
    ...Array.from({ length: ITEMS }, (_, k) => ({
      title: `Item ${STEADY} ${k}`,
      date: now - (ITEMS - k) * MINUTE,
      last: 0,
    })),
  ]
    .sort((a, b) => a.date - b.date || a.last - b.last)
    .map((item) => item.title);

describe('a search oldest first', () => {
  it('has a feed that outgrows one window', () => {
    expect(ITEMS).toBeGreaterThan(SEARCH_WINDOW_ROWS);
  });

  for (const search of ['"weather zephyr"', 'zephyr -calm']) {
    it(`${search}: a page reads the oldest window and stops; the next reads the rest`, async () => {
      // The oldest 2,000 rows (k = 0 to 1,999) hold three matches: the first page ends with them and a
      // cursor. After it fewer rows than a window are left: the last match, and no cursor. Before: one page
      // of all four, having read and sorted every match.
      expect((await pagesOf(READER, search)).pages).toEqual([steady([3, 703, 1403]), steady([2103])]);
    });
  }

  it('ranks a feed’s archive that arrived last by its dates, and loses no match across windows', async () => {
    // Each feed gives at most its share of a window, half of it here: the first window holds the
    // archive's 300 rows (all it has) and the steady feed's oldest 1,000, so it ends at the steady k = 999:
    // the archive's match and the steady k = 3 and 703. The next ends at k = 1,999; the last has no end.
    expect(oldestRowsPerFeed(2)).toBe(SEARCH_WINDOW_ROWS / 2);
    expect((await pagesOf(LATE_READER, '"weather zephyr"')).pages).toEqual([
      [...archive([3]), ...steady([3, 703])],
      steady([1403]),
      steady([2103]),
    ]);
  });

  it('a word in every item: full pages in date order, each item once, across windows', async () => {
    // More matches than a few pages' worth: read in windows, each page from its cursor, pages of 100 past
    // the first windows: the archive, then the steady feed, in order, none twice, none lost.
    const { pages } = await pagesOf(LATE_READER, 'zephyr', 100, 24);
    expect(pages.flat()).toEqual(byDate().slice(0, 2_400));
  });

  it('a rarer word reads every match when they are a few pages’ worth at most: one page, no cursor', async () => {
    const { pages, cursor } = await pagesOf(LATE_READER, 'storm');
    expect(cursor).toBeUndefined();
    expect(pages).toEqual([[...archive([3]), ...steady([3, 703, 1403, 2103])]]);
  });
});
