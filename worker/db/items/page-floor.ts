// The FreshRSS bench's second floor (bench/freshrss.mjs, issue 23): one D1 call that reads a page's rows
// as a page's statement selects them (columns.ts: the same columns, a deflated body as its hex), with no
// session, no reading list and no mapping. Beside the empty call's floor it tells how much of a list
// request is D1 carrying 30 rows (Miniflare's D1 writes every result as JSON that the Worker parses
// again) and how much is the reading core's own work.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { storedColumns } from './columns';

/** Most rows the probe reads: a page's worth or a few. */
const MOST_FLOOR_ROWS = 100;

/**
 * Items with ids in [from, to] (at most MOST_FLOOR_ROWS), as the core's statements select them, from the
 * feed shard `from` names (every item in one database for the bench).
 */
export async function readPageFloorRows(db: Db, { from, to }: { from: number; to: number }) {
  return db.shards
    .of(from)
    .all(sql`select ${storedColumns}, 'Feed' as source, 0 as is_read, 0 as is_starred, null as story_list
    from items i where i.id between ${from} and ${to} order by i.id limit ${MOST_FLOOR_ROWS}`);
}
