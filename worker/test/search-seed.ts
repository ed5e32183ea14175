// The data of the search paging tests (db/search-newest, search-window, search-oldest): a reader following a
// steady feed (one item a minute up to a minute ago, each stored when published) and a late reader following
// an archive too (one a day, all stored in the refresh a minute ago, after the steady ones), thousands of
// items with their search index rows, written straight into the primary database in a few statements.
import { env } from 'cloudflare:workers';
import { createDb } from '../db/client';
import { rebuildReadingList } from '../db/reading-list';
import { CLOCK_ID_BASE, ID_EPOCH_MS, MAX_SHARDS } from '../db/shards';
import { primaryPeopleDb } from './people';

export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** The id the clock gives an item stored at `ms` in the primary database (shards.ts clockItemId), as SQL. */
const clockIdSql = (ms: string) => `(${CLOCK_ID_BASE} + (${ms} - ${ID_EPOCH_MS}) * ${MAX_SHARDS})`;

/**
 * `count` items of feed `feedId` (k = 0 … count − 1, seq k + 1, titled "Item <feed> <k>") and their index
 * rows. `sql` are SQL over k, ?2 (the count) and ?3 (now): the date, the id and the content.
 */
async function seedFeed(
  name: string,
  feedId: number,
  count: number,
  sql: { pubDate: string; id: string; content: string },
  now: number,
) {
  await env.DB.prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq)
      values (?1, 'https://${name}-search.example/' || ?1 || '.xml', ?2, ?3, ?4)`)
    .bind(feedId, now + DAY, now, count)
    .run();
  await env.DB.prepare(`with recursive n(k) as (select 0 union all select k + 1 from n where k < ?2 - 1)
      insert into items (id, feed_id, seq, guid_hash, title, content, pub_date, created_at)
      select ${sql.id}, ?1, k + 1, '${name}-${feedId}-' || k, 'Item ${feedId} ' || k, ${sql.content}, ${sql.pubDate}, ?3
      from n where true`)
    .bind(feedId, count, now)
    .run();
  await env.DB.prepare(`insert into search_index (rowid, title, summary, content, author, feed, feed_id, seq, pub_date)
      select id, title, '', content, '', 'f' || feed_id, feed_id, seq, pub_date from items where feed_id = ?1`)
    .bind(feedId)
    .run();
}

export type SearchSeed = {
  /** Tells this file's rows apart (emails, feed URLs, guids). */
  name: string;
  reader: number;
  lateReader: number;
  steady: { feedId: number; items: number };
  archive: { feedId: number; items: number };
  /** Each item's content, as SQL over k. */
  content: string;
};

/** Seeds `seed` at the clock's current minute, and returns that minute. */
export async function seedSteadyAndArchive(seed: SearchSeed): Promise<number> {
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  for (const id of [seed.reader, seed.lateReader])
    await env.DB.prepare(
      `insert into users (id, email, name, created_at) values (?1, '${seed.name}-' || ?1 || '@example.com', ?2, ?3)`,
    )
      .bind(id, `${seed.name} ${id}`, now)
      .run();
  const steadyDate = `(?3 - (?2 - k) * ${MINUTE})`;
  await seedFeed(
    seed.name,
    seed.steady.feedId,
    seed.steady.items,
    { pubDate: steadyDate, id: clockIdSql(steadyDate), content: seed.content },
    now,
  );
  // Stored at most now: 30 s after the last steady one.
  const arrival = now - MINUTE / 2;
  await seedFeed(
    seed.name,
    seed.archive.feedId,
    seed.archive.items,
    {
      pubDate: `(?3 - (?2 - k) * ${DAY})`,
      id: `${clockIdSql(String(arrival))} + k * ${MAX_SHARDS}`,
      content: seed.content,
    },
    now,
  );
  const follow = env.DB.prepare(
    `insert into subscriptions (user_id, feed_id, name, created_at) values (?1, ?2, 'Feed ' || ?2, ?3)`,
  );
  await env.DB.batch([
    follow.bind(seed.reader, seed.steady.feedId, now),
    follow.bind(seed.lateReader, seed.steady.feedId, now),
    follow.bind(seed.lateReader, seed.archive.feedId, now),
  ]);
  const people = primaryPeopleDb(createDb(env));
  await rebuildReadingList(people, seed.reader);
  await rebuildReadingList(people, seed.lateReader);
  return now;
}
