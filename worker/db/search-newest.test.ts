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
import { MINUTE, seedSteadyAndArchive } from '../test/search-seed';
import { createDb } from './client';
import { meteredD1, newMeter } from './metered-d1';
import { findUserById } from './users';

const READER = 7711;
/** Someone who follows the same feed and, besides it, a feed whose archive arrived a minute ago. */
const LATE_READER = 7712;
const STEADY = 7811;
const ARCHIVE = 7812;
const STEADY_ITEMS = 2_400;
const ARCHIVE_ITEMS = 300;

const db = createDb(env);
let now = 0;
beforeAll(async () => {
  now = await seedSteadyAndArchive({
    name: 'newest',
    reader: READER,
    lateReader: LATE_READER,
    steady: { feedId: STEADY, items: STEADY_ITEMS },
    archive: { feedId: ARCHIVE, items: ARCHIVE_ITEMS },
    content: `'zephyr weather'`,
  });
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
