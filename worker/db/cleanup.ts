// The daily cleanup (jobs/handlers.ts): expired sessions, tokens a day past their expiry, and counters
// whose window has surely ended (the per-day caps' included), in one batch.
import { lt } from 'drizzle-orm';
import { authTokens, rateLimits, sessions } from '../../schema';
import type { Db } from './client';
import { LONGEST_WINDOW_MS } from './rate-limits';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function deleteExpired(db: Db, now = Date.now()) {
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
    db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now - DAY_MS))),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, now - LONGEST_WINDOW_MS)),
  ]);
}
