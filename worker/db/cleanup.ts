// The daily cleanup (jobs/handlers.ts): expired sessions, tokens a day past their expiry, and counters
// whose window has surely ended (the per-day caps' included), in one batch in the primary, and expired
// sessions in every other people database (db/sessions.ts: where sessions live), all at once: one D1
// call per people database.
import { lt } from 'drizzle-orm';
import { authTokens, rateLimits, sessions } from '../../schema';
import type { Db } from './client';
import { LONGEST_WINDOW_MS } from './rate-limits';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function deleteExpired(db: Db, now = Date.now()) {
  const expiredSessions = (home: Db) => home.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
  await Promise.all([
    db.batch([
      expiredSessions(db),
      db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now - DAY_MS))),
      db.delete(rateLimits).where(lt(rateLimits.windowStart, now - LONGEST_WINDOW_MS)),
    ]),
    ...db.people
      .all()
      .filter((people) => people.binding !== db.binding)
      .map((people) => expiredSessions(people)),
  ]);
}
