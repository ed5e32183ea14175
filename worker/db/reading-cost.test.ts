// What the reading screens cost in D1 rows (issue 12's goals), counted from D1's own result meta on a
// reading list shaped like the benchmark's: 50 feeds (40 of them in 5 categories) whose items interleave
// every 4 minutes, 30 % of them read one by one, once with the feeds in the primary database and once in
// the second feed shard (FEEDS_1). A change that reads more rows per row shown than measured here (docs/scaling.md
// "Reading cost") fails; `npm run bench -- cost` measures the same on the full benchmark data.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pinClockForFile } from '../test/clock';
import { type ListPage, listPage } from '../test/item-pages';
import { primaryPeopleDb } from '../test/people';
import { listCategoriesWithFeeds } from './categories';
import { createDb } from './client';
import { updateSubscription } from './feeds';
import { getItem, setItemRead } from './item-row';
import { meteredD1, newMeter } from './metered-d1';
import { markFeedsRead } from './read-state';
import type { PageSpans } from './reader';
import { type ReadingList, rebuildReadingList } from './reading-list';
import { idBase, nextItemIdSql } from './shards';
import { findUserById } from './users';

const READER = 7001;
const MARKER = 7002;
/** A reader like READER whose 50 feeds are in the second feed shard (FEEDS_1). */
const READER_ELSEWHERE = 7003;
const FIRST_FEED = 7100;
const FEEDS = 50;
const ITEMS_PER_FEED = 40;
const MARK_ALL_FEED = 7200;
const SHOWN = 30;
/**
 * Rows read by each page, exactly (the primary database / the second feed shard). A window over F feeds
 * reads a row per item in it, one per feed where its index range ends, and the subscription row of each
 * feed it looks at above the watermark whose reading list entry says it may have items read on their own
 * (positions on that row: read-above.ts); here 15 of the 50 feeds do. Before, every feed's row was read
 * (first pages 118 / 114, unread 150 / 150, category 82 / 78), and a second page also read each feed's items
 * above the cursor, every row the pages before had shown (166 / 152 for all, 206 / 206 unread).
 */
const ROWS = {
  page: [96, 93],
  secondPage: [109, 102],
  // Room for a tenth more rows is the time the page's last tenth of rows covered (windows.ts keepNewest):
  // among unread rows 2 rows more than a tenth of the whole span (115 / 115).
  unreadPage: [117, 117],
  unreadSecondPage: [127, 127],
  // A category's first page (8 of the 50 feeds), in one window from My Feed's span for its share of the
  // feeds: before, 2 hours back and then wider, in two (78 / 76).
  categoryPage: [47, 47],
  /**
   * Oldest first, a window of time as newest first (windows.ts): a first page up to the date where the
   * person's last one ended (kept on the users row), a next page from its cursor. Before, each feed's first
   * items merged in order (page-reads.ts readPerFeed, still the way the very first time): 437 / 431 rows, and
   * unread 992 / 1,071, for a feed's range was left only once the page was full; each feed's first 31 rows,
   * read whole and sorted, had taken 6,215 / 6,209, and unread 4,985 / 14,151.
   */
  oldestPage: [93, 93],
  unreadOldestPage: [109, 110],
  oldestSecondPage: [106, 103],
  unreadOldestSecondPage: [127, 128],
};

const db = createDb(env);

async function metered<T>(work: (db: ReturnType<typeof createDb>) => Promise<T>) {
  const meter = newMeter();
  const result = await work(createDb(env, (d1) => meteredD1(d1, meter)));
  return { meter, result };
}

const myFeed = (query: ListPage = {}): ListPage => ({
  filter: 'all',
  sort: 'newest',
  dateFilter: 'none',
  limit: SHOWN,
  ...query,
});

/** The reader as a request finds them with their session: remembered spans and reading list included. */
async function reader(id = READER) {
  const user = await findUserById(db, id);
  if (!user) throw new Error('the reader is missing');
  return user;
}

/** What a page takes from the session's users row. */
async function session(id = READER): Promise<ListPage> {
  const user = await reader(id);
  return { pageSpans: user, readingList: user.readingList };
}

/**
 * `count` item ids as a refresh mints them in `shard` (shards.ts, item-store.ts), for the rows of one
 * INSERT: a plain AUTOINCREMENT id would follow the shard's last clock id and name another shard.
 */
