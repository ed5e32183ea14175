// A window's statement built once per shape (window-statement.ts) is, run after run with other values,
// the statement written with its values, as before it was built once: the same text, the same values and
// the same rows, for every shape a page may ask for. And its key names everything the text depends on:
// without any one part of it, two of these shapes would share a statement and one of them would be wrong.
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../test/helpers';
import { builtByShape } from '../built-once';
import { queryOf } from '../client';
import type { StatementSubscription } from '../person-scope';
import { positionsInScopeSql } from '../read-above';
import { listedInScope, rebuildReadingList } from '../reading-list';
import { SHARD_SPAN } from '../shards';
import { createUser } from '../users';
import type { Scan } from './page-reads';
import { readInScope } from './scoped-read';
import { type WindowRange, windowQuery, windowShape, windowSql } from './window-statement';

const NOW = Date.parse('2026-11-28T08:00:00Z');
const HOUR = 3_600_000;
const FEEDS = 3;
const ITEMS_A_FEED = 12;
const ENCLOSURE = JSON.stringify([{ url: 'https://a.example/1.mp3', type: 'audio/mpeg', length: 10, duration: null }]);

/** Item n of feed f: published (n × FEEDS + f) hours before NOW, stored an hour after; an enclosure on even n. */
const dateOf = (f: number, n: number) => NOW - (n * FEEDS + f) * HOUR;

/**
 * A person following three feeds of twelve items: the first read up to seq 4 with seq 2 kept unread, the
 * second with seqs 6 and 9 read on their own, one item starred and one hidden. Their subscriptions as a
 * page takes them from the reading list.
 */
async function seedReader() {
  const user = await createUser(db, { name: 'Windows', email: `windows.${Date.now()}@example.com` }, NOW);
  if (!user) throw new Error('no user');
  const feedIds: number[] = [];
  for (let f = 0; f < FEEDS; f++) {
    const feed = await env.DB.prepare(
      'insert into feeds (url, next_fetch_at, created_at) values (?1, ?2, ?2) returning id',
    )
      .bind(`https://windows.example/${user.id}/${f}`, NOW)
      .first<{ id: number }>();
    if (!feed) throw new Error('no feed');
    feedIds.push(feed.id);
  }
  const statements = feedIds.flatMap((feedId, f) => [
    env.DB.prepare(
      `insert into subscriptions (user_id, feed_id, name, read_seq, read_above, created_at) values (?1, ?2, ?3, ?4, ?5, ?6)`,
    ).bind(user.id, feedId, `Feed ${f}`, f === 0 ? 4 : 0, f === 1 ? ',6,9,' : null, NOW),
    ...Array.from({ length: ITEMS_A_FEED }, (_, n) =>
      env.DB.prepare(
        `insert into items (feed_id, guid_hash, seq, title, content, link, enclosures, pub_date, created_at, star_count)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
      ).bind(
        feedId,
        `g-${feedId}-${n}`,
        n + 1,
        `Item ${f}.${n}`,
        `<p>Item ${f}.${n}</p>`,
        `https://windows.example/${f % 2 === 0 ? 'even' : 'odd'}/${n}`,
        n % 2 === 0 ? ENCLOSURE : null,
        dateOf(f, n),
        dateOf(f, n) + HOUR,
        f === 2 && n === 1 ? 1 : 0,
      ),
    ),
  ]);
  await env.DB.batch([
    ...statements,
    env.DB.prepare('insert into read_marks (user_id, feed_id, seq, is_read, marked_at) values (?1, ?2, 2, 0, ?3)').bind(
      user.id,
      feedIds[0],
      NOW,
    ),
    env.DB.prepare(
      'insert into stars (user_id, item_id, feed_id, created_at) select ?1, id, feed_id, ?3 from items where feed_id = ?2 and seq = 2',
    ).bind(user.id, feedIds[2], NOW),
    env.DB.prepare('insert into hidden_items (user_id, feed_id, seq) values (?1, ?2, 3)').bind(user.id, feedIds[1]),
  ]);
  const list = await rebuildReadingList(db.people.at(0), user.id);
  return { userId: user.id, subscriptions: listedInScope(list, {}) };
}

