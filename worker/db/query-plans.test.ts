// EXPLAIN QUERY PLAN on the exact SQL behind GET /api/feed-items (home, by feed, by category, unread,
// date filter, a later page, a search), GET /api/categories/with-feeds and PATCH /api/feed-items/{id}.
// A recording D1 captures what the real data-access functions send; every statement must reach `items` and
// `read_marks` through an index (SEARCH), never by scanning them. Other tables may be scanned through an
// index (`SCAN s USING INDEX …`).
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, feeds, items, subscriptions, users } from '../../schema';
import { type ListPage, listPage, searchPage } from '../test/item-pages';
import { primaryPeopleDb } from '../test/people';
import { listCategoriesWithFeeds } from './categories';
import { createDb } from './client';
import { setItemRead } from './item-row';
import { rebuildReadingList } from './reading-list';
import { nextItemIdSql, shardOfId } from './shards';

type Statement = { sql: string; params: unknown[] };

const EXECUTE = new Set(['run', 'all', 'raw', 'first']);
/** What each recorded statement says, for batches, which run statements without calling them. */
const recorded = new WeakMap<object, Statement>();

/** A statement that logs its SQL and bound values when it runs, and otherwise is the real one. */
function recordedStatement(statement: D1PreparedStatement, sql: string, params: unknown[], log: Statement[]) {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      if (prop === 'bind') {
        return (...values: unknown[]) => recordedStatement(target.bind(...values), sql, values, log);
      }
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (EXECUTE.has(String(prop))) log.push({ sql, params });
        return value.apply(target, args);
      };
    },
  });
  recorded.set(proxy, { sql, params });
  return proxy;
}

/** Runs `work` against the real D1 and returns every statement it executed. */
async function statementsOf(work: (db: ReturnType<typeof createDb>) => Promise<unknown>) {
  const log: Statement[] = [];
  const recording = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => recordedStatement(target.prepare(sql), sql, [], log);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          for (const statement of statements) {
            const known = recorded.get(statement);
            if (known) log.push(known);
          }
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  await work(createDb({ DB: recording }));
  expect(log.length).toBeGreaterThan(0);
  return log;
}

