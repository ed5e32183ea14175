// Feed items (spec §7, issues 3 and 14): the list with filters and a cursor, search, read marks and stars,
// full article, and rewriting an item for a platform.
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { startRewrite } from '../ai/rewrite';
import { rewriteSchema } from '../contracts/ai';
import { feedItemsQuerySchema, markReadSchema, updateItemSchema } from '../contracts/feeds';
import { idSchema } from '../contracts/ids';
import { countUnreadStories, getCategory } from '../db/categories';
import { subscribedFeedIds } from '../db/feeds';
import { getItem, setItemRead } from '../db/item-row';
import { countItems, type ItemQuery, queryItems } from '../db/items';
import { markFeedsRead } from '../db/read-state';
import type { Reader } from '../db/reader';
import { listedInScope } from '../db/reading-list';
import { setItemStarred } from '../db/stars';
import { storyFeeds } from '../db/story-index';
import type { AuthedEnv } from '../env';
import { readFullArticle } from '../feeds/full-article';
import { withFullArticles } from '../feeds/full-article-items';
import { dateRange } from '../lib/date-range';
import { ApiError, notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';
import { searchFeedItems } from '../search/search-items';
import { limitSearches } from '../search/search-limit';
import { countStories, sizeFromFeeds, withoutStoryMarks } from '../stories/collapse';
import { readFirstSourceCards, readSearchCards } from '../stories/story-cards';

/** Work the answer need not wait for: the full articles fetched after a list (feeds/full-article-items.ts). */
const waitUntilOf = (c: Context<AuthedEnv>) => (work: Promise<unknown>) => c.executionCtx.waitUntil(work);

const itemParam = validate('param', z.object({ itemId: idSchema('Invalid feed item ID') }));
const PAGE_LINK_HEADER = 'x-next-cursor';

type FeedItemsQuery = Omit<z.output<typeof feedItemsQuerySchema>, 'search' | 'threads'>;

/** The REST list's query string as an ItemQuery of the reading core (db/items). */
function itemQueryOf(query: FeedItemsQuery, timeZone: string): ItemQuery {
  const [from, to] = dateRange(query.dateFilter, timeZone);
  return {
    scope:
      query.feedId !== undefined
        ? { kind: 'feed', feedId: query.feedId }
        : query.categoryId !== undefined
          ? { kind: 'category', categoryId: query.categoryId }
          : { kind: 'all' },
    state: query.filter,
    from,
    to,
    hasEnclosure: query.hasEnclosure,
    includeHidden: query.includeHidden,
    order: query.sort,
    cursor: query.cursor,
    limit: query.limit,
  };
}

/** The feeds of a grouped list: every followed feed (My Feed) or a category's, from the reading list. */
async function scopeFeedIds(reader: Reader, categoryId: number | undefined) {
  return listedInScope(await reader.readingList(), { categoryId }).map((row) => row.feedId);
}

export const feedItemRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', validate('query', feedItemsQuerySchema), async (c) => {
    const { search, threads, ...query } = c.req.valid('query');
    const itemQuery = itemQueryOf(query, c.var.user.timezone);
    // The session and one round trip per database: the reading list comes with the session (db/reader.ts).
    // My Feed, a category and search show one card per story, a page of `limit` cards; a feed's own page
    // every item, and so does every list of a person who turned "Group the same story from different
    // feeds" off (issue 24).
    const grouped = threads && c.var.user.groupStories && query.feedId === undefined;
    const reader = c.var.reader;
    // Every page a search reads counts as a search (issue 29); a grouped search page is one read.
    const readRows = async (
      cursor: string | undefined,
      limit: number,
      more?: Pick<ItemQuery, 'besideMarks' | 'readPast' | 'storyLists' | 'foldStories'>,
    ) => {
      if (!search) return queryItems(reader, { ...itemQuery, cursor, limit, ...more });
      await limitSearches(c.var.services.searchLimiter, c.var.user.id);
      return searchFeedItems(reader, { ...itemQuery, search, cursor, limit, foldStories: more?.foldStories });
    };
    const page = !grouped
      ? await readRows(itemQuery.cursor, itemQuery.limit)
      : search
        ? await readSearchCards(itemQuery, readRows)
        : await readFirstSourceCards(reader, await scopeFeedIds(reader, query.categoryId), itemQuery, readRows);
    // The body stays the spec's plain list; the next page's cursor travels in a header.
    if (page.nextCursor) c.header(PAGE_LINK_HEADER, page.nextCursor);
    let rows = grouped ? page.items : countStories(page.items);
    // A feed's page says in how many of the person's feeds each of its stories is: one more call, made
    // only when the page shows an item of a story.
    const inStories = query.feedId === undefined ? [] : rows.filter((item) => item.inStory);
    if (inStories.length > 0) {
      const [carriers, list] = await Promise.all([
        storyFeeds(
          c.var.db,
          inStories.map((item) => item.story.id),
        ),
        c.var.reader.readingList(),
      ]);
      rows = sizeFromFeeds(rows, carriers, new Set(list.subscriptions.map(([feedId]) => feedId)));
    }
    return c.json(await withFullArticles(c.var.services, c.var.reader, withoutStoryMarks(rows), waitUntilOf(c)));
  })
  // My Feed's unread count, in stories (issue 24): the categories' counts are in the sidebar's answer.
  .get('/unread-count', async (c) =>
    c.json({ count: await countUnreadStories(c.var.peopleDb, c.var.user.id, c.var.reader) }),
  )
  .get('/starred-count', async (c) =>
    c.json({ count: await countItems(c.var.reader, { scope: { kind: 'all' }, state: 'starred' }) }),
  )
  .post('/mark-read', validate('json', markReadSchema), async (c) => {
    const body = c.req.valid('json');
    // Another person's category answers 404 like a missing one; one's own empty category marks nothing.
    if (body.categoryId !== undefined) await getCategory(c.var.peopleDb, c.var.user.id, body.categoryId);
    const feedIds = await subscribedFeedIds(c.var.peopleDb, c.var.user.id, {
      feedId: body.feedId,
      categoryId: body.categoryId,
    });
    if (body.feedId !== undefined && feedIds.length === 0) throw new ApiError('NOT_FOUND', 'Feed not found');
    const marked = await markFeedsRead(
      c.var.peopleDb,
      c.var.user.id,
      feedIds,
      body.before ? Date.parse(body.before) : undefined,
    );
    return c.json({ marked });
  })
  .get('/:itemId', itemParam, async (c) => {
    // Read state and star come with the item (db/items, by id): the session and one round trip.
    const { itemId } = c.req.valid('param');
    const { items } = await queryItems(c.var.reader, {
      scope: { kind: 'ids', ids: [itemId] },
      state: 'all',
      order: 'newest',
      limit: 1,
    });
    const [item] = items;
    if (!item) throw notFound('Feed item');
    return c.json(withoutStoryMarks([item])[0]);
  })
  .patch('/:itemId', itemParam, validate('json', updateItemSchema), async (c) => {
    const { itemId } = c.req.valid('param');
    const { isRead, isStarred } = c.req.valid('json');
    if (isRead !== undefined) await setItemRead(c.var.peopleDb, c.var.user.id, itemId, isRead);
    if (isStarred !== undefined) await setItemStarred(c.var.peopleDb, c.var.user.id, itemId, isStarred);
    return c.json({
      id: itemId,
      ...(isRead !== undefined ? { isRead } : {}),
      ...(isStarred !== undefined ? { isStarred } : {}),
    });
  })
  .get('/:itemId/content', itemParam, async (c) => {
    const { item } = await getItem(c.var.peopleDb, c.var.user.id, c.req.valid('param').itemId);
    return c.json(await readFullArticle(c.var.services, item));
  })
  // One item rewritten for a platform: 200 {id, content, contentType} when the model answers within
  // 60 s, else 202 {id, status: 'pending'} and a job finishes it.
  .post('/:itemId/rewrite', itemParam, validate('json', rewriteSchema), async (c) => {
    const { itemId } = c.req.valid('param');
    const result = await startRewrite({ ...c.var.services, env: c.env }, c.var.user, itemId, c.req.valid('json'));
    return c.json(result.body, result.status);
  });
