// Where a refresh writes: the shared feed row, its items and their search index, in the feed's shard (shards.ts). New items
// take the feed's next sequence numbers (oldest first) and ids of that shard, changed ones are updated in
// place, and retention deletes a prefix of the sequence, all in one D1 batch (one transaction): a failure
// leaves nothing half-written. The read marks under the retention line live with the people, in their
// people databases (people.ts): they go in a second batch in each, all at once, which a failure leaves
// for the next trim (it prunes everything at or below its line, so it catches up). A people database
// without followers of the feed reads nothing: both statements go through the feed's index on
// subscriptions. The queue consumer gathers its batch's trims (MarkPrunes) and prunes them all in one
// batch per people database (issue 30: one per feed and people database came to 170 calls for a
// message of ten feeds at workload B's 17 people databases).
import { desc, eq } from 'drizzle-orm';
import { feeds, items, type StoredEnclosure } from '../../schema';
import { packedHex, unpackText } from '../../schema/packed-text';
import type { ItemText } from '../contracts/feeds';
import type { Db } from './client';
import { jsonParts } from './json-parts';
import { pruneMarksStatements } from './read-state';
import { pruneHiddenStatement } from './rule-effects';
import { indexItemsStatements } from './search';
import { nextItemIdSql, shardOfId } from './shards';

export type FeedRow = typeof feeds.$inferSelect;

export type ItemValues = ItemText & {
  guidHash: string;
  pubDate: number;
  /** Its enclosures (audio, video, files), none when left out. */
  enclosures?: StoredEnclosure[] | null;
  /** The content's words as plain text for the search index (search.ts); none when omitted. */
  contentText?: string;
};

export async function findFeed(db: Db, feedId: number) {
  const [feed] = await db.shards.of(feedId).select().from(feeds).where(eq(feeds.id, feedId)).limit(1);
  return feed ?? null;
}

/** Publication dates of the feed's newest items, for its posting rate. */
export async function recentItemDates(db: Db, feedId: number, count = 20) {
  const rows = await db.shards
    .of(feedId)
    .select({ pubDate: items.pubDate })
    .from(items)
    .where(eq(items.feedId, feedId))
    .orderBy(desc(items.pubDate))
    .limit(count);
  return rows.map((row) => row.pubDate.getTime());
}

/**
 * What the story grouping (worker/stories/ingest.ts) does around a refresh's write: before it, which story
 * each new item joins (that story's id; null or absent: the item is its own story); after it, with the new
 * items' ids, what the index needs.
 */
export type StoryHook = {
  decide(feedId: number, fresh: ItemValues[], arrivedAt: number): Promise<Map<string, number | null>>;
  stored(inserted: { id: number; guidHash: string }[], now: number): Promise<void>;
};

/** The fields whose change rewrites a stored item (and, through its trigger, its search index row). */
type CompareFields = Pick<ItemText, 'title' | 'description' | 'content' | 'link'> & { enclosures: string | null };

/** A stored item as the refresh compares it, with its position in the feed (which a rewrite keeps). */
type KnownItem = CompareFields & { seq: number };

/**
 * How long items stay (docs/scaling.md "Retention"): at most the newest `most` of a feed, and of those
 * only the ones that arrived within `days`, but always at least the newest `least`. Items someone
 * starred stay whatever the line says. A bare number keeps the newest that many, whatever their age.
 */
export type Retention = { most: number; least: number; days: number };

const DAY_MS = 86_400_000;

/**
 * Which of these identities the feed already holds, with what a change is judged on; and, in the same
 * call, the first item still young enough to keep under the retention's age (its sequence number, null
 * when every item above the line is older). Its statement walks the feed's (feed, seq) index from the
 * current line up and stops at the first young item: it reads the items about to go, and one more.
 */
