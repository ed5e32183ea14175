// What a request starts before its session is known: decided here, and nowhere else.
//
// A signed-in request checks its session row first (auth/session.ts). For a person whose reading state
// lives in another people database, a list page and the sidebar then read their reading list's row there
// (db/reading-list.ts), and only then can the feed shards be asked: two round trips in sequence, though
// the second needs nothing from the first but who the person is and which database holds their row,
// which the verified token says. So for those requests the row is read with the session row (in the same
// batch, now that the session row is in that same people database: db/sessions.ts), and used only once
// the session row has said the session is live and is that same person's in that same shard; otherwise
// it is dropped, and the request goes on as if it had never been read (a 401 shows nothing of it). The
// early read writes nothing (a list not built yet is built once the session is known) and is keyed by the
// signed claims only, so a forged or expired token starts nothing, and a token whose row was deleted
// reads one row that nobody sees.
//
// Started only for the requests that use the list, named below by method and path: every other request
// (a read mark, a generation, the item by id) would pay a D1 call and a row for nothing, and the
// routes cannot say so themselves, as they run after the session is known. Only for people outside the
// primary database: there the users row that the session reads carries the list already.
import type { Context } from 'hono';
import type { CheckedSession, SessionClaims } from '../auth/session';
import { keptReadingList, type UsersRowCopy } from '../db/reading-list';
import type { AppEnv } from '../env';

/** The requests that read the person's reading list first thing: the lists and the sidebar. */
function usesReadingList(request: Context<AppEnv>['req']) {
  if (request.method !== 'GET') return false;
  const path = request.path.replace(/\/$/, '');
  if (path === '/api/categories/with-feeds') return true;
  // The pages, the starred list and search (search-items.ts) alike.
  return path === '/api/feed-items';
}

export type EarlyReads = {
  /** Whether this request reads the reading list where it is kept, beside the session's check. */
  readonly readsKeptList: boolean;
  /** The reading list copy for the person whose live session the row check found (`c.var.readingList`). */
  readingListFor(session: CheckedSession): Promise<UsersRowCopy>;
};

const NOTHING_EARLY: EarlyReads = { readsKeptList: false, readingListFor: async (session) => session.user.readingList };

/**
 * Starts, from a verified token's claims, what this request can read before its session row is checked.
 * A token naming a session row in the person's people database gets the list read in the same statement
 * batch as that row (`withKeptList`: auth/session.ts checkSession), one D1 call; an older token, whose row
 * is in the primary, gets it read here, at the same time as the check.
 */
export function startEarlyReads(c: Context<AppEnv>, claims: SessionClaims): EarlyReads {
  const person = claims.person;
  // Beside the session's check, so outside the read gate the check opens (db/read-gate.ts).
  const people = c.var.readGate.outside.people;
  if (!person || person.peopleShard === 0 || person.peopleShard >= people.count || !usesReadingList(c.req))
    return NOTHING_EARLY;
  // A failed early read is as good as none: the route reads the list itself, and fails there if D1 does.
  const kept = claims.rowInPeople
    ? null
    : keptReadingList(people.at(person.peopleShard), person.userId).catch(() => null);
  return {
    readsKeptList: true,
    readingListFor: async ({ user, keptList }) => {
      if (user.id !== person.userId || user.peopleShard !== person.peopleShard) return user.readingList;
      const list = kept ? await kept : keptList;
      return list ?? user.readingList;
    },
  };
}