const itemIdsSql = (shard: number, now: number, count: number) =>
  Array.from({ length: count }, (_, row) => nextItemIdSql(shard, now, row));

/**
 * The reader's 50 feeds (ids from FIRST_FEED in feed shard `shard`: the primary database or another),
 * their items and the reader's subscriptions, categories and read marks (always in the primary database,
 * people shard 0), then the reader's reading list rebuilt from those rows, as every write of the app does.
 */
async function seedReadingList(reader: number, shard: number, firstCategory: number) {
  const now = Date.now();
  const firstFeed = idBase(shard) + FIRST_FEED;
  const feeds = db.shards.at(shard).$client;
  const people: D1PreparedStatement[] = [
    env.DB.prepare(`insert into categories (id, user_id, name, created_at) values
      ${[1, 2, 3, 4, 5].map((c) => `(${firstCategory + c}, ${reader}, 'Category ${c}', ${now})`).join(', ')}`),
  ];
  const feedRows: D1PreparedStatement[] = [];
  for (let f = 0; f < FEEDS; f++) {
    const feed = firstFeed + f;
    feedRows.push(
      feeds.prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq)
        values (${feed}, 'https://cost.example/${reader}/${f}.xml', ${now + 86_400_000}, ${now}, ${ITEMS_PER_FEED})`),
    );
    people.push(
      env.DB.prepare(`insert into subscriptions (user_id, feed_id, name, category_id, created_at)
        values (${reader}, ${feed}, 'Feed ${f}', ${f < 10 ? 'null' : firstCategory + 1 + (f % 5)}, ${now})`),
    );
  }
  const total = FEEDS * ITEMS_PER_FEED;
  // Items read on their own, positions on their subscription rows (read-above.ts).
  const readAbove = new Map<number, number[]>();
  for (let start = 0; start < total; start += 200) {
    const ids = itemIdsSql(shard, now, 200);
    const rows: string[] = [];
    for (let n = start; n < start + 200; n++) {
      const feed = firstFeed + (n % FEEDS);
      const seq = ITEMS_PER_FEED - Math.floor(n / FEEDS);
      rows.push(
        `(${ids[n - start]}, ${feed}, ${seq}, 'cost-${n}', 'Item ${n}', 'Text of item ${n}', ${now - n * 240_000}, ${now})`,
      );
      if (n % 10 < 3) readAbove.set(feed, [...(readAbove.get(feed) ?? []), seq]);
    }
    feedRows.push(
      feeds.prepare(
        `insert into items (id, feed_id, seq, guid_hash, title, content, pub_date, created_at) values ${rows}`,
      ),
    );
  }
  people.push(
    env.DB.prepare(`update subscriptions set read_above = case feed_id
      ${[...readAbove].map(([feed, seqs]) => `when ${feed} then ',${seqs.join(',')},'`).join(' ')} end
      where user_id = ${reader}`),
  );
  await feeds.batch(feedRows);
  await env.DB.batch(people);
  await rebuildReadingList(primaryPeopleDb(db), reader);
}

/**
 * The seed and the pages on a pinned clock: a window starts at Date.now(), and with the real clock the items
 * at its edges came and went with the milliseconds the test took, a row more or less.
 */
const SEEDED_AT = Date.parse('2026-06-15T12:00:00Z');
pinClockForFile(SEEDED_AT + 60_000);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(SEEDED_AT) });
  const now = Date.now();
  const d1 = env.DB;
  await d1
    .prepare(`insert into users (id, email, name, created_at) values
    (${READER}, 'cost@example.com', 'Cost', ${now}), (${MARKER}, 'mark-all@example.com', 'Mark all', ${now}),
    (${READER_ELSEWHERE}, 'cost-elsewhere@example.com', 'Cost elsewhere', ${now})`)
    .run();
  await seedReadingList(READER, 0, 7000);
  await seedReadingList(READER_ELSEWHERE, 1, 7010);
  const inserts: D1PreparedStatement[] = [];
  // Someone else follows one feed of 2,000 items, to mark it all read.
  inserts.push(
    d1.prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq)
      values (${MARK_ALL_FEED}, 'https://cost.example/mark-all.xml', ${now + 86_400_000}, ${now}, 2000)`),
    d1.prepare(`insert into subscriptions (user_id, feed_id, name, created_at)
      values (${MARKER}, ${MARK_ALL_FEED}, 'Busy', ${now})`),
  );
  for (let start = 0; start < 2000; start += 200) {
    const ids = itemIdsSql(0, now, 200);
    const rows = Array.from(
      { length: 200 },
      (_, k) =>
        `(${ids[k]}, ${MARK_ALL_FEED}, ${2000 - start - k}, 'busy-${start + k}', 'Busy ${start + k}', ${now - (start + k) * 60_000}, ${now})`,
    );
    inserts.push(
      d1.prepare(`insert into items (id, feed_id, seq, guid_hash, title, pub_date, created_at) values ${rows}`),
    );
  }
  await d1.batch(inserts);
  await rebuildReadingList(primaryPeopleDb(db), MARKER);
  vi.useRealTimers();
});

