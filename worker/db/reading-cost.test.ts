// What the reading screens cost in D1 rows (issue 12's goals), counted from D1's own result meta on a
// reading list shaped like the benchmark's: 50 feeds (40 of them in 5 categories) whose items interleave
// every 4 minutes, 30 % of them read one by one. A change that reads more rows per row shown fails here;
// `npm run bench -- cost` measures the same on the full benchmark data.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { listCategoriesWithFeeds } from './categories';
import { createDb } from './client';
import { type ItemQuery, listItems, setItemRead } from './items';
import { meteredD1, newMeter } from './metered-d1';
import { markFeedsRead } from './read-state';
import { findUserById } from './users';

const READER = 7001;
const MARKER = 7002;
const FIRST_FEED = 7100;
const FEEDS = 50;
const ITEMS_PER_FEED = 40;
const MARK_ALL_FEED = 7200;
const SHOWN = 30;

const db = createDb(env);

async function metered<T>(work: (db: ReturnType<typeof createDb>) => Promise<T>) {
  const meter = newMeter();
  const result = await work(createDb(env, (d1) => meteredD1(d1, meter)));
  return { meter, result };
}

const myFeed = (query: Partial<ItemQuery> = {}): ItemQuery => ({
  filter: 'all',
  sort: 'newest',
  dateFilter: 'none',
  limit: SHOWN,
  ...query,
});

/** The reader as a request finds them with their session: remembered spans included. */
async function reader() {
  const user = await findUserById(db, READER);
  if (!user) throw new Error('the reader is missing');
  return user;
}

beforeAll(async () => {
  const now = Date.now();
  const d1 = env.DB;
  const setup: D1PreparedStatement[] = [
    d1.prepare(`insert into users (id, email, name, created_at) values (${READER}, 'cost@example.com', 'Cost', ${now}),
      (${MARKER}, 'mark-all@example.com', 'Mark all', ${now})`),
    d1.prepare(`insert into categories (id, user_id, name, created_at) values
      ${[1, 2, 3, 4, 5].map((c) => `(${7000 + c}, ${READER}, 'Category ${c}', ${now})`).join(', ')}`),
  ];
  for (let f = 0; f < FEEDS; f++) {
    const feed = FIRST_FEED + f;
    setup.push(
      d1.prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq)
        values (${feed}, 'https://cost.example/${f}.xml', ${now + 86_400_000}, ${now}, ${ITEMS_PER_FEED})`),
      d1.prepare(`insert into subscriptions (user_id, feed_id, name, category_id, created_at)
        values (${READER}, ${feed}, 'Feed ${f}', ${f < 10 ? 'null' : 7001 + (f % 5)}, ${now})`),
    );
  }
  await d1.batch(setup);
  const total = FEEDS * ITEMS_PER_FEED;
  const inserts: D1PreparedStatement[] = [];
  for (let start = 0; start < total; start += 200) {
    const rows: string[] = [];
    const reads: string[] = [];
    for (let n = start; n < start + 200; n++) {
      const feed = FIRST_FEED + (n % FEEDS);
      const seq = ITEMS_PER_FEED - Math.floor(n / FEEDS);
      rows.push(`(${feed}, ${seq}, 'cost-${n}', 'Item ${n}', 'Text of item ${n}', ${now - n * 240_000}, ${now})`);
      if (n % 10 < 3) reads.push(`(${READER}, ${feed}, ${seq}, 1, ${now})`);
    }
    inserts.push(
      d1.prepare(`insert into items (feed_id, seq, guid_hash, title, content, pub_date, created_at) values ${rows}`),
      d1.prepare(`insert into read_marks (user_id, feed_id, seq, is_read, marked_at) values ${reads}`),
    );
  }
  // Someone else follows one feed of 2,000 items, to mark it all read.
  inserts.push(
    d1.prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq)
      values (${MARK_ALL_FEED}, 'https://cost.example/mark-all.xml', ${now + 86_400_000}, ${now}, 2000)`),
    d1.prepare(`insert into subscriptions (user_id, feed_id, name, created_at)
      values (${MARKER}, ${MARK_ALL_FEED}, 'Busy', ${now})`),
  );
  for (let start = 0; start < 2000; start += 200) {
    const rows = Array.from(
      { length: 200 },
      (_, k) =>
        `(${MARK_ALL_FEED}, ${2000 - start - k}, 'busy-${start + k}', 'Busy ${start + k}', ${now - (start + k) * 60_000}, ${now})`,
    );
    inserts.push(d1.prepare(`insert into items (feed_id, seq, guid_hash, title, pub_date, created_at) values ${rows}`));
  }
  inserts.push(
    d1.prepare(`update subscriptions set read_adjust = -(select count(*) from read_marks m
      where m.user_id = subscriptions.user_id and m.feed_id = subscriptions.feed_id) where user_id = ${READER}`),
  );
  await d1.batch(inserts);
});

