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
import { DAY, MINUTE, seedSteadyAndArchive } from '../test/search-seed';
import { createDb } from './client';
import { oldestRowsPerFeed, SEARCH_WINDOW_ROWS } from './search';
import { findUserById } from './users';

const READER = 7731;
/** Someone who follows the same feed and, besides it, a feed whose archive arrived a minute ago. */
const LATE_READER = 7732;
const STEADY = 7831;
const ARCHIVE = 7832;
const ITEMS = 2_500;
const ARCHIVE_ITEMS = 300;

const db = createDb(env);
let now = 0;
beforeAll(async () => {
  now = await seedSteadyAndArchive({
    name: 'oldest',
    reader: READER,
    lateReader: LATE_READER,
    steady: { feedId: STEADY, items: ITEMS },
    archive: { feedId: ARCHIVE, items: ARCHIVE_ITEMS },
    content: `case when k % 700 = 3 then 'weather zephyr storm' else 'zephyr weather calm' end`,
  });
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
