// Reads near the reader (issue 30): a request's databases are D1 sessions, started at the bookmarks of
// the person's own last writes (a cookie for the web app, kept in the isolate for reader apps), so a
// read that follows a change sees it from whichever replica answers; jobs stay on the primary. Local D1
// has one copy, so what is held here is what each request asks D1 for (the session's constraint or
// bookmark, seen on the binding) and what the person then sees.
import { createExecutionContext, createMessageBatch } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { peopleDbOfUser } from '../db/users';
import type { Bindings } from '../env';
import { consumeBatch } from '../jobs/consumer';
import { md5Hex } from '../lib/crypto';
import { call, db } from '../test/helpers';
import { databaseNames } from '../test/metered-env';
import { followStoryFeed, personWithAppPassword } from '../test/reader-apps';
import { readerOfOneFeed } from '../test/round-trips';
import { BOOKMARK_COOKIE } from './replica-bookmarks';

const MINUTES = Array.from({ length: 5 }, (_, n) => (n + 1) / 60);
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/**
 * The test environment with each D1 binding noting the sessions opened on it (the constraint or bookmark
 * asked for) and the calls made on the binding itself, which D1 answers from the primary.
 */
function watchedEnv() {
  const sessions: { binding: string; from: string | undefined }[] = [];
  const primaryCalls: string[] = [];
  const bindings: Record<string, unknown> = { ...env };
  for (const name of databaseNames()) {
    const d1 = (env as unknown as Record<string, D1Database>)[name] as D1Database;
    bindings[name] = {
      prepare: (query: string) => {
        primaryCalls.push(name);
        return d1.prepare(query);
      },
      batch: (statements: D1PreparedStatement[]) => {
        primaryCalls.push(name);
        return d1.batch(statements);
      },
      exec: (query: string) => d1.exec(query),
      dump: () => d1.dump(),
      withSession: (from?: string) => {
        sessions.push({ binding: name, from });
        return d1.withSession(from);
      },
    };
  }
  return { env: bindings as unknown as Env, sessions, primaryCalls };
}

/** The bookmark cookie a response sets, and its attributes, or null. */
function bookmarkCookieOf(response: Response) {
  const line = response.headers.getAll('set-cookie').find((cookie: string) => cookie.startsWith(`${BOOKMARK_COOKIE}=`));
  if (!line) return null;
  const [pair = '', ...attributes] = line.split(/;\s*/);
  return { pair, value: pair.slice(BOOKMARK_COOKIE.length + 1), attributes };
}

