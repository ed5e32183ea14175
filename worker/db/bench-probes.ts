// What `npm run bench` reads and sets through the development-only routes (routes/dev.ts) about a range
// of feed ids: refresh progress, the stored item identities, making feeds due.
import { between, sql } from 'drizzle-orm';
import { feeds, items } from '../../schema';
import { type Db, statementOf } from './client';

export type FeedRange = { from: number; to: number };

/** How many of the feeds were fetched (or failed) since `since`. Cheap: polled. */
export async function refreshProgress(db: Db, { from, to }: FeedRange, since: number) {
  const [row] = await db.all<{ feeds: number; fetched: number; errors: number }>(sql`
    select count(*) as feeds,
           coalesce(sum(last_fetched_at >= ${since}), 0) as fetched,
           coalesce(sum(last_fetched_at >= ${since} and last_error is not null), 0) as errors
    from feeds where id between ${from} and ${to}`);
  return row;
}

/** The stored identities (guid hashes) by feed id, and the items' mean size in bytes. */
export async function storedIdentities(db: Db, { from, to }: FeedRange) {
  const rows = await db
    .select({ feedId: items.feedId, guidHash: items.guidHash })
    .from(items)
    .where(between(items.feedId, from, to));
  const byFeed: Record<number, string[]> = {};
  for (const row of rows) {
    byFeed[row.feedId] ??= [];
    byFeed[row.feedId]?.push(row.guidHash);
  }
  // What a row stores, roughly: its text columns (a deflated body by its bytes: schema/packed-text.ts) plus
  // ~40 bytes of integers and record overhead.
  const [size] = await db.all<{ bytes: number }>(sql`
    select coalesce(avg(length(title) + length(coalesce(description, '')) + length(coalesce(content, ''))
      + length(coalesce(link, '')) + length(coalesce(thumbnail, '')) + length(coalesce(author, ''))
      + length(guid_hash) + 40), 0) as bytes
    from items where feed_id between ${from} and ${to}`);
  return { count: rows.length, avgItemBytes: size?.bytes ?? 0, byFeed };
}

/** Makes the feeds due now, as if their next check had come. */
export async function makeFeedsDue(db: Db, { from, to }: FeedRange) {
  await db
    .update(feeds)
    .set({ nextFetchAt: new Date(Date.now() - 1000) })
    .where(between(feeds.id, from, to));
}

/**
 * One D1 call that reads nothing: the floor under every request that uses the database, which the API
 * benchmark measures beside health (which makes none) and the session alone (one call that reads 2 rows).
 * `statements` > 1: that many in the call's batch; `calls` > 1: that many calls one after another. Together
 * they split what a local D1 call costs into its share per call and per statement (docs/performance.md).
 */
export async function emptyRoundTrip(db: Db, { statements = 1, calls = 1 } = {}) {
  for (let call = 0; call < calls; call++) {
    if (statements === 1) await db.all(sql`select 1`);
    else await db.$client.batch(Array.from({ length: statements }, () => statementOf(db, sql`select 1 as one`)));
  }
}