/**
 * The second page of My Feed, all and unread, after a first page that remembered its span: one window
 * below the cursor, the next 30 items in order, within 5 rows read per row shown.
 */
function secondPages(who: number, at: 0 | 1) {
  for (const filter of ['all', 'unread'] as const) {
    it(`a second page (${filter}) reads its window below the cursor only`, async () => {
      const spans = await session(who);
      const first = await listPage(primaryPeopleDb(db), who, 'UTC', myFeed({ filter, ...spans }));
      const cursor = first.nextCursor ?? undefined;
      const { meter, result } = await metered(async (m) =>
        listPage(primaryPeopleDb(m), who, 'UTC', myFeed({ filter, ...(await session(who)), cursor })),
      );
      // Items n with n % 10 < 3 are read; they are numbered newest first.
      const shown = Array.from({ length: 120 }, (_, n) => n).filter((n) => filter === 'all' || n % 10 >= 3);
      expect(result.items.map((item) => item.title)).toEqual(shown.slice(SHOWN, 2 * SHOWN).map((n) => `Item ${n}`));
      expect(result.items.map((item) => item.isRead)).toEqual(shown.slice(SHOWN, 2 * SHOWN).map((n) => n % 10 < 3));
      expect(meter.rowsRead).toBe((filter === 'all' ? ROWS.secondPage : ROWS.unreadSecondPage)[at]);
      expect(meter.rowsRead / SHOWN).toBeLessThanOrEqual(5);
    });

    it(`an oldest-first page (${filter}) reads one window up to where the last one ended, the next one from its cursor`, async () => {
      const oldestPage = async (m: ReturnType<typeof createDb>, cursor?: string) =>
        listPage(primaryPeopleDb(m), who, 'UTC', myFeed({ filter, sort: 'oldest', ...(await session(who)), cursor }));
      const oldest = Array.from({ length: FEEDS * ITEMS_PER_FEED }, (_, n) => FEEDS * ITEMS_PER_FEED - 1 - n)
        .filter((n) => filter === 'all' || n % 10 >= 3)
        .slice(0, 2 * SHOWN);
      // The first time, each feed's first rows merged (nothing says where the list starts), and the date
      // its last row needed is kept on the users row; every first page after it reads one window up to there.
      const unknown = await metered((m) => oldestPage(m));
      expect(unknown.result.items.map((item) => item.title)).toEqual(oldest.slice(0, SHOWN).map((n) => `Item ${n}`));
      const { meter, result } = await metered((m) => oldestPage(m));
      expect(result.items.map((item) => item.title)).toEqual(oldest.slice(0, SHOWN).map((n) => `Item ${n}`));
      expect(result.items.map((item) => item.isRead)).toEqual(oldest.slice(0, SHOWN).map((n) => n % 10 < 3));
      // One statement where the reading state is; in another shard, as newest first: the marks handed over
      // (unread), the statement, the marks of the rows shown (all) or of those read on their own (unread).
      expect(meter.calls).toBe(at === 0 ? 1 : filter === 'all' ? 2 : 3);
      expect(meter.rowsRead).toBe((filter === 'all' ? ROWS.oldestPage : ROWS.unreadOldestPage)[at]);
      expect(meter.rowsRead / SHOWN).toBeLessThanOrEqual(5);
      expect(meter.rowsWritten).toBe(0);
      // The next page: one window from its cursor, as newest first.
      const next = await metered((m) => oldestPage(m, result.nextCursor ?? undefined));
      expect(next.result.items.map((item) => item.title)).toEqual(oldest.slice(SHOWN).map((n) => `Item ${n}`));
      expect(next.result.items.map((item) => item.isRead)).toEqual(oldest.slice(SHOWN).map((n) => n % 10 < 3));
      expect(next.meter.rowsRead).toBe((filter === 'all' ? ROWS.oldestSecondPage : ROWS.unreadOldestSecondPage)[at]);
      expect(next.meter.rowsRead / SHOWN).toBeLessThanOrEqual(5);
    });
  }
}

