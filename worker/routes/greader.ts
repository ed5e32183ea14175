// The Google Reader API (issue 15) at /api/greader, for the reader apps people already use: ClientLogin
// with an app password, then feeds, labels, unread counts, streams (JSON and Atom), items by id, and
// the edits (read, starred, mark all as read, subscribe, rename, move). Where Google's old documentation
// is silent, FreshRSS's and Miniflux's behaviour is followed. Requests are authenticated by header, not
// cookie (greader/auth.ts), so the app's Origin check does not apply here (middleware/origin.ts).
import type { Context } from 'hono';
import { Hono } from 'hono';
import { findUserByAppPassword } from '../db/app-passwords';
import { queryItems } from '../db/items';
import { createReader, type Reader } from '../db/reader';
import type { AppEnv } from '../env';
import { withFullArticles } from '../feeds/full-article-items';
import { disableTag, editSubscriptions, editTags, markStreamRead, quickAdd, renameTag } from '../greader/actions';
import { actionToken, checkActionToken, mintAuthToken, type ReaderEnv, requireReader } from '../greader/auth';
import { feedStreamId, labelStreamId, parseItemIds, parseStreamId, STATE, type Stream } from '../greader/ids';
import { atomFeed, itemJson, type RenderContext } from '../greader/render';
import { isNewsboat, STARRED_TITLE, starredSubscription } from '../greader/special-streams';
import { MAX_PAGE, readStream, streamQueryOf } from '../greader/streams';
import {
  loadReaderSubscriptions,
  loadStreamSubscriptions,
  newestArrivalOf,
  type ReaderSubscriptions,
} from '../greader/subscriptions';
import { ApiError } from '../lib/errors';
import { chunksOf, streamJsonArray } from '../lib/json-stream';
import { ITEMS_PER_READ } from '../lib/response-budget';
import { limitPasswordAttempts } from '../middleware/rate-limit';
import { savedSearchLabels, savedSearchOfLabel } from '../rules/reader-labels';
import { limitSearches } from '../search/search-limit';

type ReaderContext = Context<ReaderEnv>;

/** Query and form fields together, repeated names kept ("i=…&i=…"), as the clients send them. */
async function paramsOf(c: Context<AppEnv> | ReaderContext) {
  const params = new URL(c.req.url).searchParams;
  const type = c.req.header('content-type') ?? '';
  if (c.req.method === 'POST' && (type === '' || type.includes('application/x-www-form-urlencoded'))) {
    for (const [key, value] of new URLSearchParams(await c.req.text())) params.append(key, value);
  }
  return params;
}

const text = (c: Context, body: string, status: 200 | 400 = 200) =>
  c.text(body, status, { 'content-type': 'text/plain; charset=utf-8' });

/** POSTs must carry a valid write token (or none, as some clients do): see checkActionToken. */
async function writeParams(c: ReaderContext) {
  const params = await paramsOf(c);
  if (!(await checkActionToken(c.var.config.secrets.session, c.var.readerToken, params.get('T') ?? undefined))) {
    throw new ApiError('UNAUTHORIZED', 'Invalid token');
  }
  return params;
}

/** The stream named after `prefix` in the path (URL-encoded or not), else by ?s=. */
function streamFromPath(c: ReaderContext, prefix: string, params: URLSearchParams): { id: string; stream: Stream } {
  const raw = new URL(c.req.url).pathname;
  const at = raw.indexOf(prefix);
  let inPath = '';
  try {
    inPath = at === -1 ? '' : decodeURIComponent(raw.slice(at + prefix.length));
  } catch {
    throw new ApiError('BAD_REQUEST', 'The stream id is not a valid URL-encoded string');
  }
  const id = inPath || params.get('s') || STATE.readingList;
  const stream = parseStreamId(id);
  if (!stream) throw new ApiError('BAD_REQUEST', `Unknown stream ${id}`);
  return { id, stream };
}

/** The app-password's person as the reader of this request (db/reader.ts). */
const readerOf = (c: ReaderContext): Reader => {
  let reader = c.var.reader;
  if (!reader) {
    // The users row the app password's check read carries the reading list's copy and the spans of
    // first pages (the reading list stream is the web app's unread page).
    reader = createReader(c.var.peopleDb, c.var.user, {
      copy: c.var.user.readingList,
      pageSpans: c.var.user,
      waitUntil: (work) => c.executionCtx.waitUntil(work),
    });
    c.set('reader', reader);
  }
  return reader;
};

/**
 * The saved search a label stream names, when no category has that name (rules/reader-labels.ts): one
 * read, and a search counted against the person's searches a minute as any search is.
 */
async function searchOfStream(c: ReaderContext, stream: Stream, subscriptions: ReaderSubscriptions) {
  if (stream.kind !== 'label' || subscriptions.labelByName.has(stream.name)) return null;
  const search = await savedSearchOfLabel(
    c.var.peopleDb,
    c.var.user.id,
    stream.name,
    new Set(subscriptions.labelByName.keys()),
  );
  if (search) await limitSearches(c.var.services.searchLimiter, c.var.user.id);
  return search;
}

