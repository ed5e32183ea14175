// Reads near the reader (issue 30): a request's D1 calls go through D1's Sessions API, so its reads are
// answered by a read replica near the Worker and its writes by the primary, and a person still reads
// their own writes. Each database keeps its own order of writes, so a bookmark is per database (per
// binding): the newest position of that database this person has written, carried from one request to
// the next (middleware/replica-bookmarks.ts: a cookie, or for reader apps a copy kept in the isolate).
//
// A session that starts from a bookmark reads from a replica at least as new as it (D1 waits or goes to
// the primary otherwise); one without starts "first-unconstrained" (any replica) or, for a request that
// writes where reading others' latest rows matters (a sign-up, a checkout), "first-primary". Writes in a
// session always go to the primary. Queue jobs and the cron open their databases without a session: the
// plain binding answers every call from the primary (db/client.ts, jobs/consumer.ts).

import { mayWrite } from './statement-kind';

/** Where a session with no bookmark for a database starts: D1's two constraints. */
export type FirstRead = 'first-unconstrained' | 'first-primary';

/** Binding name → the newest bookmark this person's writes left there. */
export type Bookmarks = Map<string, string>;

/** A D1 bookmark as D1 gives them (locally and in production): four hex fields, e.g. 00000085-0000024c-00004c6d-8e61…. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const BINDING = /^[A-Z][A-Z0-9_]{0,62}$/;
/**
 * At most this many databases' bookmarks are carried: a request writes one to three databases (the
 * primary, the person's people database, a feed shard); the oldest written go first.
 */
export const MAX_BOOKMARKS = 8;

/**
 * The bookmarks a cookie (or a kept copy) carries: `BINDING~bookmark.BINDING~bookmark` (characters a
 * cookie carries as they are), newest written first. Anything else in it (garbage, a binding this deployment does not have, a bookmark of the wrong
 * shape) is left out, and that database's reads start as if it had none: bad input costs freshness at
 * worst, never the request.
 */
export function parseBookmarks(text: string | undefined, known: (binding: string) => boolean): Bookmarks {
  const bookmarks: Bookmarks = new Map();
  if (!text || text.length > 2_000) return bookmarks;
  for (const entry of text.split('.')) {
    const [binding, bookmark, extra] = entry.split('~');
    if (extra !== undefined || !binding || !bookmark || !BINDING.test(binding) || !BOOKMARK.test(bookmark)) continue;
    if (!known(binding) || bookmarks.has(binding)) continue;
    bookmarks.set(binding, bookmark);
    if (bookmarks.size === MAX_BOOKMARKS) break;
  }
  return bookmarks;
}

export const formatBookmarks = (bookmarks: Bookmarks) =>
  [...bookmarks].map(([binding, bookmark]) => `${binding}~${bookmark}`).join('.');

export type ReplicaSessions = {
  /** `d1` (the binding named `binding`) as a session of this request: one session per binding, however often opened. */
  open(d1: D1Database, binding: string): D1Database;
  /**
   * The bookmarks to carry to the person's next request: the ones carried in, with each database this
   * request wrote to at its newest (first). Null when nothing changed (no cookie to set).
   */
  carried(): Bookmarks | null;
};

/** One request's sessions: each database from its carried bookmark, or from `first` when it has none. */
export function openReplicaSessions(carriedIn: Bookmarks, first: FirstRead): ReplicaSessions {
  const sessions = new Map<string, { session: D1DatabaseSession; wrote: boolean }>();
  return {
    open(d1, binding) {
      let opened = sessions.get(binding);
      if (!opened) {
        opened = { session: d1.withSession(carriedIn.get(binding) ?? first), wrote: false };
        sessions.set(binding, opened);
      }
      return sessionAsDatabase(d1, opened);
    },
    carried() {
      const written = [...sessions].flatMap(([binding, { session, wrote }]) => {
        const bookmark = wrote ? session.getBookmark() : null;
        return bookmark && bookmark !== carriedIn.get(binding) ? [[binding, bookmark] as const] : [];
      });
      if (written.length === 0) return null;
      const next: Bookmarks = new Map(written);
      for (const [binding, bookmark] of carriedIn) if (!next.has(binding)) next.set(binding, bookmark);
      return new Map([...next].slice(0, MAX_BOOKMARKS));
    },
  };
}

/**
 * The session as the D1Database the rest of the code takes: statements and batches through the
 * session (noting whether any may write), `exec` (migrations' multi-statement text, never on a request
 * path) on the binding itself, which is the primary.
 */
function sessionAsDatabase(d1: D1Database, opened: { session: D1DatabaseSession; wrote: boolean }): D1Database {
  const inner = new WeakMap<object, { statement: D1PreparedStatement; writes: boolean }>();
  const wrap = (statement: D1PreparedStatement, writes: boolean): D1PreparedStatement => {
    // Noted when a statement runs, not when it is prepared: one prepared and never run wrote nothing.
    const ran = <T>(answer: () => Promise<T>) => {
      if (writes) opened.wrote = true;
      return answer();
    };
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), writes),
      run: () => ran(() => statement.run()),
      all: () => ran(() => statement.all()),
      first: (column?: string) => ran(() => (column ? statement.first(column) : statement.first())),
      raw: (options?: { columnNames?: boolean }) =>
        ran(() => (options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw())),
    };
    inner.set(wrapped, { statement, writes });
    return wrapped as unknown as D1PreparedStatement;
  };
  return {
    prepare: (query: string) => wrap(opened.session.prepare(query), mayWrite(query)),
    batch: (statements: D1PreparedStatement[]) => {
      const unwrapped = statements.map((statement) => inner.get(statement));
      if (unwrapped.some((known) => known?.writes !== false)) opened.wrote = true;
      return opened.session.batch(
        unwrapped.map((known, k) => known?.statement ?? (statements[k] as D1PreparedStatement)),
      );
    },
    exec: (query: string) => d1.exec(query),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  } as unknown as D1Database;
}