async function knownItems(db: Db, feed: FeedRow, guidHashes: string[], youngSince: number | null) {
  const known = new Map<string, KnownItem>();
  const d1 = db.shards.of(feed.id).$client;
  const identities = d1
    .prepare(
      `select guid_hash, seq, title, description, content, link, enclosures from items
       where feed_id = ?1 and guid_hash in (select value from json_each(?2))`,
    )
    .bind(feed.id, JSON.stringify(guidHashes));
  const firstYoung = d1
    .prepare('select seq from items where feed_id = ?1 and seq > ?2 and created_at >= ?3 order by seq limit 1')
    .bind(feed.id, feed.trimmedSeq, youngSince ?? 0);
  const [stored, young] =
    youngSince === null
      ? [await identities.all<KnownItem & { guid_hash: string }>(), null]
      : await d1.batch<unknown>([identities, firstYoung]);
  for (const { guid_hash, ...row } of (stored?.results ?? []) as (KnownItem & { guid_hash: string })[]) {
    known.set(guid_hash, { ...row, content: unpackText(row.content) });
  }
  const firstYoungSeq = young ? ((young.results[0] as { seq: number } | undefined)?.seq ?? null) : null;
  return { known, firstYoungSeq };
}

/**
 * The feed's new retention line (every item nobody starred at or below it goes): the newest `most` kept,
 * and below the first young item, but never into the newest `least`.
 */
export function retentionLine(
  feed: Pick<FeedRow, 'lastSeq' | 'trimmedSeq'>,
  lastSeq: number,
  keep: number | Retention,
  firstYoungSeq: number | null,
) {
  if (typeof keep === 'number') return Math.max(feed.trimmedSeq, lastSeq - keep);
  // Every stored item above the line is old: the line may pass them all (the new ones are young).
  const byAge = (firstYoungSeq ?? feed.lastSeq + 1) - 1;
  return Math.max(feed.trimmedSeq, lastSeq - keep.most, Math.min(byAge, lastSeq - keep.least));
}

/** The content as the insert's JSON carries it: `z`, deflated as hex, or `c`, the text as it is. */
function packedContent(content: string | null) {
  const hex = packedHex(content);
  return hex === null ? { c: content } : { z: hex };
}

/** The enclosures as the items row keeps them: JSON text, null when none. */
const enclosuresText = (row: ItemValues) => (row.enclosures?.length ? JSON.stringify(row.enclosures) : null);

/** As the upsert's own condition judges it: a changed title, content, link, summary or enclosures. */
const changedFrom = (stored: CompareFields, row: ItemValues) =>
  stored.title !== row.title ||
  stored.content !== row.content ||
  stored.link !== row.link ||
  stored.description !== row.description ||
  stored.enclosures !== enclosuresText(row);

/**
 * Stores `rows` (newest first) for the feed: new ones numbered after the feed's last sequence number,
 * oldest first, known ones updated when they changed. Keeps what `keep` says (a Retention, or the newest
 * that many by sequence). Returns how many were new.
 */
