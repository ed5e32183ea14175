// Fixed-window attempt limits kept in D1: one atomic upsert per key per request, so parallel attempts
// cannot slip past the count. Windows are 15 minutes (issue 2: 10 per email, 100 per IP).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';

export const RATE_WINDOW_MS = 15 * 60 * 1000;
export const LIMIT_PER_EMAIL = 10;
export const LIMIT_PER_IP = 100;

async function countAttempt(db: Db, key: string, now: number): Promise<number> {
  const windowStart = Math.floor(now / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  const row = await db.get<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  return row?.count ?? 1;
}

/** Counts one attempt of `action` for this email and IP; throws 429 once either is over its limit. */
export async function limitAttempts(db: Db, action: string, email: string, ip: string, now = Date.now()) {
  const [byEmail, byIp] = await Promise.all([
    countAttempt(db, `${action}:email:${email}`, now),
    countAttempt(db, `${action}:ip:${ip}`, now),
  ]);
  if (byEmail > LIMIT_PER_EMAIL || byIp > LIMIT_PER_IP) {
    throw new ApiError('RATE_LIMITED', 'Too many attempts. Please wait 15 minutes and try again.');
  }
}
