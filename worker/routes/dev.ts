// Development-only tools: the outbox behind /dev/mailbox, the sample feeds (dev-sample-feeds.ts), and
// the hooks `npm run bench` needs (feed refresh progress, the stored item identities, making feeds due,
// the reading lists of seeded people, and D1 cost per refresh and per page read from D1's result meta). Anywhere else these answer 404.
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as z from 'zod';
import { readSession, SESSION_COOKIE, type SessionUser } from '../auth/session';
import { emptyRoundTrip, makeFeedsDue, refreshProgress, storedIdentities } from '../db/bench-probes';
import { listCategories, listCategoriesWithFeeds } from '../db/categories';
import { type Db, openDatabases } from '../db/client';
import { listOutbox } from '../db/emails';
import { setItemRead } from '../db/item-row';
import { type ItemQuery, queryItems, readPageFloorRows } from '../db/items';
import { meteredD1, newMeter } from '../db/metered-d1';
import { markFeedsRead } from '../db/read-state';
import { createReader } from '../db/reader';
import { rebuildReadingList } from '../db/reading-list';
import { peopleDbOfUser } from '../db/users';
import type { AppEnv } from '../env';
import { refreshFeed } from '../feeds/refresh';
import { enqueueRefreshes, type PickSlice, pickDueFeeds } from '../jobs/enqueue-refreshes';
import type { JobMessage } from '../jobs/messages';
import { ApiError, notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import type { FetchOptions } from '../net/fetcher';
import { sampleFeedRoutes } from './dev-sample-feeds';

/** A queue that drops what it is sent: the cost routes measure a step, not what it would queue. */
const droppingQueue = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue;

/** A queue that drops refreshes and keeps the picks it is sent in `picks`, for the caller to run next. */
const pickingQueue = (picks: PickSlice[]) =>
  ({
    send: async () => {},
    sendBatch: async (batch: { body: JobMessage }[]) => {
      for (const { body } of batch)
        if (body.type === 'pick-feeds') picks.push({ shard: body.shard, slice: body.slice });
    },
  }) as unknown as Queue;

/** An id bound of the bench probes' ranges, named in its error. */
const rangeBound = (name: string) => {
  const error = `${name} must be a whole number`;
  return z.coerce.number({ error }).int({ error });
};
const feedRange = z.object({ from: rangeBound('from'), to: rangeBound('to') });
/** A count of the floor probe's, named in its error: a whole number from 1 to 10. */
const floorCount = (name: string) => {
  const error = `${name} must be a whole number from 1 to 10`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(10, { error }).default(1);
};
const floorShape = z.object({ statements: floorCount('statements'), calls: floorCount('calls') });

/**
 * Development runs listen on this machine; a dev tool answering on any other host means a deployed
 * Worker thinks it is in development, and the outbox holds sign-in links. Both must hold.
 */
const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '[::1]' ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    const host = c.req.header('host')?.replace(/:\d+$/, '') ?? '';
    const onLoopback = isLoopbackHost(new URL(c.req.url).hostname) && (host === '' || isLoopbackHost(host));
    if (!c.var.config.development || !onLoopback) throw notFound('Page');
    await next();
  })
  .route('/sample-feeds', sampleFeedRoutes)
  .get('/outbox', async (c) => {
    const rows = await listOutbox(c.var.db, 200);
    return c.json(rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
  })
  /**
   * One D1 call that reads nothing, and no session: the floor of any request that uses D1. `statements`
   * (in the call's batch) and `calls` (one after another) split that floor per call and per statement.
   */
  .get('/bench/d1-floor', validate('query', floorShape), async (c) => {
    await emptyRoundTrip(c.var.db, c.req.valid('query'));
    return c.json({ ok: true });
  })
  /**
   * One D1 call that reads the items with ids in [from, to] as a page's statement selects them, answered
   * as the rows D1 gave, unmapped: the floor of a list request (bench/freshrss.mjs). With no session it
   * reads nothing else; signed in, it reads ahead of the session's check as a list does
   * (middleware/read-ahead.ts), the check and the rows in the one call once the session has been seen live.
   */
  .get('/bench/page-floor', validate('query', feedRange), async (c) =>
    c.json(await readPageFloorRows(c.var.db, c.req.valid('query'))),
  )
  /** Refresh progress of the feeds in [from, to]: how many were fetched (or failed) since `since`. Cheap: polled. */
  .get('/bench/stats', validate('query', feedRange.extend({ since: z.coerce.number().int() })), async (c) => {
    const { since, ...range } = c.req.valid('query');
    return c.json(await refreshProgress(c.var.db, range, since));
  })
  /** The stored identities (guid hashes) of the feeds in [from, to] by feed id, and the items' mean size. */
  .get('/bench/items', validate('query', feedRange), async (c) =>
    c.json(await storedIdentities(c.var.db, c.req.valid('query'))),
  )
  /**
   * Rebuilds the reading lists of the people a benchmark seeded with SQL (bench/server.mjs), as every write
   * of the app does, so no seed leaves a copy that says other than the rows.
   */
  .post(
    '/bench/reading-lists',
    validate('json', z.object({ userIds: z.array(z.number().int()).max(100) })),
    async (c) => {
      for (const userId of c.req.valid('json').userIds)
        await rebuildReadingList(await peopleDbOfUser(c.var.db, userId), userId);
      return c.json({ rebuilt: c.req.valid('json').userIds.length });
    },
  )
  /** Makes the feeds in [from, to] due now, as if their next check had come. */
  .post('/bench/due', validate('json', feedRange), async (c) => {
    await makeFeedsDue(c.var.db, c.req.valid('json'));
    return c.json({ ok: true });
  })
  /**
   * D1 cost and subrequests of one refreshFeed run, as the queue runs it: after a lease (a pick's or
   * "Refresh Feeds"', which set the next check alike: db/refresh-leases.ts), taken before the meter starts.
   */
  .post('/bench/cost/refresh', validate('json', z.object({ feedId: z.number().int() })), async (c) => {
    const { feedId } = c.req.valid('json');
    await makeFeedsDue(c.var.db.shards.of(feedId), { from: feedId, to: feedId });
    await enqueueRefreshes({ JOBS: droppingQueue }, c.var.db, [feedId], 0);
    const meter = newMeter();
    const db = openDatabases(c.env, c.var.config.databases, (d1) => meteredD1(d1, meter));
    const { fetcher } = c.var.services;
    const counted = (url: string, options?: FetchOptions) => {
      meter.fetches++;
      return fetcher.fetch(url, options);
    };
    const outcome = await refreshFeed({ db, fetcher: { ...fetcher, fetch: counted } }, feedId);
    return c.json({ outcome, ...meter });
  })
  /**
   * D1 cost of one cron tick's picks: makes the feeds in [from, to] due, then runs each shard's pick as the
   * queue would, and the picks they queue, with a queue that keeps only the picks (nothing is refreshed).
   */
  .post('/bench/cost/cron', validate('json', feedRange), async (c) => {
    await makeFeedsDue(c.var.db, c.req.valid('json'));
    const meter = newMeter();
    const db = openDatabases(c.env, c.var.config.databases, (d1) => meteredD1(d1, meter));
    let queued = 0;
    const picks: PickSlice[] = Array.from({ length: db.shards.count }, (_, shard) => ({ shard, slice: 0 }));
    let ran = 0;
    for (let pick = picks.shift(); pick; pick = picks.shift(), ran++) {
      const next = pickingQueue(picks);
      queued += (await pickDueFeeds({ JOBS: next }, db, pick)).length;
    }
    return c.json({ queued, picks: ran, ...meter });
  })
  /** D1 cost of marking every item of one feed read, for the person given. */
  .post(
    '/bench/cost/mark-all-read',
    validate('json', z.object({ userId: z.number().int(), feedId: z.number().int() })),
    async (c) => {
      const { userId, feedId } = c.req.valid('json');
      // Which people database is theirs is looked up before the meter starts.
      const { peopleShard } = await peopleDbOfUser(c.var.db, userId);
      const meter = newMeter();
      const marked = await markFeedsRead(
        openDatabases(c.env, c.var.config.databases, (d1) => meteredD1(d1, meter)).people.at(peopleShard),
        userId,
        [feedId],
      );
      return c.json({ marked, ...meter });
    },
  )
  /** D1 cost of what a signed-in page reads: the session, a page of items (all, unread, one category), the sidebar, a read mark. */
  .post('/bench/cost/reading', async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    const user = c.var.user;
    if (!token || !user) throw new ApiError('UNAUTHORIZED', 'Not signed in');
    const query: ItemQuery = { scope: { kind: 'all' }, state: 'all', order: 'newest', limit: 30 };
    const measure = async (work: (db: Db) => Promise<unknown>) => {
      const meter = newMeter();
      await work(openDatabases(c.env, c.var.config.databases, (d1) => meteredD1(d1, meter)));
      return meter;
    };
    const readerOn = (db: Db, person: SessionUser) =>
      createReader(db.people.of(person), person, { copy: person.readingList, pageSpans: person });
    // Someone who has opened My Feed before, all and unread: their first pages' spans are remembered.
    const page = await queryItems(readerOn(c.var.db, user), query);
    await queryItems(readerOn(c.var.db, user), { ...query, state: 'unread' });
    const unreadItem = page.items.find((item) => !item.isRead) ?? page.items[0];
    const [category] = await listCategories(c.var.db.people.of(user), user.id);
    const categoryId = category?.id;
    // And that category's first page: its span is remembered too (db/items/windows.ts).
    const categoryQuery: ItemQuery | undefined =
      categoryId === undefined ? undefined : { ...query, scope: { kind: 'category', categoryId } };
    if (categoryQuery) await queryItems(readerOn(c.var.db, user), categoryQuery);
    // And an oldest-first page of My Feed: where it ended is remembered too.
    const oldestQuery: ItemQuery = { ...query, order: 'oldest' };
    await queryItems(readerOn(c.var.db, user), oldestQuery);
    // Each page as the app asks for it: after the session lookup, with the person it found.
    let reader = user;
    const session = await measure(async (db) => {
      reader = (await readSession(db, c.var.config.secrets.session, token))?.user ?? user;
    });
    // The session's users row carries the remembered spans and the reading list (db/reading-list.ts).
    const pages = {
      session,
      itemsPage: await measure((db) => queryItems(readerOn(db, reader), query)),
      unreadPage: await measure((db) => queryItems(readerOn(db, reader), { ...query, state: 'unread' })),
      categoryPage: await measure((db) =>
        categoryQuery === undefined ? Promise.resolve() : queryItems(readerOn(db, reader), categoryQuery),
      ),
      oldestPage: await measure((db) => queryItems(readerOn(db, reader), oldestQuery)),
      sidebar: await measure((db) => listCategoriesWithFeeds(db.people.of(user), user.id, reader.readingList)),
    };
    // A read mark, twice in one feed: the first item of a feed read on its own also tells the reading list
    // that the feed has positions (db/reading-list.ts positionsFlagSql: once per feed until mark-all-read
    // clears them); every mark after it in that feed is the usual one, which the projection counts.
    const markFirstOfFeed = await measure((db) =>
      unreadItem ? setItemRead(db.people.of(user), user.id, unreadItem.id, true) : Promise.resolve(),
    );
    // Another unread item of that feed (the session's copy of the reading list predates the mark, so the
    // first may still list as unread there: it is left out by id).
    const [sameFeedUnread] = unreadItem
      ? (
          await queryItems(readerOn(c.var.db, user), {
            ...query,
            scope: { kind: 'feed', feedId: unreadItem.feedId },
            state: 'unread',
            limit: 2,
          })
        ).items.filter((item) => item.id !== unreadItem.id)
      : [];
    const markRead = await measure((db) =>
      sameFeedUnread ? setItemRead(db.people.of(user), user.id, sameFeedUnread.id, true) : Promise.resolve(),
    );
    return c.json({ ...pages, markFirstOfFeed, markRead });
  });