describe('the web app reads its own writes near the reader', () => {
  it('carries a write’s bookmark in a cookie, and the next read starts from it and sees the write', async () => {
    const { person, newest } = await readerOfOneFeed('replica-own-writes', MINUTES);
    const marking = watchedEnv();
    const marked = await call(`/api/feed-items/${newest.id}`, {
      cookie: person.cookie,
      method: 'PATCH',
      json: { isRead: true },
      env: marking.env,
    });
    expect(marked.status).toBe(200);
    // A read mark is the person's own reading state: its reads (the session's check) from a replica.
    expect(marking.sessions).toContainEqual({ binding: 'DB', from: 'first-unconstrained' });
    expect(marking.primaryCalls).toEqual([]);
    const cookie = bookmarkCookieOf(marked);
    expect(cookie).not.toBeNull();
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    // Plain http here; on https the cookie is Secure too.
    expect(cookie?.attributes).not.toContain('Secure');
    const [binding, bookmark] = (cookie?.value ?? '').split('~');
    expect(binding).toBe('DB');
    expect(bookmark).toMatch(BOOKMARK);

    const reading = watchedEnv();
    const read = await call(`/api/feed-items/${newest.id}`, {
      cookie: `${person.cookie}; ${cookie?.pair}`,
      env: reading.env,
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as FeedItem).isRead).toBe(true);
    expect(reading.sessions).toEqual([{ binding: 'DB', from: bookmark }]);
    // A read leaves the cookie as it is: it changes only when the person writes.
    expect(bookmarkCookieOf(read)).toBeNull();
  });

  it('starts a write that may read others’ latest rows at the primary, a read anywhere', async () => {
    const { person } = await readerOfOneFeed('replica-first-primary', MINUTES);
    const creating = watchedEnv();
    const created = await call('/api/categories', {
      cookie: person.cookie,
      json: { name: 'Later' },
      env: creating.env,
    });
    expect(created.status).toBe(201);
    expect(creating.sessions).toEqual([{ binding: 'DB', from: 'first-primary' }]);
    expect(bookmarkCookieOf(created)?.value).toMatch(/^DB~/);

    const listing = watchedEnv();
    expect((await call('/api/categories/with-feeds', { cookie: person.cookie, env: listing.env })).status).toBe(200);
    expect(listing.sessions).toEqual([{ binding: 'DB', from: 'first-unconstrained' }]);
  });

  it('reads as usual with a garbage or stale bookmark cookie, and a write replaces it', async () => {
    const { person, newest } = await readerOfOneFeed('replica-garbage', MINUTES);
    await call(`/api/feed-items/${newest.id}`, { cookie: person.cookie, method: 'PATCH', json: { isRead: true } });
    const garbage = `${BOOKMARK_COOKIE}=garbage.DB~zzzz.NOPE~00000000-00000001-00000000-00000000000000000000000000000000.~`;
    const reading = watchedEnv();
    const read = await call(`/api/feed-items/${newest.id}`, {
      cookie: `${person.cookie}; ${garbage}`,
      env: reading.env,
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as FeedItem).isRead).toBe(true);
    expect(reading.sessions).toEqual([{ binding: 'DB', from: 'first-unconstrained' }]);

    // A stale bookmark (older than anything since): any replica is past it, and the read sees the newest.
    const stale = `${BOOKMARK_COOKIE}=DB~00000000-00000001-00000000-00000000000000000000000000000000`;
    const staleRead = await call(`/api/feed-items/${newest.id}`, { cookie: `${person.cookie}; ${stale}` });
    expect(staleRead.status).toBe(200);
    expect(((await staleRead.json()) as FeedItem).isRead).toBe(true);

    const unmarked = await call(`/api/feed-items/${newest.id}`, {
      cookie: `${person.cookie}; ${garbage}`,
      method: 'PATCH',
      json: { isRead: false },
    });
    expect(unmarked.status).toBe(200);
    expect(bookmarkCookieOf(unmarked)?.value).toMatch(/^DB~[0-9a-f-]+$/);
    const after = await call(`/api/feed-items/${newest.id}`, { cookie: person.cookie });
    expect(((await after.json()) as FeedItem).isRead).toBe(false);
  });
});

describe('reader apps, which keep no cookies', () => {
  it('start the next call of the same credential from the bookmark of its last write, kept in the isolate', async () => {
    const person = await personWithAppPassword('Reeder', 'News');
    const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
    const fever = (query: string, watched: ReturnType<typeof watchedEnv>) =>
      call(`/api/fever/?api&${query}`, {
        method: 'POST',
        headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_key: apiKey }).toString(),
        env: watched.env,
      });
    await followStoryFeed(person.cookie, {
      label: 'replica-fever',
      feedName: 'Stories',
      categoryId: person.categoryId,
      hoursAgo: (n) => n,
    });
    const [item] = (await (await call('/api/feed-items', { cookie: person.cookie })).json()) as FeedItem[];
    // Marking an item read writes a read mark: the person's own reading state.
    const marking = watchedEnv();
    const marked = await fever(`mark=item&as=read&id=${item?.id}`, marking);
    expect(marked.status).toBe(200);
    expect(marking.sessions.every((session) => session.from === 'first-unconstrained')).toBe(true);
    expect(bookmarkCookieOf(marked)).toBeNull();

    const syncing = watchedEnv();
    expect((await fever('unread_item_ids', syncing)).status).toBe(200);
    // The read mark is in the person's people database: the sync reads it from a bookmark at least as new.
    const { binding } = await peopleDbOfUser(db, person.userId);
    expect(syncing.sessions.find((session) => session.binding === binding)?.from).toMatch(BOOKMARK);
  });
});

describe('jobs', () => {
  it('use the primary: a queue batch opens no session', async () => {
    const watched = watchedEnv();
    const batch = createMessageBatch('feedloom-jobs', [
      { id: 'primary-reset', timestamp: new Date(), attempts: 1, body: { type: 'reset-credits' } },
    ]);
    createExecutionContext();
    await consumeBatch(batch, watched.env as unknown as Bindings);
    expect(watched.primaryCalls.length).toBeGreaterThan(0);
    expect(watched.sessions).toEqual([]);
  });
});