/**
 * A stream's page, and the person's subscriptions when `contents` asks for them (to render the items):
 * read beside the page, in the same round trip, unless the stream names a feed or a label and the page
 * needs them first.
 */
async function readStreamOf(c: ReaderContext, stream: Stream, params: URLSearchParams, contents: boolean) {
  const query = streamQueryOf(stream, params);
  let read: Promise<ReaderSubscriptions> | undefined;
  const subscriptions = () => {
    read ??= loadStreamSubscriptions(c.var.peopleDb, readerOf(c));
    return read;
  };
  if (contents) subscriptions().catch(() => undefined);
  const search = stream.kind === 'label' ? await searchOfStream(c, stream, await subscriptions()) : null;
  const page = await readStream(readerOf(c), subscriptions, query, { contents, search });
  return { page, subscriptions };
}

async function streamPage(c: ReaderContext, prefix: string) {
  const params = await paramsOf(c);
  const { id, stream } = streamFromPath(c, prefix, params);
  const { page: stored, subscriptions: read } = await readStreamOf(c, stream, params, true);
  const subscriptions = await read();
  // "Always fetch the full article": the article instead of the teaser (feeds/full-article-items.ts).
  const items = await withFullArticles(c.var.services, readerOf(c), stored.items, (work) =>
    c.executionCtx.waitUntil(work),
  );
  const page = { ...stored, items };
  const context: RenderContext = { subscriptions };
  const title =
    stream.kind === 'feed'
      ? (subscriptions.byUrl.get(stream.url)?.name ?? stream.url)
      : stream.kind === 'label'
        ? stream.name
        : stream.kind === 'starred'
          ? STARRED_TITLE
          : 'Feedloom';
  return { id, stream, title, page, context };
}

const readerApi = new Hono<ReaderEnv>()
  .use(requireReader)
  .get('/token', async (c) => text(c, await actionToken(c.var.config.secrets.session, c.var.readerToken)))
  .get('/user-info', (c) =>
    c.json({
      userId: String(c.var.user.id),
      userName: c.var.user.name,
      userProfileId: String(c.var.user.id),
      userEmail: c.var.user.email,
    }),
  )
  .get('/subscription/list', async (c) => {
    const { feeds } = await loadReaderSubscriptions(c.var.peopleDb, c.var.user.id, readerOf(c));
    return c.json({
      subscriptions: [
        ...feeds.map((feed) => ({
          id: feedStreamId(feed.url),
          title: feed.name,
          categories: feed.label ? [{ id: labelStreamId(feed.label), label: feed.label }] : [],
          url: feed.url,
          htmlUrl: feed.siteUrl ?? '',
          // On our own origin (routes/favicons.ts), never a third-party favicon service.
          iconUrl: feed.favicon ? new URL(feed.favicon, c.req.url).href : '',
        })),
        ...(isNewsboat(c.req.header('user-agent')) ? [starredSubscription] : []),
      ],
    });
  })
  .get('/tag/list', async (c) => {
    const { labels, labelByName } = await loadReaderSubscriptions(c.var.peopleDb, c.var.user.id, readerOf(c));
    // Saved searches are tags (labels of items, not folders of feeds), as FreshRSS lists its labels.
    const searches = await savedSearchLabels(c.var.peopleDb, c.var.user.id, new Set(labelByName.keys()));
    return c.json({
      tags: [
        { id: STATE.starred },
        ...labels.map((label) => ({ id: labelStreamId(label.name), type: 'folder', unread_count: label.unread })),
        ...searches.map((search) => ({ id: labelStreamId(search.name), type: 'tag' })),
      ],
    });
  })
  .get('/unread-count', async (c) => {
    // The counts and when each feed's newest item arrived, in one round trip.
    const subscriptions = await loadReaderSubscriptions(c.var.peopleDb, c.var.user.id, readerOf(c), {
      arrivals: true,
    });
    const { feeds, labels } = subscriptions;
    const total = feeds.reduce((sum, feed) => sum + feed.unread, 0);
    // When the newest item of a stream arrived, in µs as the item's timestampUsec (Vienna skips a feed
    // whose newest it already has); left out of a stream with no items.
    const newestOf = (feedIds: number[]) => {
      const ms = Math.max(0, ...feedIds.map((id) => newestArrivalOf(subscriptions, id)));
      return ms > 0 ? { newestItemTimestampUsec: String(ms * 1000) } : {};
    };
    return c.json({
      max: total,
      unreadcounts: [
        ...feeds.map((feed) => ({ id: feedStreamId(feed.url), count: feed.unread, ...newestOf([feed.id]) })),
        ...labels.map((label) => ({ id: labelStreamId(label.name), count: label.unread, ...newestOf(label.feedIds) })),
        { id: STATE.readingList, count: total, ...newestOf(feeds.map((feed) => feed.id)) },
      ],
    });
  })
  .get('/stream/contents/*', async (c) => {
    const { id, title, page, context } = await streamPage(c, '/stream/contents/');
    return c.json({
      id,
      title,
      direction: 'ltr',
      updated: Math.floor(Date.now() / 1000),
      items: page.items.map((item) => itemJson(item, context)),
      ...(page.continuation ? { continuation: page.continuation } : {}),
    });
  })
  .get('/stream/items/ids', async (c) => {
    const params = await paramsOf(c);
    const { stream } = streamFromPath(c, '/stream/items/ids/', params);
    const { page } = await readStreamOf(c, stream, params, false);
    return c.json({
      itemRefs: page.items.map((item) => ({
        id: String(item.id),
        directStreamIds: [],
        timestampUsec: String(Date.parse(item.createdAt) * 1000),
      })),
      ...(page.continuation ? { continuation: page.continuation } : {}),
    });
  })
  .on(['GET', 'POST'], '/stream/items/contents', async (c) => {
    const params = await paramsOf(c);
    const ids = parseItemIds(params.getAll('i'));
    if (!ids || ids.length > MAX_PAGE) throw new ApiError('BAD_REQUEST', `Give 1 to ${MAX_PAGE} item ids as i`);
    const subscriptions = await loadReaderSubscriptions(c.var.peopleDb, c.var.user.id, readerOf(c));
    const context: RenderContext = { subscriptions };
    const reader = readerOf(c);
    const render = async (some: number[]) => {
      const { items } = await queryItems(reader, {
        scope: { kind: 'ids', ids: some },
        state: 'all',
        order: 'newest',
        limit: some.length,
      });
      const read = await withFullArticles(c.var.services, reader, items, (work) => c.executionCtx.waitUntil(work));
      return read.map((item) => JSON.stringify(itemJson(item, context))).join(',');
    };
    const head = `{"id":${JSON.stringify(STATE.readingList)},"updated":${Math.floor(Date.now() / 1000)},"items":[`;
    // The protocol has no continuation here: a client that asked for 1,000 ids expects them all. A few
    // are one read, newest first, as before; more are read ITEMS_PER_READ at a time (largest ids first,
    // each read newest first: clients file items by id) and sent as they are read, so the answer never
    // holds more than one read's items (issue 29).
    if (ids.length <= ITEMS_PER_READ) {
      return c.body(`${head}${await render(ids)}]}`, 200, { 'content-type': 'application/json' });
    }
    const descending = [...new Set(ids)].sort((a, b) => b - a);
    return c.body(streamJsonArray(head, chunksOf(descending, ITEMS_PER_READ), render, ']}'), 200, {
      'content-type': 'application/json',
    });
  })
  .post('/edit-tag', async (c) => {
    await editTags(c.var.peopleDb, c.var.user.id, await writeParams(c));
    return text(c, 'OK');
  })
  .post('/rename-tag', async (c) => {
    await renameTag(c.var.peopleDb, c.var.user.id, await writeParams(c));
    return text(c, 'OK');
  })
  .post('/disable-tag', async (c) => {
    await disableTag(c.var.peopleDb, c.var.user.id, await writeParams(c));
    return text(c, 'OK');
  })
  .post('/mark-all-as-read', async (c) => {
    await markStreamRead(readerOf(c), await writeParams(c));
    return text(c, 'OK');
  })
  .post('/subscription/edit', async (c) => {
    await editSubscriptions(c.var.services, c.var.user, await writeParams(c));
    return text(c, 'OK');
  })
  .post('/subscription/quickadd', async (c) => {
    const params = await writeParams(c);
    return c.json(await quickAdd(c.var.services, c.var.user, params.get('quickadd') ?? ''));
  });

