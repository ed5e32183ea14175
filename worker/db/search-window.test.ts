// A sparse search (issue 29): a phrase of common words, or a common word with common words left out,
// matches a handful of the rows that hold its words, and a page used to read every one of the person's
// rows to prove it had no more (about 30 ms of the index's CPU at 10,000 rows followed). A page now reads
// its matches among the person's newest SEARCH_WINDOW_ROWS rows past its cursor and ends there, short if it
// must, with a cursor below the window; following the cursors finds every match once, in order. Counted on
// a feed of 2,500 items, one a minute, each stored as it was published; four of them (k = 3, 703, 1403,
// 2103) hold "weather zephyr" in that order and lack "calm", which every other item holds.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SearchPageQuery, searchPage } from '../test/item-pages';
import { primaryPeopleDb } from '../test/people';
import { DAY, MINUTE, seedSteadyAndArchive } from '../test/search-seed';
import { createDb } from './client';
import { RANKED_WORD_ROWS, SEARCH_WINDOW_ROWS } from './search';
import { findUserById } from './users';

const READER = 7721;
/** Someone who follows the same feed and, besides it, a feed whose archive arrived a minute ago. */
const LATE_READER = 7722;
const STEADY = 7821;
const ARCHIVE = 7822;
const ITEMS = 2_500;
const ARCHIVE_ITEMS = 300;
const special = (k: number) => k % 700 === 3;

const db = createDb(env);
let now = 0;
beforeAll(async () => {
  now = await seedSteadyAndArchive({
    name: 'window',
    reader: READER,
    lateReader: LATE_READER,
    steady: { feedId: STEADY, items: ITEMS },
    archive: { feedId: ARCHIVE, items: ARCHIVE_ITEMS },
    content: `case when k % 700 = 3 then 'weather zephyr storm' else 'zephyr weather calm' end`,
  });
});

/** Every page of a search, following its cursors: the titles of each page. */
async function pagesOf(reader: number, search: string, sort: 'newest' | 'relevance') {
  const user = await findUserById(db, reader);
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const query: SearchPageQuery = { search, sort, filter: 'all', limit: 30, cursor, readingList: user?.readingList };
    const page = await searchPage(primaryPeopleDb(db), reader, 'UTC', query);
    pages.push(page.items.map((item) => item.title));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 10);
  return pages;
}

const steady = (ks: number[]) => ks.map((k) => `Item ${STEADY} ${k}`);

describe('a sparse search of common words', () => {
  it('is common: every word is in more rows than bm25 ranks by, and the feed outgrows one window', () => {
    expect(ITEMS).toBeGreaterThan(RANKED_WORD_ROWS);
    expect(ITEMS).toBeGreaterThan(SEARCH_WINDOW_ROWS);
  });

  for (const sort of ['newest', 'relevance'] as const) {
    for (const search of ['"weather zephyr"', 'zephyr -calm']) {
      it(`${search} (${sort}): a page reads the newest window and stops; the next reads the rest`, async () => {
        // The newest 2,000 rows (k = 500 to 2,499) hold three matches: the first page ends with them and a
        // cursor. Below it fewer rows than a window are left: the last match, and no cursor. Before: one
        // page of all four, having read every row.
        expect(await pagesOf(READER, search, sort)).toEqual([steady([2103, 1403, 703]), steady([3])]);
      });
    }
  }

  it('still ranks by date when a feed’s old items arrived after newer ones', async () => {
    // The archive's match (k = 3) arrived a minute ago, dated months back: the window can't place it
    // among rows not read yet, so that page reads and sorts every match, as every page did before.
    const archive = Array.from({ length: ARCHIVE_ITEMS }, (_, k) => k).filter(special);
    const expected = [
      ...[2103, 1403, 703, 3].map((k) => ({ title: `Item ${STEADY} ${k}`, date: now - (ITEMS - k) * MINUTE })),
      ...archive.map((k) => ({ title: `Item ${ARCHIVE} ${k}`, date: now - (ARCHIVE_ITEMS - k) * DAY })),
    ]
      .sort((a, b) => b.date - a.date)
      .map((item) => item.title);
    expect((await pagesOf(LATE_READER, '"weather zephyr"', 'newest')).flat()).toEqual(expected);
  });
});
