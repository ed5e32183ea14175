// Fixed-window counters kept in D1 (middleware/rate-limit.ts and the daily caps use them): one atomic
// upsert per key per request, so parallel attempts cannot slip past the count.
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The attempt limits' window. */
export const RATE_WINDOW_MS = 15 * 60 * 1000;

/**
 * The longest window any counter uses: the per-day caps count a day in the person's time zone, 25 hours
 * on the day clocks go back. The daily cleanup drops only counters whose window started before that.
 */
export const LONGEST_WINDOW_MS = 25 * 60 * 60 * 1000;

/** Adds `delta` to the key's count in the window that starts at `windowStart` (a new window starts at 0). */
export async function countInWindow(db: Db, key: string, windowStart: number, delta = 1): Promise<number> {
  const row = await db.get<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart}, max(0, ${delta}))
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start
        then max(0, rate_limits.count + ${delta}) else max(0, ${delta}) end,
      window_start = excluded.window_start
    returning count`);
  return row?.count ?? 1;
}

/**
 * Once per `intervalMs` for the key: starts a new interval at `now` and says true when none is running
 * (the last began `intervalMs` or more ago), else false and changes nothing. One statement: the
 * counter's window starts where the last interval did and moves only once it is over.
 */
export async function startIntervalIfOver(db: Db, key: string, now: number, intervalMs: number): Promise<boolean> {
  const row = await db.get<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set window_start = excluded.window_start, count = 1
      where rate_limits.window_start <= ${now - intervalMs}
    returning count`);
  return row !== undefined && row !== null;
}
