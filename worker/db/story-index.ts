// The story index (issue 24, docs/stories.md; migration 0027): one row per story in the primary
// database's `story_index`, a contentless FTS5 table whose indexed text is the story's keys and whose
// other columns are its first item's fingerprint. Which story an item joins is worker/stories/'s rule;
// this file only reads and writes the rows, and sets an item's story in its feed shard.
import type { Db } from './client';
import { jsonParts } from './json-parts';
import { clockItemId } from './shards';

/** A story as the index holds it: its id (its first item's) and its first item's fingerprint. */
export type IndexedStory = {
  storyId: number;
  first: { feedId: number; at: number; published: number; titleKey: string; signature: number[] };
};

/** A story to index: its id, its keys and its first item's fingerprint. */
export type NewStory = IndexedStory & { keys: string[] };

/** Keys per lookup statement: an FTS5 query of a few hundred OR-ed tokens stays quick. */
const KEYS_PER_LOOKUP = 400;

const signatureText = (signature: number[]) => signature.map((value) => value.toString(36)).join(',');
const signatureOf = (text: string) => (text === '' ? [] : text.split(',').map((value) => Number.parseInt(value, 36)));

/** The stories whose keys include any of these (keys are letters and digits: each one FTS5 token). */
export async function findStories(db: Db, keys: string[]): Promise<IndexedStory[]> {
  const unique = [...new Set(keys)].filter((key) => /^[a-z0-9]+$/.test(key));
  if (unique.length === 0) return [];
  const d1 = db.shards.primary().$client;
  const statements = [];
  for (let start = 0; start < unique.length; start += KEYS_PER_LOOKUP) {
    const match = unique
      .slice(start, start + KEYS_PER_LOOKUP)
      .map((key) => `"${key}"`)
      .join(' OR ');
    statements.push(
      d1
        .prepare(
          `select rowid as id, feed_id, arrived_at, published_at, title_key, signature from story_index
           where story_index match ?1`,
        )
        .bind(`keys : (${match})`),
    );
  }
  const [single] = statements;
  const results = single && statements.length === 1 ? [await single.all()] : await d1.batch(statements);
  const stories = new Map<number, IndexedStory>();
  for (const { results: rows } of results) {
    for (const row of rows as {
      id: number;
      feed_id: number;
      arrived_at: number;
      published_at: number;
      title_key: string;
      signature: string;
    }[]) {
      stories.set(row.id, {
        storyId: row.id,
        first: {
          feedId: row.feed_id,
          at: row.arrived_at,
          published: row.published_at,
          titleKey: row.title_key,
          signature: signatureOf(row.signature),
        },
      });
    }
  }
  return [...stories.values()];
}

/** How long a story stays in the index: its 72 hours, and a day for the clocks and queues to catch up. */
const KEEP_MS = 96 * 60 * 60 * 1000;

/**
 * Indexes new stories and forgets those past the window (their rowids, first items' ids from the clock,
 * are below the id of `now` − 96 h), in one batch of the primary database.
 */
export async function indexStories(db: Db, stories: NewStory[], now: number) {
  const d1 = db.shards.primary().$client;
  const entries = stories.map((story) => ({
    i: story.storyId,
    k: story.keys.join(' '),
    f: story.first.feedId,
    a: story.first.at,
    p: story.first.published,
    t: story.first.titleKey,
    s: signatureText(story.first.signature),
  }));
  const statements = jsonParts(entries).map((part) =>
    d1
      .prepare(
        `insert into story_index (rowid, keys, feed_id, arrived_at, published_at, title_key, signature)
         select j.value ->> 'i', j.value ->> 'k', j.value ->> 'f', j.value ->> 'a', j.value ->> 'p', j.value ->> 't',
           j.value ->> 's'
         from json_each(?1) j`,
      )
      .bind(part),
  );
  statements.push(d1.prepare('delete from story_index where rowid < ?1').bind(clockItemId(0, now - KEEP_MS)));
  await d1.batch(statements);
}

/**
 * The first item of each story that someone just joined takes the story's id, in its feed shard (items
 * alone keep null: most never need the write).
 */
export async function markStoriesStarted(db: Db, storyIds: number[]) {
  await db.shards.each(storyIds, async (shard, ids) => {
    await shard.$client
      .prepare('update items set story_id = id where id in (select value from json_each(?1)) and story_id is null')
      .bind(JSON.stringify(ids))
      .run();
    return [];
  });
}

/** The feeds that carry each of these stories, from every feed shard (through items_story_idx). */
export async function storyFeeds(db: Db, storyIds: number[]): Promise<{ storyId: number; feedId: number }[]> {
  if (storyIds.length === 0) return [];
  const ids = JSON.stringify([...new Set(storyIds)]);
  const shards = await Promise.all(
    Array.from({ length: db.shards.count }, (_, shard) =>
      db.shards
        .at(shard)
        .$client.prepare('select story_id, feed_id from items where story_id in (select value from json_each(?1))')
        .bind(ids)
        .all<{ story_id: number; feed_id: number }>(),
    ),
  );
  return shards.flatMap(({ results }) => results.map((row) => ({ storyId: row.story_id, feedId: row.feed_id })));
}
