// Reads near the reader (issue 30): each request's databases are D1 sessions (db/replica-sessions.ts),
// started from the bookmarks of the person's last writes, and the response carries the newest ones.
//
// - The web app: a cookie (HttpOnly, SameSite=Lax, Path=/, Secure on https). The browser sends it with
//   every request, so the page that follows a change reads it, from whichever replica has it.
// - Reader apps (Google Reader, Fever) keep no cookies. Their bookmarks are kept in this isolate, under
//   the credential they send with every call (the Auth token, the api_key). A client's next call
//   usually reaches the same isolate; one that reaches another reads from any replica, which may lag its
//   own change by the replication delay (usually well under a second). Sending them to the primary
//   instead would cost a far round trip on every sync call; a reader app applies its own marks locally
//   and syncs again later, so the rare stale answer is corrected by the next.
//
// Where a request starts reading: a request that only reads (GET, HEAD), or one that writes only the
// person's own reading state (read marks and stars: the web app's, Google Reader's edit-tag and
// mark-all-as-read, every Fever call), reads from a replica, at the person's bookmark when there is one:
// what it decides on is their own rows, which their bookmark covers. Every other write (signing up or
// in, a password, a subscription, a checkout, credits, the admin's) starts "first-primary", so what it
// reads before writing is every writer's latest.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { type Config, readConfig } from '../config';
import { type FirstRead, formatBookmarks, openReplicaSessions, parseBookmarks } from '../db/replica-sessions';
import type { AppEnv } from '../env';
import { BoundedMap } from '../lib/bounded-map';

export const BOOKMARK_COOKIE = 'feedloom_d1';
/** A bookmark matters for the replication delay after a write; a day covers any replica's catching up. */
const COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** Writes of the person's own reading state only: their reads may come from a replica at their bookmark. */
const OWN_READING_STATE_WRITES = [
  /^\/api\/feed-items\/(\d+|mark-read)$/,
  /^\/api\/greader\/reader\/api\/0\/(edit-tag|mark-all-as-read)$/,
  /^\/api\/fever$/,
];

export function firstRead(method: string, path: string): FirstRead {
  if (method === 'GET' || method === 'HEAD') return 'first-unconstrained';
  const trimmed = path.replace(/\/$/, '');
  return OWN_READING_STATE_WRITES.some((pattern) => pattern.test(trimmed)) ? 'first-unconstrained' : 'first-primary';
}

/**
 * Reader apps' bookmarks, by credential, the oldest used dropped first: an entry is about 240 bytes
 * (bench/cache-bytes-workerd.mjs), so 1,000 are this cache's 0.24 MB of an isolate's budget
 * (lib/isolate-cache-budget.ts). An app past them reads from any replica, as one reaching another isolate does.
 */
export const KEPT_CREDENTIALS = 1_000;
const keptByCredential = new BoundedMap<string, string>(KEPT_CREDENTIALS);

/** How many reader apps' bookmarks this isolate keeps now: for the test of its bound. */
export const keptCredentialCount = () => keptByCredential.size;

const keep = (credential: string, bookmarks: string) => keptByCredential.set(credential, bookmarks);

/** How much of a Fever form is read for its api_key here (the body limit refuses what is too large later). */
const LARGEST_FEVER_FORM = 64 * 1024;

/**
 * The credential a reader app's call carries ('' for none: signing in), or null for the web app, which
 * has the cookie. Fever sends its api_key in the query or the form.
 */
async function readerAppCredential(c: Context<AppEnv>): Promise<string | null> {
  const path = c.req.path;
  if (path.startsWith('/api/greader/')) {
    const token = /^GoogleLogin\s+auth=(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    return token ? `greader:${token}` : '';
  }
  if (path === '/api/fever' || path === '/api/fever/') {
    const key = c.req.query('api_key') ?? (c.req.method === 'POST' ? await formApiKey(c.req.raw) : null);
    return key ? `fever:${key.toLowerCase()}` : '';
  }
  return null;
}

/**
 * The api_key of a Fever form (urlencoded or multipart), read from a copy of the body, at most
 * LARGEST_FEVER_FORM bytes of it: the route reads the body itself, after the body limit.
 */
async function formApiKey(request: Request): Promise<string | null> {
  const reader = request.clone().body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > LARGEST_FEVER_FORM) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  if (/multipart\/form-data/i.test(request.headers.get('content-type') ?? ''))
    return /name="api_key"\r?\n\r?\n([^\r\n]*)/.exec(text)?.[1] ?? null;
  return new URLSearchParams(text).get('api_key');
}

/** The bindings a bookmark may name, by configuration: made once, not on every request (256 feed shards at B). */
const bindingsOf = new WeakMap<Config, Set<string>>();

function knownBindings(config: Config) {
  let known = bindingsOf.get(config);
  if (!known) {
    const { databases, storyDatabases } = config;
    known = new Set([...databases.feeds, ...databases.people, ...(storyDatabases ?? [])]);
    bindingsOf.set(config, known);
  }
  return known;
}

export const replicaBookmarks = createMiddleware<AppEnv>(async (c, next) => {
  const known = knownBindings(readConfig(c.env));
  // '' : a reader app's call without a credential (signing in): nothing carried, nothing kept.
  const credential = await readerAppCredential(c);
  const carriedText = credential === null ? getCookie(c, BOOKMARK_COOKIE) : keptByCredential.get(credential);
  const replicas = openReplicaSessions(
    parseBookmarks(carriedText, (binding) => known.has(binding)),
    firstRead(c.req.method, c.req.path),
  );
  c.set('replicas', replicas);
  await next();
  // Also after an error: what the request wrote before it failed is written.
  const carried = replicas.carried();
  if (!carried) return;
  const text = formatBookmarks(carried);
  if (credential) keep(credential, text);
  else if (credential === null)
    setCookie(c, BOOKMARK_COOKIE, text, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: COOKIE_MAX_AGE_SECONDS,
    });
});