/**
 * The span a page of every item (these pages: no story folding, 31 rows) keeps on the users row, and its
 * anchor, under the key `flat` (windows.ts): null while none is kept.
 */
const keptFlat = (spans: PageSpans, key = 'flat') => {
  const kept = spans.categoryPageSpans?.[key];
  return Array.isArray(kept) ? { span: kept[0], anchor: kept[1] } : null;
};

describe('rows read per row shown (issue 12: at most 5)', () => {
  it('a first page of My Feed remembers how far back it looked, and the next one reads one window', async () => {
    // Each page gets its own copy: a page writes the span it kept into the spans it was given (windows.ts).
    const before = await reader();
    expect(keptFlat(before)).toBeNull();
    const first = await listPage(
      primaryPeopleDb(db),
      READER,
      'UTC',
      myFeed({ pageSpans: { ...before }, readingList: before.readingList }),
    );
    expect(first.items).toHaveLength(SHOWN);
    const remembered = keptFlat(await reader());
    // 31 items (a page and the one that says there is more), 4 minutes apart, the newest of them (the anchor)
    // now: two hours back from it to the 31st, and room for 3 rows more.
    expect(remembered?.anchor).toBe(Date.parse(first.items[0]?.pubDate ?? ''));
    expect(remembered?.span).toBe((30 + 3) * 4 * 60_000);

    const { meter, result } = await metered((m) =>
      listPage(
        primaryPeopleDb(m),
        READER,
        'UTC',
        myFeed({ pageSpans: { ...before }, readingList: before.readingList }),
      ),
    );
    expect(result.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    const again = await metered(async (m) => listPage(primaryPeopleDb(m), READER, 'UTC', myFeed(await session())));
    expect(again.result.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    // With the span remembered: one statement, and fewer rows than without it.
    expect(again.meter.calls).toBe(1);
    expect(again.meter.rowsRead).toBeLessThan(meter.rowsRead);
    expect(again.meter.rowsRead).toBe(ROWS.page[0]);
    // Nothing written while the span still fits.
    expect(again.meter.rowsWritten).toBe(0);
  });

  it('a remembered span far off what a page needs is corrected, once', async () => {
    const fitting = keptFlat(await reader());
    if (!fitting) throw new Error('no span kept');
    const tooWide: PageSpans = {
      pageSpanMs: null,
      unreadPageSpanMs: null,
      categoryPageSpans: { flat: [fitting.span * 10, fitting.anchor] },
    };
    const wide = await metered((m) => listPage(primaryPeopleDb(m), READER, 'UTC', myFeed({ pageSpans: tooWide })));
    expect(wide.result.items).toHaveLength(SHOWN);
    // Ten times the rows it needed, so the span it needed is written back (one row).
    expect(wide.meter.rowsWritten).toBe(1);
    expect(keptFlat(await reader())).toEqual(fitting);
  });

  it('shows read state right while reading so few rows', async () => {
    const page = await listPage(primaryPeopleDb(db), READER, 'UTC', myFeed(await session()));
    // Items n with n % 10 < 3 were read one by one; they are numbered newest first.
    expect(page.items.map((item) => item.isRead)).toEqual(Array.from({ length: SHOWN }, (_, n) => n % 10 < 3));
  });

  it('an unread page, once its span is remembered', async () => {
    await listPage(primaryPeopleDb(db), READER, 'UTC', myFeed({ filter: 'unread', ...(await session()) }));
    const spans = await session();
    expect(spans.pageSpans && keptFlat(spans.pageSpans, 'flat:unread')).not.toBeNull();
    const { meter, result } = await metered((m) =>
      listPage(primaryPeopleDb(m), READER, 'UTC', myFeed({ filter: 'unread', ...spans })),
    );
    expect(result.items).toHaveLength(SHOWN);
    expect(result.items.every((item) => !item.isRead)).toBe(true);
    expect(meter.calls).toBe(1);
    // The read items between the unread ones cost their row and their feed's positions (docs/scaling.md, "Reading cost").
    expect(meter.rowsRead).toBe(ROWS.unreadPage[0]);
  });

  it('a category page', async () => {
    const { meter, result } = await metered(async (m) =>
      listPage(primaryPeopleDb(m), READER, 'UTC', myFeed({ categoryId: 7001, ...(await session()) })),
    );
    expect(result.items).toHaveLength(SHOWN);
    // One window, then the span it needed kept (awaited here: listPage has no waitUntil); 3 before.
    expect(meter.calls).toBe(2);
    expect(meter.rowsRead).toBe(ROWS.categoryPage[0]);
  });

  secondPages(READER, 0);
});

describe('the sidebar and marking read', () => {
  it('unread counts for every followed feed: 2 rows a feed, the categories from the reading list', async () => {
    const { meter, result } = await metered(async (m) =>
      listCategoriesWithFeeds(primaryPeopleDb(m), READER, (await reader()).readingList),
    );
    expect(result.flatMap((category) => category.feeds)).toHaveLength(FEEDS);
    expect(result.reduce((sum, category) => sum + category.unreadCount, 0)).toBe(FEEDS * ITEMS_PER_FEED * 0.7);
    // The subscriptions' range read stops at its LIMIT (the reading list's count), not on the next person's row.
    // 2 rows a feed for its count of items. No subscription counts a kept-unread mark (read_adjust 0), so no
    // mark is read for a category's count of stories (issue 24), and no feed here has an item that joined a
    // story (feeds.story_seq 0), so none is probed for unread items of stories (a probe costs a row even
    // when it finds none: 3 a feed).
    expect(meter.rowsRead).toBe(2 * FEEDS);
  });

  it('marking a whole feed read writes the same few rows whatever it holds', async () => {
    const { meter, result } = await metered((m) => markFeedsRead(primaryPeopleDb(m), MARKER, [MARK_ALL_FEED]));
    expect(result).toBe(2000);
    expect(meter.rowsWritten).toBeLessThanOrEqual(2);
  });

  it('renaming a feed keeps the reading list in one round trip: the subscription and the users row', async () => {
    const { meter } = await metered((m) =>
      updateSubscription(primaryPeopleDb(m), MARKER, MARK_ALL_FEED, { name: 'Busy, renamed' }),
    );
    expect(meter.calls).toBe(1);
    expect(meter.rowsWritten).toBe(2);
    expect(JSON.parse((await reader(MARKER)).readingList ?? 'null').subscriptions).toEqual([
      [MARK_ALL_FEED, 'Busy, renamed', null, 1, expect.any(Number), 0, 0],
    ]);
  });

  it('the sidebar reads the kept-unread marks of a feed that has some, and only those', async () => {
    // After "mark all read", two items kept unread below the watermark: two marks, counted on the row.
    const kept = (await listPage(primaryPeopleDb(db), MARKER, 'UTC', myFeed({ feedId: MARK_ALL_FEED, limit: 2 })))
      .items;
    for (const item of kept) await setItemRead(primaryPeopleDb(db), MARKER, item.id, false);
    const { meter, result } = await metered(async (m) =>
      listCategoriesWithFeeds(primaryPeopleDb(m), MARKER, (await reader(MARKER)).readingList),
    );
    expect(result.flatMap((category) => category.feeds).map((feed) => feed.unreadCount)).toEqual([2]);
    // The subscription and the feed; the feed's two marks (the last rows of the marks' key here, so no row
    // past them is read); then the two items they keep unread, looked up for stories.
    expect(meter.rowsRead).toBe(2 + 2 + 2);
  });

  it('one read mark is one round trip writing 1 row, its subscription row (issue 30: it wrote 2, and 1 more when retention took its item); the first of a feed, 2', async () => {
    const unread = (await listPage(primaryPeopleDb(db), READER, 'UTC', myFeed({ filter: 'unread', limit: 200 }))).items;
    // Two unread items of a feed none of whose items was read on its own yet.
    const [first, next] = unread.filter((item) => item.feedId === unread[0]?.feedId);
    if (!first || !next) throw new Error('no feed with two unread items');
    const flagOf = async () =>
      (JSON.parse((await reader()).readingList ?? 'null') as ReadingList).subscriptions.find(
        ([feedId]) => feedId === first.feedId,
      )?.[6];
    expect(await flagOf()).toBe(0);
    // Its first position: the subscription row and the reading list's word that the feed has positions now
    // (pages read no subscription row for a feed whose list entry says it has none).
    const firstMark = await metered((m) => setItemRead(primaryPeopleDb(m), READER, first.id, true));
    expect(firstMark.meter.calls).toBe(1);
    expect(firstMark.meter.rowsWritten).toBe(2);
    expect(await flagOf()).toBe(1);
    // Every mark after it in that feed: the subscription row alone.
    const nextMark = await metered((m) => setItemRead(primaryPeopleDb(m), READER, next.id, true));
    expect(nextMark.meter.calls).toBe(1);
    expect(nextMark.meter.rowsWritten).toBe(1);
    const page = (await listPage(primaryPeopleDb(db), READER, 'UTC', myFeed({ limit: 200, ...(await session()) })))
      .items;
    expect(page.filter((item) => item.id === first.id || item.id === next.id).map((item) => item.isRead)).toEqual([
      true,
      true,
    ]);
  });
});

describe('the same reading list in another feed shard (the person in the primary database)', () => {
  const spansElsewhere = () => session(READER_ELSEWHERE);

  it('My Feed: one statement in the shard, then the marks of the rows shown', async () => {
    await listPage(primaryPeopleDb(db), READER_ELSEWHERE, 'UTC', myFeed(await spansElsewhere()));
    const { meter, result } = await metered(async (m) =>
      listPage(primaryPeopleDb(m), READER_ELSEWHERE, 'UTC', myFeed(await spansElsewhere())),
    );
    expect(result.items.map((item) => item.title)).toEqual(Array.from({ length: SHOWN }, (_, n) => `Item ${n}`));
    expect(result.items.map((item) => item.isRead)).toEqual(Array.from({ length: SHOWN }, (_, n) => n % 10 < 3));
    // The shard's statement (the subscriptions handed over from the reading list), the marks of the rows shown.
    expect(meter.calls).toBe(2);
    expect(meter.rowsRead).toBe(ROWS.page[1]);
    expect(meter.rowsWritten).toBe(0);
    // Each row shown opens from its id: the seed minted ids of the shard that holds them, as a refresh does.
    const opened = await getItem(primaryPeopleDb(db), READER_ELSEWHERE, result.items[SHOWN - 1]?.id ?? 0);
    expect(opened.item.title).toBe(`Item ${SHOWN - 1}`);
  });

  it('an unread page', async () => {
    await listPage(
      primaryPeopleDb(db),
      READER_ELSEWHERE,
      'UTC',
      myFeed({ filter: 'unread', ...(await spansElsewhere()) }),
    );
    const spans = await spansElsewhere();
    const { meter, result } = await metered((m) =>
      listPage(primaryPeopleDb(m), READER_ELSEWHERE, 'UTC', myFeed({ filter: 'unread', ...spans })),
    );
    expect(result.items.map((item) => item.title)).toEqual(
      Array.from({ length: 60 }, (_, n) => n)
        .filter((n) => n % 10 >= 3)
        .slice(0, SHOWN)
        .map((n) => `Item ${n}`),
    );
    expect(meter.rowsRead).toBe(ROWS.unreadPage[1]);
  });

  it('a category page', async () => {
    const { meter, result } = await metered(async (m) =>
      listPage(primaryPeopleDb(m), READER_ELSEWHERE, 'UTC', myFeed({ categoryId: 7011, ...(await spansElsewhere()) })),
    );
    expect(result.items).toHaveLength(SHOWN);
    expect(meter.rowsRead).toBe(ROWS.categoryPage[1]);
  });

  secondPages(READER_ELSEWHERE, 1);

  it('the sidebar: 2 rows a feed', async () => {
    const { meter, result } = await metered(async (m) =>
      listCategoriesWithFeeds(primaryPeopleDb(m), READER_ELSEWHERE, (await reader(READER_ELSEWHERE)).readingList),
    );
    expect(result.flatMap((category) => category.feeds)).toHaveLength(FEEDS);
    expect(result.reduce((sum, category) => sum + category.unreadCount, 0)).toBe(FEEDS * ITEMS_PER_FEED * 0.7);
    // The feeds' rows are read in their shard, each by primary key: no range end there, and no mark (as above).
    expect(meter.rowsRead).toBe(2 * FEEDS);
  });
});
