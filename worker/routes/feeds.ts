// Feeds (spec §7 and issue 3): list, count, preview, follow, one, update, unfollow, refresh.
import { Hono } from 'hono';
import * as z from 'zod';
import { addFeedSchema, feedUrlSchema, refreshFeedsSchema, updateFeedSchema } from '../contracts/feeds';
import { idSchema } from '../contracts/ids';
import {
  countFeeds,
  ensureCategoryOwned,
  getFeed,
  listFeeds,
  subscribedFeedIds,
  unsubscribe,
  updateSubscription,
} from '../db/feeds';
import type { AuthedEnv } from '../env';
import { followFeed, previewFeed } from '../feeds/follow';
import { enqueueRefreshes, type RefreshRequest } from '../jobs/enqueue-refreshes';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

const feedParam = validate('param', z.object({ feedId: idSchema('Invalid feed ID') }));

export const feedRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await listFeeds(c.var.peopleDb, c.var.user.id)))
  .get('/count', async (c) => c.json(await countFeeds(c.var.peopleDb, c.var.user.id, c.var.user.plan)))
  .get('/preview', validate('query', z.object({ url: feedUrlSchema })), async (c) => {
    const resolved = await previewFeed(c.var.services, c.var.user.id, c.req.valid('query').url);
    return c.json({ title: resolved.parsed.title, url: resolved.feedUrl, siteUrl: resolved.parsed.link });
  })
  .post('/', validate('json', addFeedSchema), async (c) => {
    const input = c.req.valid('json');
    await ensureCategoryOwned(c.var.peopleDb, c.var.user.id, input.categoryId);
    const feedId = await followFeed(c.var.services, c.var.user, {
      url: input.url,
      name: input.name,
      categoryId: input.categoryId ?? null,
      includeInAi: input.includeInAi,
    });
    return c.json(await getFeed(c.var.peopleDb, c.var.user.id, feedId), 201);
  })
  .post('/refresh', validate('json', refreshFeedsSchema), async (c) => {
    const { feedId } = c.req.valid('json');
    const feedIds = await subscribedFeedIds(c.var.peopleDb, c.var.user.id, { feedId });
    if (feedId !== undefined && feedIds.length === 0) throw new ApiError('NOT_FOUND', 'Feed not found');
    const cooldownMinutes = c.var.config.refreshCooldownMinutes;
    const request = await enqueueRefreshes(c.env, c.var.db, feedIds, cooldownMinutes);
    return c.json({ ...request, message: describeRefresh(request, cooldownMinutes) }, 202);
  })
  // Spec §7 calls it with ?includeCategory=true; the category always comes with the feed.
  .get('/:feedId', feedParam, validate('query', z.object({ includeCategory: z.string().optional() })), async (c) =>
    c.json(await getFeed(c.var.peopleDb, c.var.user.id, c.req.valid('param').feedId)),
  )
  .patch('/:feedId', feedParam, validate('json', updateFeedSchema), async (c) => {
    const { feedId } = c.req.valid('param');
    await updateSubscription(c.var.peopleDb, c.var.user.id, feedId, c.req.valid('json'));
    return c.json(await getFeed(c.var.peopleDb, c.var.user.id, feedId));
  })
  .delete('/:feedId', feedParam, async (c) => {
    await unsubscribe(c.var.peopleDb, c.var.user.id, c.req.valid('param').feedId);
    return c.json({ message: 'Feed deleted' });
  });

/** What Refresh Feeds did, in words: the spec's toast when anything was queued, then what was not and why. */
function describeRefresh({ queued, waiting, skipped }: RefreshRequest, minutes: number) {
  const feeds = (n: number) => (n === 1 ? '1 feed' : `${n} feeds`);
  const parts: string[] = [];
  if (queued > 0 || waiting > 0) parts.push('Feed refresh started');
  if (waiting > 0) parts.push(`${feeds(waiting)} from busy sites will follow within minutes`);
  if (skipped > 0) {
    parts.push(
      `${feeds(skipped)} checked in the last ${minutes} minutes ${skipped === 1 ? 'is' : 'are'} not fetched again yet`,
    );
  }
  return parts.length > 0 ? `${parts.join('; ')}.` : 'There are no feeds to refresh.';
}
