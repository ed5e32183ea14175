// When each feed's newest item arrived: the Google Reader unread-count's newestItemTimestampUsec, which
// Vienna compares with what it has to skip fetching a feed with nothing new (FreshRSS #2853). The feed
// row knows its last item's sequence number, so each feed costs one probe of the (feed_id, seq) index.
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { idListSql } from './shards';

/** Epoch ms at which the newest item of each feed was stored, for the feeds that hold any. */
export async function newestArrivals(db: Db, feedIds: number[]): Promise<Map<number, number>> {
  if (feedIds.length === 0) return new Map();
  const rows = await db.shards.each(feedIds, (shard, ids) =>
    shard.all<{ feed_id: number; created_at: number }>(sql`
      select f.id as feed_id, i.created_at from feeds f join items i on i.feed_id = f.id and i.seq = f.last_seq
      where f.id in (${sql.raw(idListSql(ids))})`),
  );
  return new Map(rows.map((row) => [row.feed_id, row.created_at]));
}
