// Feed items (spec §7, issues 3 and 14): the list with filters and a cursor, search, read marks and stars,
// full article, and rewriting an item for a platform.
import { Hono } from 'hono';
import { z } from 'zod';
import { startRewrite } from '../ai/rewrite';
import { rewriteSchema } from '../contracts/ai';
import { type FeedItem, feedItemsQuerySchema, markReadSchema, updateItemSchema } from '../contracts/feeds';
import { idSchema } from '../contracts/ids';
import { getCategory } from '../db/categories';
import { subscribedFeedIds } from '../db/feeds';
import { listItems } from '../db/items';
import { getFeedItem, getItem, setItemRead } from '../db/items-by-id';
import { markFeedsRead } from '../db/read-state';
import { countStarred, listStarredPage, setItemStarred } from '../db/stars';
import type { AuthedEnv } from '../env';
import { readFullArticle } from '../feeds/full-article';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';
import { searchFeedItems } from '../search/search-items';

const itemParam = validate('param', z.object({ itemId: idSchema('Invalid feed item ID') }));
const PAGE_LINK_HEADER = 'x-next-cursor';

export const feedItemRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', validate('query', feedItemsQuerySchema), async (c) => {
    const { filter, search, sort, ...query } = c.req.valid('query');
    const { peopleDb: db, user } = c.var;
    let page: { items: FeedItem[]; nextCursor: string | null };
    if (search) {
      // The subscriptions come from the session's reading list copy: the session and one call (search-items.ts).
      page = await searchFeedItems(db, user.id, user.timezone, {
        ...query,
        search,
        sort,
        filter,
        readingList: c.var.readingList,
      });
    } else {
      // The schema refuses relevance without a search.
      const order = sort === 'relevance' ? 'newest' : sort;
      page =
        filter === 'starred'
          ? await listStarredPage(db, user.id, { ...query, sort: order, readingList: c.var.readingList })
          : // Stars come with the page (items.ts): the session and one round trip per database.
            await listItems(db, user.id, user.timezone, {
              ...query,
              sort: order,
              filter,
              pageSpans: user,
              readingList: c.var.readingList,
            });
    }
    // The body stays the spec's plain list; the next page's cursor travels in a header.
    if (page.nextCursor) c.header(PAGE_LINK_HEADER, page.nextCursor);
    return c.json(page.items);
  })
  .get('/starred-count', async (c) => c.json({ count: await countStarred(c.var.peopleDb, c.var.user.id) }))
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
    // Read state and star come with the item (items-by-id.ts): the session and one round trip.
    return c.json(await getFeedItem(c.var.peopleDb, c.var.user.id, c.req.valid('param').itemId));
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
