// The story index (issue 24, docs/stories.md; migration 0027): one row per story in a contentless FTS5
// table `story_index`, whose indexed text is the story's keys and whose other columns are its first item's
// fingerprint. It is kept in one database (the primary's, every deployment until workload B: `storyIndexIn`,
// retention deleting rows past the window by rowid) or in a ring of day databases (story-ring.ts). Which
// story an item joins is worker/stories/'s rule; this file only reads and writes the rows, and sets an
// item's story in its feed shard.
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

/**
 * A table of stories: its name, and how it keeps a first item's signature: as text (base 36, comma
 * separated: the primary database's, as migration 0027 made it) or as a blob of 4 bytes a position (half
 * the bytes: a ring's day databases, db/story-ring.ts, where a day of workload B must fit in one database).
 */
export type StoryTable = { name: string; blobSignatures: boolean };

const PRIMARY_TABLE: StoryTable = { name: 'story_index', blobSignatures: false };

const signatureText = (signature: number[], table: StoryTable) =>
  table.blobSignatures
    ? signature.map((value) => (value >>> 0).toString(16).padStart(8, '0')).join('')
    : signature.map((value) => value.toString(36)).join(',');

const signatureOf = (text: string, table: StoryTable) => {
  if (text === '') return [];
  if (!table.blobSignatures) return text.split(',').map((value) => Number.parseInt(value, 36));
  return Array.from({ length: text.length / 8 }, (_, k) => Number.parseInt(text.slice(k * 8, k * 8 + 8), 16));
};

/** What grouping at ingest asks of the story index, wherever it is kept. */
export type StoryIndex = {
  /** The stories whose keys include any of these, as the index holds them at `now`. */
  find(keys: string[], now: number): Promise<IndexedStory[]>;
  /** Indexes new stories, started at `now`. */
  add(stories: NewStory[], now: number): Promise<void>;
};

/** The story index in one database (the primary's unless told otherwise), rows past the window deleted by rowid. */
export const storyIndexIn = (d1: D1Database): StoryIndex => ({
  find: (keys) => findStories(d1, keys),
  add: (stories, now) => indexStories(d1, stories, now),
});

/** The keys' lookup statements (keys are letters and digits: each one FTS5 token), none when no key is valid. */
export function lookupStatements(d1: D1Database, keys: string[], table = PRIMARY_TABLE): D1PreparedStatement[] {
  const unique = [...new Set(keys)].filter((key) => /^[a-z0-9]+$/.test(key));
  const statements = [];
  for (let start = 0; start < unique.length; start += KEYS_PER_LOOKUP) {
    const match = unique
      .slice(start, start + KEYS_PER_LOOKUP)
      .map((key) => `"${key}"`)
      .join(' OR ');
    statements.push(
      d1
        .prepare(
          `select rowid as id, feed_id, arrived_at, published_at, title_key,
             ${table.blobSignatures ? 'hex(signature)' : 'signature'} as signature
           from ${table.name} where ${table.name} match ?1`,
        )
        .bind(`keys : (${match})`),
    );
  }
  return statements;
}

/** The stories the lookup statements' rows name, each once. */
export function storiesOfRows(results: D1Result[], table = PRIMARY_TABLE): IndexedStory[] {
  const stories = new Map<number, IndexedStory>();
  for (const { results: rows } of results) {
    for (const row of rows as IndexRow[]) stories.set(row.id, toStory(row, table));
  }
  return [...stories.values()];
}

type IndexRow = {
  id: number;
  feed_id: number;
  arrived_at: number;
  published_at: number;
  title_key: string;
  signature: string;
};

const toStory = (row: IndexRow, table: StoryTable): IndexedStory => ({
  storyId: row.id,
  first: {
    feedId: row.feed_id,
    at: row.arrived_at,
    published: row.published_at,
    titleKey: row.title_key,
    signature: signatureOf(row.signature, table),
  },
});