const atomApi = new Hono<ReaderEnv>().use(requireReader).get('/*', async (c) => {
  const { id, stream, title, page, context } = await streamPage(c, '/reader/atom/');
  const body = atomFeed(
    { id, title, selfUrl: c.req.url },
    page.items,
    { ...context, shortEntryIds: stream.kind === 'starred' },
    page.continuation,
  );
  return c.body(body, 200, { 'content-type': 'application/atom+xml; charset=utf-8' });
});

export const greaderRoutes = new Hono<AppEnv>()
  // Email and Passwd are read from the URL as well as the form body: reader apps have sent them there
  // (Capy Reader until August 2025, FeedMe until 4.10), and FreshRSS and Miniflux accept them. No log
  // line keeps them (middleware/request-log.ts, wrangler.toml's invocation logs off; issue 28 L1).
  .on(['GET', 'POST'], '/accounts/ClientLogin', async (c) => {
    const params = await paramsOf(c);
    const email = (params.get('Email') ?? '').trim().toLowerCase();
    const password = params.get('Passwd') ?? '';
    const attempts = await limitPasswordAttempts(c.var.db, email, c.req.header('cf-connecting-ip') ?? 'local');
    const found = email && password ? await findUserByAppPassword(c.var.db, email, password) : null;
    if (!found) return c.text('Error=BadAuthentication\n', 401, { 'content-type': 'text/plain; charset=utf-8' });
    await attempts.forgive();
    const auth = await mintAuthToken(c.var.config.secrets.session, found);
    if (params.get('output') === 'json') return c.json({ SID: auth, LSID: auth, Auth: auth });
    return text(c, `SID=${auth}\nLSID=${auth}\nAuth=${auth}\n`);
  })
  .route('/reader/api/0', readerApi)
  .route('/reader/atom', atomApi);