describe('rows read per row shown (issue 12: at most 5)', () => {
  it('a first page of My Feed remembers how far back it looked, and the next one reads one window', async () => {
    const before = await reader();
    expect(before.pageSpanMs).toBeNull();
    const first = await listItems(db, READER, 'UTC', myFeed({ pageSpans: before }));
    expect(first.items).toHaveLength(SHOWN);
    const remembered = (await reader()).pageSpanMs;
    // 31 items (a page and the one that says there is more), 4 minutes apart: about two hours.
    expect(remembered).toBeGreaterThan(110 * 60_000);
    expect(remembered).toBeLessThan(130 * 60_000);

    const { meter, result } = await metered((m) => listItems(m, READER, 'UTC', myFeed({ pageSpans: before })));
    expect(result.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    const again = await metered(async (m) => listItems(m, READER, 'UTC', myFeed({ pageSpans: await reader() })));
    expect(again.result.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    // With the span remembered: one statement, and fewer rows than without it.
    expect(again.meter.calls).toBe(1);
    expect(again.meter.rowsRead).toBeLessThan(meter.rowsRead);
    expect(again.meter.rowsRead / SHOWN).toBeLessThanOrEqual(5);
    // Nothing written while the span still fits.
    expect(again.meter.rowsWritten).toBe(0);
  });

  it('a remembered span far off what a page needs is corrected, once', async () => {
    const fitting = (await reader()).pageSpanMs ?? 0;
    const tooWide = { pageSpanMs: fitting * 10, unreadPageSpanMs: null };
    const wide = await metered((m) => listItems(m, READER, 'UTC', myFeed({ pageSpans: tooWide })));
    expect(wide.result.items).toHaveLength(SHOWN);
    // Ten times the rows it needed, so the span it needed is written back (one row).
    expect(wide.meter.rowsWritten).toBe(1);
    // The span from now back to the 31st item: what it was, give or take the milliseconds since.
    expect(Math.abs(((await reader()).pageSpanMs ?? 0) - fitting)).toBeLessThan(1000);
  });

  it('shows read state right while reading so few rows', async () => {
    const page = await listItems(db, READER, 'UTC', myFeed({ pageSpans: await reader() }));
    // Items n with n % 10 < 3 were read one by one; they are numbered newest first.
    expect(page.items.map((item) => item.isRead)).toEqual(Array.from({ length: SHOWN }, (_, n) => n % 10 < 3));
  });

  it('an unread page, once its span is remembered', async () => {
    await listItems(db, READER, 'UTC', myFeed({ filter: 'unread', pageSpans: await reader() }));
    const spans = await reader();
    expect(spans.unreadPageSpanMs).not.toBeNull();
    const { meter, result } = await metered((m) =>
      listItems(m, READER, 'UTC', myFeed({ filter: 'unread', pageSpans: spans })),
    );
    expect(result.items).toHaveLength(SHOWN);
    expect(result.items.every((item) => !item.isRead)).toBe(true);
    expect(meter.calls).toBe(1);
    // Above the goal of 5: every window reads a row per subscription and probes every feed, and the read
    // items between the unread ones cost their row and their mark (README, "Reading cost").
    expect(meter.rowsRead / SHOWN).toBeLessThanOrEqual(6);
  });

  it('a category page', async () => {
    const { meter, result } = await metered((m) => listItems(m, READER, 'UTC', myFeed({ categoryId: 7001 })));
    expect(result.items).toHaveLength(SHOWN);
    expect(meter.rowsRead / SHOWN).toBeLessThanOrEqual(5);
  });
});

describe('the sidebar and marking read', () => {
  it('unread counts for every followed feed: 2 rows a feed, plus the categories', async () => {
    const { meter, result } = await metered((m) => listCategoriesWithFeeds(m, READER));
    expect(result.flatMap((category) => category.feeds)).toHaveLength(FEEDS);
    expect(result.reduce((sum, category) => sum + category.unreadCount, 0)).toBe(FEEDS * ITEMS_PER_FEED * 0.7);
    // Each statement's range ends on one row past it: 1 more per statement (categories, subscriptions).
    expect(meter.rowsRead).toBeLessThanOrEqual(2 * FEEDS + 5 + 2);
  });

  it('marking a whole feed read writes the same few rows whatever it holds', async () => {
    const { meter, result } = await metered((m) => markFeedsRead(m, MARKER, [MARK_ALL_FEED]));
    expect(result).toBe(2000);
    expect(meter.rowsWritten).toBeLessThanOrEqual(2);
  });

  it('one read mark is one round trip writing at most 2 rows', async () => {
    const [item] = (await listItems(db, READER, 'UTC', myFeed({ filter: 'unread', limit: 1 }))).items;
    if (!item) throw new Error('no unread item');
    const { meter } = await metered((m) => setItemRead(m, READER, item.id, true));
    expect(meter.calls).toBe(1);
    expect(meter.rowsWritten).toBeLessThanOrEqual(2);
    const [shown] = (await listItems(db, READER, 'UTC', myFeed({ limit: 200 }))).items.filter((i) => i.id === item.id);
    expect(shown?.isRead).toBe(true);
  });
});
