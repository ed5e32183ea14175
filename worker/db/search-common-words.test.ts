// A ranked search of common words (issue 29): bm25 weighs each word by counting every row of the shard
// that holds it, so a word in nearly every row cost the whole shard's worth, once per search. Ranking now
// weighs only words in at most RANKED_WORD_ROWS rows (search.ts), probed with a bounded read; a search of
// common words only lists its matches newest first, reading the index in its own order up to the page.
// Counted on a shard where the person follows 2,500 items holding the common word, and another feed
// holds 200 more: it used to read every one of the person's matches twice (the index, then the sort).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SearchPageQuery, searchPage } from '../test/item-pages';
import { primaryPeopleDb } from '../test/people';
import { createDb } from './client';
import { meteredD1, newMeter } from './metered-d1';
import { rebuildReadingList } from './reading-list';
import { RANKED_WORD_ROWS } from './search';
import { nextItemIdSql } from './shards';
import { findUserById } from './users';

const READER = 7701;
const FOLLOWED = 7801;
const OTHER = 7802;
const FOLLOWED_ITEMS = 2_500;
const OTHER_ITEMS = 200;
/** Items (0 oldest) with the rare word in the title, and with it in the content only. */
const rareInTitle = (k: number) => k % 100 === 7;
const rareInContent = (k: number) => k % 100 === 42;

const db = createDb(env);

/** Items of a feed in the primary database, each with the common word, indexed as storeItems indexes them. */
async function seedFeed(feedId: number, count: number, now: number) {
  const feeds = env.DB;
  await feeds
    .prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq)
      values (?1, 'https://common-words.example/' || ?1 || '.xml', ?2, ?3, ?4)`)
    .bind(feedId, now + 86_400_000, now, count)
    .run();
  // Item k (0 oldest) has seq k + 1 and the k-th id of the statement: ids, like arrivals, grow with k.
  await feeds
    .prepare(`with recursive n(k) as (select 0 union all select k + 1 from n where k < ?2 - 1)
      insert into items (id, feed_id, seq, guid_hash, title, content, pub_date, created_at)
      select ${nextItemIdSql(0, now, 'k')}, ?1, k + 1, 'common-' || ?1 || '-' || k,
        case when k % 100 = 7 then 'Item ' || k || ' quillwort' else 'Item ' || k end,
        case when k % 100 = 42 then 'zephyr weather and quillwort' else 'zephyr weather' end,
        ?3 - (?2 - k) * 60000, ?3
      from n where true`)
    .bind(feedId, count, now)
    .run();
  await feeds
    .prepare(`insert into search_index (rowid, title, summary, content, author, feed, feed_id, seq, pub_date)
      select id, title, '', content, '', 'f' || feed_id, feed_id, seq, pub_date from items where feed_id = ?1`)
    .bind(feedId)
    .run();
}

beforeAll(async () => {
  const now = Date.now();
  await env.DB.prepare(
    `insert into users (id, email, name, created_at) values (?1, 'common-words@example.com', 'Common', ?2)`,
  )
    .bind(READER, now)
    .run();
  await seedFeed(OTHER, OTHER_ITEMS, now);
  await seedFeed(FOLLOWED, FOLLOWED_ITEMS, now);
  await env.DB.prepare(`insert into subscriptions (user_id, feed_id, name, created_at) values (?1, ?2, 'Weather', ?3)`)
    .bind(READER, FOLLOWED, now)
    .run();
  await rebuildReadingList(primaryPeopleDb(db), READER);
});

/** A ranked search as a request makes it, with the rows it read. */
async function ranked(search: string, cursor?: string) {
  const user = await findUserById(db, READER);
  const meter = newMeter();
  const handle = createDb(env, (d1) => meteredD1(d1, meter));
  const query: SearchPageQuery = { search, sort: 'relevance', filter: 'all', limit: 30, cursor };
  const page = await searchPage(primaryPeopleDb(handle), READER, 'UTC', { ...query, readingList: user?.readingList });
  return { page, rowsRead: meter.rowsRead };
}

const numbers = (page: { items: { title: string }[] }) => page.items.map((item) => Number(item.title.split(' ')[1]));

describe('a search by relevance of a word in nearly every row', () => {
  it('lists the newest matches first, reading the word’s count up to the bound and the page, not every match', async () => {
    const first = await ranked('zephyr');
    const newest = Array.from({ length: 30 }, (_, n) => FOLLOWED_ITEMS - 1 - n);
    expect(numbers(first.page)).toEqual(newest);
    // The probe (the bound and one more) and the page: its index rows, their order, the items rows. Before:
    // about 5,000 (every match, then its sort).
    expect(first.rowsRead).toBeLessThanOrEqual(RANKED_WORD_ROWS + 1 + 3 * 31 + 10);
    const second = await ranked('zephyr', first.page.nextCursor ?? undefined);
    expect(numbers(second.page)).toEqual(newest.map((k) => k - 30));
    // The next page starts below the last id; the index, read backwards, steps over the first page again.
    expect(second.rowsRead).toBeLessThanOrEqual(RANKED_WORD_ROWS + 1 + 4 * 31 + 10);
  });

  it('ranks by a rarer word beside it: in the title first, then in the text, and reads only its matches', async () => {
    const { page, rowsRead } = await ranked('zephyr quillwort');
    const titled = Array.from({ length: FOLLOWED_ITEMS }, (_, k) => k).filter(rareInTitle);
    const inText = Array.from({ length: FOLLOWED_ITEMS }, (_, k) => k).filter(rareInContent);
    expect(page.items).toHaveLength(30);
    expect(
      numbers(page)
        .slice(0, titled.length)
        .sort((a, b) => a - b),
    ).toEqual(titled);
    expect(numbers(page).slice(titled.length)).toEqual(inText.reverse().slice(0, 30 - titled.length));
    // The common word's probe, the rare word's rows in both feeds four times (its probe, the rank, the whole
    // search's check, the sort) and the page.
    const rareRows = ((FOLLOWED_ITEMS + OTHER_ITEMS) / 100) * 2;
    expect(rowsRead).toBeLessThanOrEqual(RANKED_WORD_ROWS + 1 + 4 * rareRows + 2 * 31 + 10);
  });
});