/** The shapes a page may ask for: each differs from the first in one part of its key, and some run twice. */
function shapes(userId: number, subscriptions: StatementSubscription[]): [Scan, WindowRange][] {
  const base: Scan = {
    userId,
    subscriptions,
    state: 'all',
    newest: true,
    from: null,
    to: null,
    cursor: null,
  };
  const range = { lower: dateOf(0, 9), upper: null };
  // In another feed shard (no items there): the page's statement cannot read its stories' lists there.
  const elsewhere = { ...subscriptions[0], feedId: SHARD_SPAN + 7, name: 'Elsewhere' } as StatementSubscription;
  // Past 100 feeds the positions are looked up per row, not read once.
  const many = [
    ...subscriptions,
    ...Array.from(
      { length: 100 },
      (_, k) => ({ ...subscriptions[1], feedId: 900_000 + k, mayHavePositions: true }) as StatementSubscription,
    ),
  ];
  return [
    [base, range],
    [base, { lower: dateOf(2, 5), upper: null }],
    [{ ...base, newest: false }, range],
    [
      { ...base, newest: false },
      { lower: null, upper: dateOf(0, 3) },
    ],
    [{ ...base, state: 'unread' }, range],
    [{ ...base, state: 'read' }, range],
    [{ ...base, storyLists: true }, range],
    [{ ...base, storyLists: true, subscriptions: [...subscriptions, elsewhere] }, range],
    [{ ...base, hasEnclosure: true }, range],
    [{ ...base, hasEnclosure: false }, range],
    [{ ...base, from: dateOf(1, 6) }, range],
    [{ ...base, to: dateOf(1, 2) }, range],
    [{ ...base, storedFrom: dateOf(0, 5) }, range],
    [{ ...base, storedTo: dateOf(0, 2) }, range],
    [{ ...base, hiddenOf: userId }, range],
    [{ ...base, cursor: { pubDate: dateOf(1, 4), id: 0 } }, range],
    [{ ...base, cursor: { pubDate: dateOf(2, 2), id: Number.MAX_SAFE_INTEGER } }, range],
    [base, { lower: null, upper: null }],
    [base, { lower: dateOf(0, 10), upper: dateOf(0, 1) }],
    [{ ...base, subscriptions: many }, range],
    [{ ...base, link: { has: ['even'], lacks: [] } }, range],
    [{ ...base, link: { has: [], lacks: ['even'] } }, range],
  ];
}

/** The window's statement as it was written before it was built once: its values in it. */
function usualQuery(scan: Scan, range: WindowRange) {
  const positions = positionsInScopeSql(scan.userId, scan.subscriptions);
  return windowSql(scan, range, positions === undefined ? undefined : sql.raw(positions));
}

describe("a window's statement built once per shape", () => {
  it('is the statement written with its values, and reads its rows, shape after shape', async () => {
    const { userId, subscriptions } = await seedReader();
    const statements = builtByShape(64);
    const people = db.people.at(0);
    const seen = new Set<number>();
    for (const [scan, range] of shapes(userId, subscriptions)) {
      const usual = usualQuery(scan, range);
      const built = windowQuery(scan, range, statements);
      expect(equalQueries(built, queryOf(usual))).toBe(true);
      const rows = await readInScope(people, scan, built);
      expect(rows).toEqual(await readInScope(people, scan, usual));
      seen.add(rows.length);
    }
    // The shapes read different rows: a statement of the wrong shape would show.
    expect(seen.size).toBeGreaterThan(5);
  });

  it('gives a wrong statement to some shape when its key leaves out any one part', async () => {
    const { userId, subscriptions } = await seedReader();
    const cases = shapes(userId, subscriptions);
    const [first] = cases;
    if (!first) throw new Error('no shapes');
    const parts = windowShape(first[0], first[1], true).split('|').length;
    for (let part = 0; part < parts; part++) {
      const withoutPart = (...args: Parameters<typeof windowShape>) =>
        windowShape(...args)
          .split('|')
          .filter((_, k) => k !== part)
          .join('|');
      const statements = builtByShape(64);
      const wrong = cases.filter(
        ([scan, range]) =>
          !equalQueries(windowQuery(scan, range, statements, withoutPart), queryOf(usualQuery(scan, range))),
      );
      expect(wrong.length, `key without part ${part}`).toBeGreaterThan(0);
    }
  });
});

const equalQueries = (a: { sql: string; params: unknown[] }, b: { sql: string; params: unknown[] }) =>
  a.sql === b.sql && JSON.stringify(a.params) === JSON.stringify(b.params);