export async function storeItems(
  db: Db,
  feed: FeedRow,
  rows: ItemValues[],
  keep: number | Retention,
  now: number,
  stories?: StoryHook,
  prunes?: MarkPrunes,
) {
  const d1 = db.shards.of(feed.id).$client;
  const youngSince = typeof keep === 'number' ? null : now - keep.days * DAY_MS;
  const { known, firstYoungSeq } =
    rows.length > 0
      ? await knownItems(
          db,
          feed,
          rows.map((row) => row.guidHash),
          youngSince,
        )
      : { known: new Map<string, KnownItem>(), firstYoungSeq: null };
  const fresh = rows.filter((row) => !known.has(row.guidHash)).reverse();
  // Known items the feed still lists unchanged are left out of the write: D1 bills every insert statement
  // a row written even when its conflict clause changes nothing (worker/feeds/refresh-cost.test.ts), and
  // most refreshes bring a few new items among dozens known.
  const changed = rows.filter((row) => {
    const stored = known.get(row.guidHash);
    return stored !== undefined && changedFrom(stored, row);
  });
  // New ids take the clock as it is now, just before the write, not when the refresh began (a fetch can
  // take 15 s): ids follow the order items become visible in (shards.ts). Never before `now`, which a
  // caller (a test) may set ahead.
  const mintedAt = Math.max(now, Date.now());
  const storyOf =
    stories && fresh.length > 0 ? await stories.decide(feed.id, fresh, mintedAt) : new Map<string, number | null>();
  const seqOf = new Map(fresh.map((row, index) => [row.guidHash, feed.lastSeq + index + 1]));
  const lastSeq = feed.lastSeq + fresh.length;
  // A feed that lists nothing says nothing of its items' age: its line stays (a bare number still applies).
  const trimmedSeq =
    rows.length > 0 || typeof keep === 'number' ? retentionLine(feed, lastSeq, keep, firstYoungSeq) : feed.trimmedSeq;

  const statements: D1PreparedStatement[] = [];
  // Two refreshes racing on one feed would number different items alike: the unique (feed_id, seq) index
  // refuses the second, whose whole batch rolls back and is retried.
  // A feed whose bytes changed but whose items did not (a new lastBuildDate) writes nothing here.
  // The newest new item that joins a story is noted on the feed's row in the same write (story_seq: the
  // sidebar's story counts look at a feed's items of stories only below it; story-members.ts).
  const joinedSeq = Math.max(
    0,
    ...fresh.filter((row) => storyOf.get(row.guidHash) != null).map((row) => seqOf.get(row.guidHash) ?? 0),
  );
  if (lastSeq !== feed.lastSeq || trimmedSeq !== feed.trimmedSeq) {
    statements.push(
      d1
        .prepare(
          `update feeds set last_seq = max(last_seq, ?2), trimmed_seq = max(trimmed_seq, ?3),
             story_seq = max(story_seq, ?4) where id = ?1`,
        )
        .bind(feed.id, lastSeq, trimmedSeq, joinedSeq),
    );
  }
  const values = (row: ItemValues, seq: number) => ({
    g: row.guidHash,
    s: seq,
    t: row.title,
    d: row.description,
    // The content deflated (as hex: unhex() below stores it as a BLOB) when that is smaller, else as text.
    ...packedContent(row.content),
    l: row.link,
    h: row.thumbnail,
    a: row.author,
    p: row.pubDate,
    e: enclosuresText(row),
  });
  // One statement for the new ones (D1 bills each insert statement a row for the id sequence): each new
  // row takes the shard's next id from the clock (shards.ts), numbered by its place in the statement: ids
  // in arrival order across shards, for the Fever API's since_id. An item is found by its feed and guid
  // through the feed's items (knownItems), not an index of its own: that index was a row written for
  // every new item and ~90 bytes kept for each (issue 30); the unique (feed_id, seq) index still refuses
  // a racing refresh that numbered the same item.
  const inserts: number[] = [];
  for (const part of jsonParts(
    // The story it joins (worker/stories/): null for its own.
    fresh.map((row) => ({ ...values(row, seqOf.get(row.guidHash) ?? 0), y: storyOf.get(row.guidHash) ?? null })),
  )) {
    inserts.push(statements.length);
    statements.push(
      d1
        .prepare(
          `insert into items (id, feed_id, guid_hash, seq, title, description, content, link, thumbnail, author, pub_date,
             created_at, enclosures, story_id)
           select ${nextItemIdSql(shardOfId(feed.id), mintedAt, 'j.key')}, ?1, j.value ->> 'g', j.value ->> 's',
             j.value ->> 't', j.value ->> 'd', coalesce(unhex(j.value ->> 'z'), j.value ->> 'c'), j.value ->> 'l',
             j.value ->> 'h', j.value ->> 'a', j.value ->> 'p', ?3, j.value ->> 'e', j.value ->> 'y'
           from json_each(?2) j
           returning id, guid_hash`,
        )
        .bind(feed.id, part, now),
    );
  }
  // The changed ones in place, found by their position: they keep their number, id and story.
  for (const part of jsonParts(changed.map((row) => values(row, known.get(row.guidHash)?.seq ?? 0)))) {
    statements.push(
      d1
        .prepare(
          `update items set title = j.value ->> 't', description = j.value ->> 'd',
             content = coalesce(unhex(j.value ->> 'z'), j.value ->> 'c'), link = j.value ->> 'l',
             thumbnail = j.value ->> 'h', author = j.value ->> 'a', enclosures = j.value ->> 'e'
           from json_each(?2) j where items.feed_id = ?1 and items.seq = j.value ->> 's'`,
        )
        .bind(feed.id, part),
    );
  }
  // New and rewritten items into the search index; those the trim below deletes leave it again (trigger).
  statements.push(
    ...indexItemsStatements(
      d1,
      feed.id,
      [...fresh, ...changed].map((row) => ({
        seq: seqOf.get(row.guidHash) ?? known.get(row.guidHash)?.seq ?? 0,
        contentText: row.contentText ?? '',
      })),
    ),
  );
  if (trimmedSeq > feed.trimmedSeq) {
    // Retention never drops a starred item: it stays, below the line, for whoever starred it.
    statements.push(
      d1.prepare('delete from items where feed_id = ?1 and seq <= ?2 and star_count = 0').bind(feed.id, trimmedSeq),
      // Rules' hidden rows (issue 26) go with their items.
      pruneHiddenStatement(d1, feed.id, trimmedSeq),
    );
  }
  const results = statements.length > 0 ? await d1.batch(statements) : [];
  if (stories && fresh.length > 0) {
    const freshHashes = new Set(fresh.map((row) => row.guidHash));
    const inserted = inserts
      .flatMap((index) => (results[index]?.results ?? []) as { id: number; guid_hash: string }[])
      .filter((row) => freshHashes.has(row.guid_hash))
      .map((row) => ({ id: row.id, guidHash: row.guid_hash }));
    await stories.stored(inserted, mintedAt);
  }
  if (trimmedSeq > feed.trimmedSeq) {
    if (prunes) prunes.set(feed.id, Math.max(prunes.get(feed.id) ?? 0, trimmedSeq));
    else await pruneTrimmedMarks(db, new Map([[feed.id, trimmedSeq]]));
  }
  return fresh.length;
}

