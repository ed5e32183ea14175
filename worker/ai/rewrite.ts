// Rewrites, summaries and regenerations as the API starts them: check what the person may use, create
// the generation with its charge, then run it (a rewrite or a regeneration waits up to 60 s in the
// request; a summary always goes to the queue).
import type { SessionUser } from '../auth/session';
import { chargeCredits } from '../billing/credits';
import {
  IMAGE_CREDITS,
  type PendingGeneration,
  proOnlyMessage,
  type RewriteInput,
  type RewriteResult,
  rewritePlatform,
  SUMMARY_CREDITS,
} from '../contracts/ai';
import type { DateFilter } from '../contracts/feeds';
import { getCategory } from '../db/categories';
import { getFeed } from '../db/feeds';
import {
  chargeKeyOf,
  getGeneration,
  requestOf,
  restartGeneration,
  selectSourceItemIds,
  toGeneration,
} from '../db/generations';
import { getItem } from '../db/item-row';
import { getPreferences } from '../db/preferences';
import { enqueue } from '../jobs/enqueue';
import { dateRange } from '../lib/date-range';
import { ApiError } from '../lib/errors';
import type { ServicesAndEnv } from '../services';
import { createChargedGeneration, failedRunError, runOrDefer } from './generate';

type Deps = ServicesAndEnv;
export type Started<T> = { status: 200; body: T } | { status: 202; body: PendingGeneration };

/** Items a summary reads at most: enough for an overview, few enough for any model's budget. */
export const MAX_SUMMARY_ITEMS = 30;

export async function startRewrite(
  deps: Deps,
  user: SessionUser,
  itemId: number,
  input: RewriteInput,
): Promise<Started<RewriteResult>> {
  const { item } = await getItem(deps.db.people.of(user), user.id, itemId);
  const platform = rewritePlatform(input.platform);
  // Spec §6: blog posts and platform formatting are advertised as Pro; the server holds the rule.
  if (platform.pro && user.plan !== 'pro') throw new ApiError('FORBIDDEN', proOnlyMessage(platform));
  const preferences = await getPreferences(deps.db, user.id);
  const row = await createChargedGeneration(
    deps,
    user,
    {
      title: `${platform.name}: ${item.title}`,
      contentType: platform.contentType,
      origin: 'rewrite',
      request: {
        itemIds: [item.id],
        language: input.language,
        model: input.model,
        writingStyle: preferences.writingStyle,
        contentLength: preferences.contentLength,
        scope: { kind: 'article', name: item.title },
      },
    },
    platform.credits,
  );
  const outcome = await runOrDefer(deps, row.id);
  if (outcome.kind === 'failed') throw failedRunError(outcome);
  if (outcome.kind === 'done')
    return { status: 200, body: { id: row.id, content: outcome.content, contentType: platform.contentType } };
  return { status: 202, body: { id: row.id, status: 'pending' } };
}

type SummaryTarget = { kind: 'feed'; feedId: number } | { kind: 'category'; categoryId: number };

/** A summary of one feed or one category: charged now, written by a `generate` job. */
export async function startSummary(
  deps: Deps,
  user: SessionUser,
  target: SummaryTarget,
  input: { language: string; dateFilter: DateFilter },
) {
  const mine = deps.db.people.of(user);
  const name =
    target.kind === 'feed'
      ? (await getFeed(mine, user.id, target.feedId)).name
      : (await getCategory(mine, user.id, target.categoryId)).name;
  const [from, to] = dateRange(input.dateFilter, user.timezone);
  const itemIds = await selectSourceItemIds(mine, user.id, {
    ...(target.kind === 'feed' ? { feedId: target.feedId } : { categoryId: target.categoryId }),
    from,
    to,
    limit: MAX_SUMMARY_ITEMS,
  });
  if (itemIds.length === 0) {
    throw new ApiError('UNPROCESSABLE', `There are no items to summarise in this ${target.kind} for the chosen dates.`);
  }
  const preferences = await getPreferences(deps.db, user.id);
  const row = await createChargedGeneration(
    deps,
    user,
    {
      title: target.kind === 'feed' ? `Summary of ${name}` : `Summary of the ${name} category`,
      contentType: 'text_summary',
      origin: target.kind === 'feed' ? 'feed_summary' : 'category_summary',
      request: {
        itemIds,
        language: input.language,
        model: preferences.aiModel,
        writingStyle: preferences.writingStyle,
        contentLength: preferences.contentLength,
        scope: { kind: target.kind, name },
        historyScope: target.kind === 'feed' ? { feedId: target.feedId } : { categoryId: target.categoryId },
      },
    },
    SUMMARY_CREDITS,
  );
  await enqueue(deps.env, { type: 'generate', generationId: row.id });
  return toGeneration(row);
}

/**
 * Runs a finished or failed generation again, charged as a new attempt (an image 1 credit, text what
 * it cost the first time, at least 1). An image generation gets a new image; the old one is deleted
 * from R2 once the new one is stored. Answers like a rewrite: 200 when done in time, else 202.
 */
export async function regenerate(deps: Deps, user: SessionUser, generationId: number) {
  const row = await getGeneration(deps.db, user.id, generationId);
  if (row.status === 'pending') throw new ApiError('CONFLICT', 'This generation is still in progress.');
  const previous = requestOf(row);
  const attempt = (previous.attempt ?? 0) + 1;
  const cost = row.contentType === 'visual_content' ? IMAGE_CREDITS : Math.max(1, previous.cost ?? 1);
  await chargeCredits(deps.db, user.id, cost, `Regenerate: ${row.title}`.slice(0, 200), chargeKeyOf(row.id, attempt));
  if (!(await restartGeneration(deps.db, user.id, row.id, { ...previous, cost, attempt }))) {
    throw new ApiError('CONFLICT', 'This generation is still in progress.');
  }
  const outcome = await runOrDefer(deps, row.id);
  if (outcome.kind === 'failed') throw failedRunError(outcome);
  if (outcome.kind === 'deferred') return { status: 202 as const, body: { id: row.id, status: 'pending' as const } };
  return { status: 200 as const, body: toGeneration(await getGeneration(deps.db, user.id, row.id)) };
}