/** The stories whose keys include any of these, in one database. */
async function findStories(d1: D1Database, keys: string[]): Promise<IndexedStory[]> {
  const statements = lookupStatements(d1, keys);
  const [single] = statements;
  if (!single) return [];
  return storiesOfRows(statements.length === 1 ? [await single.all()] : await d1.batch(statements));
}

/** How long a story stays in the index: its 72 hours, and a day for the clocks and queues to catch up. */
const KEEP_MS = 96 * 60 * 60 * 1000;

/** The statements that insert these stories' rows (a statement per JSON part). */
export function insertStatements(d1: D1Database, stories: NewStory[], table = PRIMARY_TABLE): D1PreparedStatement[] {
  const entries = stories.map((story) => ({
    i: story.storyId,
    k: story.keys.join(' '),
    f: story.first.feedId,
    a: story.first.at,
    p: story.first.published,
    t: story.first.titleKey,
    s: signatureText(story.first.signature, table),
  }));
  return jsonParts(entries).map((part) =>
    d1
      .prepare(
        `insert into ${table.name} (rowid, keys, feed_id, arrived_at, published_at, title_key, signature)
         select j.value ->> 'i', j.value ->> 'k', j.value ->> 'f', j.value ->> 'a', j.value ->> 'p', j.value ->> 't',
           ${table.blobSignatures ? "unhex(j.value ->> 's')" : "j.value ->> 's'"}
         from json_each(?1) j`,
      )
      .bind(part),
  );
}

/**
 * Indexes new stories and forgets those past the window (their rowids, first items' ids from the clock,
 * are below the id of `now` − 96 h), in one batch of the database.
 */
async function indexStories(d1: D1Database, stories: NewStory[], now: number) {
  await d1.batch([
    ...insertStatements(d1, stories),
    d1.prepare('delete from story_index where rowid < ?1').bind(clockItemId(0, now - KEEP_MS)),
  ]);
}

/** An item that just joined a story: its story, feed, id and arrival. */
export type StoryJoiner = { storyId: number; feedId: number; id: number; at: number };

/**
 * The first item of each story that someone just joined, in its feed shard: it takes the story's id at the
 * first join (items alone keep null: most never need the write), and its list of the story's items
 * (`story_sources`, db/story-members.ts) takes the joiners: started at the first join with the first
 * item's own entry and the joiner's, appended at each join after (one row), a statement each (atomic, so
 * two refreshes joining at once both land). A story that started before the list was kept (story_id set,
 * no list) keeps none: an incomplete list would hide its sources; its pages look them up in the feed
 * shards.
 */
export async function markStoriesStarted(db: Db, joiners: StoryJoiner[]) {
  await db.shards.each(
    joiners.map((joiner) => joiner.storyId),
    async (shard, storyIds) => {
      const inShard = new Set(storyIds);
      await shard.$client.batch(
        joiners
          .filter((joiner) => inShard.has(joiner.storyId))
          .flatMap((joiner) => {
            const entry = JSON.stringify([joiner.feedId, joiner.id, joiner.at]);
            return [
              // The first join: the story's id and its list (a write of story_id rewrites the row's index
              // entries, so it is made once).
              shard.$client
                .prepare(
                  `update items set story_id = id,
                     story_sources = json_array(json_array(feed_id, id, created_at), json(?2))
                   where id = ?1 and story_id is null`,
                )
                .bind(joiner.storyId, entry),
              // Each join after: the list takes the joiner, unless it is its last entry already (written
              // just above, or by this refresh's earlier delivery).
              shard.$client
                .prepare(
                  `update items set story_sources = json_insert(story_sources, '$[#]', json(?2))
                   where id = ?1 and story_sources is not null and story_sources ->> '$[#-1][1]' is not ?3`,
                )
                .bind(joiner.storyId, entry, joiner.id),
            ];
          }),
      );
      return [];
    },
  );
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