/** Feeds whose retention line moved (feed id → its line), their read marks under it still to prune. */
export type MarkPrunes = Map<number, number>;

/**
 * Prunes the read marks under each feed's retention line and corrects its followers' counters: one
 * batch in each people database for all the feeds, all databases at once.
 */
export async function pruneTrimmedMarks(db: Db, prunes: MarkPrunes) {
  if (prunes.size === 0) return;
  await Promise.all(
    db.people
      .all()
      .map(({ $client: people }) =>
        people.batch([...prunes].flatMap(([feedId, trimmedSeq]) => pruneMarksStatements(people, feedId, trimmedSeq))),
      ),
  );
}

/** After a fetch that succeeded (200 or 304): validators, metadata, the next check; the error cleared. */
export async function recordRefreshSuccess(db: Db, feedId: number, changes: Partial<FeedRow>) {
  await db.shards
    .of(feedId)
    .update(feeds)
    .set({ ...changes, errorCount: 0, lastError: null })
    .where(eq(feeds.id, feedId));
}

export async function recordRefreshFailure(
  db: Db,
  feedId: number,
  changes: Pick<
    FeedRow,
    'errorCount' | 'lastError' | 'lastFetchedAt' | 'nextFetchAt' | 'checkIntervalMs' | 'leasedUntil'
  >,
) {
  await db.shards.of(feedId).update(feeds).set(changes).where(eq(feeds.id, feedId));
}