/** Names under which `items` and `read_marks` appear in the statement: the tables and their aliases. */
function guardedNames(sql: string) {
  const names = new Set<string>();
  for (const match of sql.matchAll(/\b(?:from|join)\s+["`]?(items|read_marks)["`]?(?:\s+(?:as\s+)?(\w+))?/gi)) {
    names.add((match[1] as string).toLowerCase());
    const alias = match[2]?.toLowerCase();
    if (alias && !['on', 'where', 'left', 'inner', 'join', 'order', 'limit', 'group', 'set'].includes(alias)) {
      names.add(alias);
    }
  }
  return names;
}

/** Plan lines that scan `items` or `read_marks` (by name or alias), with or without an index. */
async function scansOf(statement: Statement) {
  const plan = await env.DB.prepare(`explain query plan ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  const guarded = guardedNames(statement.sql);
  return plan.results
    .map((row) => row.detail)
    .filter((detail) => {
      const scanned = detail.match(/^SCAN (\w+)/)?.[1]?.toLowerCase();
      return scanned !== undefined && guarded.has(scanned);
    });
}

async function expectIndexedOnly(work: (db: ReturnType<typeof createDb>) => Promise<unknown>) {
  for (const statement of await statementsOf(work)) {
    expect({ sql: statement.sql, scans: await scansOf(statement) }).toEqual({ sql: statement.sql, scans: [] });
  }
}

const db = createDb(env);
const person = { id: 0, timezone: 'UTC', categoryId: 0, feedId: 0, itemId: 0 };
const page = (query: ListPage): ListPage => ({
  filter: 'all',
  sort: 'newest',
  dateFilter: 'none',
  limit: 2,
  ...query,
});

/** The first row an insert … returning gave back. */
function first<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

beforeAll(async () => {
  const now = new Date();
  const user = first(
    await db
      .insert(users)
      .values({ email: 'plans@example.com', name: 'Plans', createdAt: now })
      .returning({ id: users.id }),
  );
  const category = first(
    await db
      .insert(categories)
      .values({ userId: user.id, name: 'News', createdAt: now })
      .returning({ id: categories.id }),
  );
  const feed = first(
    await db
      .insert(feeds)
      .values({ url: 'https://plans.example/feed.xml', nextFetchAt: now, createdAt: now, lastSeq: 3 })
      .returning({ id: feeds.id }),
  );
  await db
    .insert(subscriptions)
    .values({ userId: user.id, feedId: feed.id, name: 'Plans feed', categoryId: category.id, createdAt: now });
  // The person's reading list from those rows, as every write of the app rebuilds it.
  await rebuildReadingList(primaryPeopleDb(db), user.id);
  const item = first(
    await db
      .insert(items)
      .values(
        [1, 2, 3].map((n) => ({
          // As a refresh mints ids (shards.ts): a plain AUTOINCREMENT id after a clock id names another shard.
          id: sql.raw(nextItemIdSql(shardOfId(feed.id), now.getTime(), n - 1)),
          feedId: feed.id,
          guidHash: `guid-${n}`,
          seq: 4 - n,
          title: `Item ${n}`,
          pubDate: new Date(now.getTime() - n * 60_000),
          createdAt: now,
        })),
      )
      .returning({ id: items.id }),
  );
  Object.assign(person, { id: user.id, categoryId: category.id, feedId: feed.id, itemId: item.id });
});

describe('the queries behind the reading screens use indexes', () => {
  it.each([
    ['home', {}],
    ['one feed', { feedId: -1 }],
    ['one category', { categoryId: -1 }],
    ['unread only', { filter: 'unread' as const }],
    ['the last 7 days, oldest first', { dateFilter: 'last7days' as const, sort: 'oldest' as const }],
  ])('GET /api/feed-items, %s', async (_name, query) => {
    const resolved = {
      ...query,
      ...('feedId' in query ? { feedId: person.feedId } : {}),
      ...('categoryId' in query ? { categoryId: person.categoryId } : {}),
    };
    await expectIndexedOnly((recording) =>
      listPage(primaryPeopleDb(recording), person.id, person.timezone, page(resolved)),
    );
  });

  it('GET /api/feed-items, a later page (cursor)', async () => {
    const first = await listPage(primaryPeopleDb(db), person.id, person.timezone, page({}));
    expect(first.nextCursor).not.toBeNull();
    await expectIndexedOnly((recording) =>
      listPage(primaryPeopleDb(recording), person.id, person.timezone, page({ cursor: first.nextCursor ?? undefined })),
    );
  });

  it('GET /api/categories/with-feeds', async () => {
    await expectIndexedOnly((recording) => listCategoriesWithFeeds(primaryPeopleDb(recording), person.id));
  });

  it('PATCH /api/feed-items/{id}, read and unread', async () => {
    await expectIndexedOnly((recording) => setItemRead(primaryPeopleDb(recording), person.id, person.itemId, true));
    await expectIndexedOnly((recording) => setItemRead(primaryPeopleDb(recording), person.id, person.itemId, false));
  });
});

describe('a search reads the index, then only the rows of its page', () => {
  it.each([
    ['newest first', {}],
    ['unread only', { filter: 'unread' as const }],
    ['starred only', { filter: 'starred' as const }],
    ['by relevance, a later page', { sort: 'relevance' as const, cursor: btoa('all:relevance:search:-1:1') }],
  ])('GET /api/feed-items?search=…, %s', async (_name, query) => {
    const search = (handle: ReturnType<typeof createDb>) =>
      searchPage(primaryPeopleDb(handle), person.id, person.timezone, {
        search: 'item',
        filter: 'all',
        sort: 'newest',
        dateFilter: 'none',
        limit: 2,
        ...query,
      });
    await expectIndexedOnly(search);
    const [statement] = (await statementsOf(search)).filter((s) => s.sql.includes('search_index'));
    if (!statement) throw new Error('no search statement');
    const plan = await env.DB.prepare(`explain query plan ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    // Each row of the page by its primary key, after the LIMIT: never the items of a whole feed.
    expect(plan.results.map((row) => row.detail)).toContain('SEARCH i USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan.results.filter((row) => /\bi\b USING INDEX/.test(row.detail))).toEqual([]);
  });
});

describe('a ranked search reads only the person’s feeds in the index (issue 29)', () => {
  it('GET /api/feed-items?search=…&sort=relevance: their feeds are in the MATCH, not a filter after it', async () => {
    const search = (handle: ReturnType<typeof createDb>) =>
      searchPage(primaryPeopleDb(handle), person.id, person.timezone, {
        search: 'item',
        filter: 'all',
        sort: 'relevance',
        dateFilter: 'none',
        limit: 2,
      });
    const [statement] = (await statementsOf(search)).filter((s) => s.sql.includes('search_index'));
    if (!statement) throw new Error('no search statement');
    // bm25 ranks the rows of the MATCH: with the feed tokens in it, no other person's match is scored.
    expect(statement.params).toContainEqual(expect.stringContaining(`feed : (f${person.feedId})`));
    expect(statement.sql).not.toMatch(/feed_id in \(select value from json_each/);
  });
});
