// Fixed-window attempt limits (the counters are db/rate-limits.ts). Windows are 15 minutes (issue 2: 10 per
// email, 100 per IP).
// Password sign-in counts failures per email *and* IP together, and forgives a success: strangers
// guessing from elsewhere cannot lock the owner out of their own account (issue 10 L1).
// Fetch budgets count the outbound fetches a person's requests make us do (issue 10 L3).
import type { Db } from '../db/client';
import { countInWindow, RATE_WINDOW_MS, startIntervalIfOver } from '../db/rate-limits';
import { ApiError } from '../lib/errors';

export const LIMIT_PER_EMAIL = 10;
export const LIMIT_PER_IP = 100;

async function countAttempt(db: Db, key: string, now: number, delta = 1): Promise<number> {
  return countInWindow(db, key, Math.floor(now / RATE_WINDOW_MS) * RATE_WINDOW_MS, delta);
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

/**
 * Counts a password attempt against this email from this IP, and against the IP; throws 429 once either
 * is over its limit. Returns `forgive`, to call when the password was right: successes do not count.
 */
export async function limitPasswordAttempts(db: Db, email: string, ip: string, now = Date.now()) {
  const keys = [`login:email-ip:${email}|${ip}`, `login:ip:${ip}`];
  const [byPair, byIp] = await Promise.all(keys.map((key) => countAttempt(db, key, now)));
  if ((byPair ?? 0) > LIMIT_PER_EMAIL || (byIp ?? 0) > LIMIT_PER_IP) {
    throw new ApiError('RATE_LIMITED', 'Too many attempts. Please wait 15 minutes and try again.');
  }
  return { forgive: () => Promise.all(keys.map((key) => countAttempt(db, key, now, -1))) };
}

/**
 * A budget of outbound fetches per key and 15-minute window. The most one task may use is taken before
 * it starts, so that tasks running side by side cannot overdraw the budget; 429 with `message` when that
 * does not fit. `settle(used)` gives back what the task did not use.
 */
export async function reserveFetches(
  db: Db,
  key: string,
  most: number,
  limit: number,
  message: string,
  now = Date.now(),
) {
  const windowStart = Math.floor(now / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  if ((await countInWindow(db, key, windowStart, most)) > limit) {
    await countInWindow(db, key, windowStart, -most);
    throw new ApiError('RATE_LIMITED', message);
  }
  return { settle: (used: number) => countInWindow(db, key, windowStart, Math.min(used, most) - most) };
}

/** The account export: one per person per this long (issue 29: a file of every star is costly to make). */
export const EXPORT_INTERVAL_MS = 10 * 60 * 1000;
export const TOO_MANY_EXPORTS = 'You can download your data once every 10 minutes. Please try again in a few minutes.';

/** Counts an export of this person's data; 429 when their last one began less than EXPORT_INTERVAL_MS ago. */
export async function limitExports(db: Db, userId: number, now = Date.now()) {
  if (!(await startIntervalIfOver(db, `export:${userId}`, now, EXPORT_INTERVAL_MS))) {
    throw new ApiError('RATE_LIMITED', TOO_MANY_EXPORTS);
  }
}
