// One orchestrator for every generation (rewrite, summaries, digest parts, regenerations). A generation
// row is created pending, with everything needed to build it in `request`, and charged once, before any
// model is called; then `runGeneration` fills it, in the request (waiting up to 60 s) or in a `generate`
// job. Runs are idempotent: only a pending row is run, only a pending row is written, and a failure marks
// the row failed and refunds its charge in one transaction.
import type { SessionUser } from '../auth/session';
import { chargeCredits } from '../billing/credits';
import type { ContentLength, ContentType, GenerationOrigin, WritingStyle } from '../contracts/ai';
import {
  chargeKeyOf,
  completeGeneration,
  deleteGeneration,
  failGeneration,
  type GenerationRequest,
  type GenerationRow,
  insertGeneration,
  loadGenerationForJob,
  loadHistoryTitles,
  requestOf,
} from '../db/generations';
import { peopleDbOfUser } from '../db/users';
import { escapeText } from '../html/entities';
import { enqueue } from '../jobs/enqueue';
import { ApiError } from '../lib/errors';
import { errorFields, log } from '../lib/log';
import type { ServicesAndEnv } from '../services';
import { keepVisibleCitations, sourcesOf } from './citations';
import { AiError, type AiErrorKind, aiLimits } from './client';
import { historyOf } from './extractive';
import { imagePromptFor, leftOutNote } from './offline';
import type { SourceItem, TextTask } from './prompts';
import { sourceItemsOf } from './source-items';
import { everySentenceFailed, supportScoreOf } from './support-check';

export type RunOutcome =
  | { kind: 'done'; content: string }
  | { kind: 'skipped' }
  | { kind: 'deferred' }
  | { kind: 'failed'; error: string; errorKind: AiErrorKind | 'internal' };

type Deps = ServicesAndEnv;

/**
 * Creates a pending generation and charges `cost` credits for it (key `generation:<id>`); when the
 * balance is short the row is removed again and the caller gets the 402.
 */
export async function createChargedGeneration(
  { db }: Deps,
  user: SessionUser,
  values: { title: string; contentType: ContentType; origin: GenerationOrigin; request: GenerationRequest },
  cost: number,
) {
  const row = await insertGeneration(db, user.id, { ...values, request: { ...values.request, cost, attempt: 0 } });
  try {
    await chargeCredits(db, user.id, cost, `${values.origin}: ${values.title}`.slice(0, 200), chargeKeyOf(row.id));
  } catch (error) {
    await deleteGeneration(db, user.id, row.id);
    throw error;
  }
  return row;
}

/** Runs a generation within the request's 60 s; past that it carries on as a job. */
export async function runOrDefer(deps: Deps, generationId: number): Promise<RunOutcome> {
  const outcome = await runGeneration(deps, generationId, 'inline');
  if (outcome.kind === 'deferred') await enqueue(deps.env, { type: 'generate', generationId });
  return outcome;
}

/** The API's answer to a failed run: the recorded message, with a status that says whose fault it is. */
export function failedRunError(outcome: Extract<RunOutcome, { kind: 'failed' }>) {
  if (outcome.errorKind === 'busy' || outcome.errorKind === 'timeout')
    return new ApiError('UNAVAILABLE', outcome.error);
  if (outcome.errorKind === 'internal') return new ApiError('INTERNAL', outcome.error);
  return new ApiError('UPSTREAM_FAILED', outcome.error);
}

export async function runGeneration(deps: Deps, generationId: number, mode: 'inline' | 'job'): Promise<RunOutcome> {
  const { db } = deps;
  const row = await loadGenerationForJob(db, generationId);
  if (row?.status !== 'pending') return { kind: 'skipped' };
  const timeoutMs = mode === 'inline' ? aiLimits.inlineMs : aiLimits.jobMs;
  try {
    const request = requestOf(row);
    const items = await sourceItemsOf(await peopleDbOfUser(db, row.userId), row.userId, request.itemIds);
    if (items.length === 0) throw new AiError('input', 'The items for this generation are no longer available.');
    if (row.contentType === 'visual_content') return await drawImage(deps, row, request, items, timeoutMs);
    return await writeText(deps, row, request, items, timeoutMs);
  } catch (error) {
    if (mode === 'inline' && error instanceof AiError && error.kind === 'timeout') return { kind: 'deferred' };
    const known = error instanceof AiError;
    const message = known ? error.message : 'Something went wrong while writing this. Please try again.';
    if (!known) log.error('ai.generation_crashed', { generationId, ...errorFields(error) });
    else log.warn('ai.generation_failed', { generationId, kind: error.kind, error: error.message });
    await failGeneration(db, row, message);
    return { kind: 'failed', error: message, errorKind: known ? error.kind : 'internal' };
  }
}

/** Says so when no item of a summary has any text: nothing was written, so nothing is charged. */
const NO_TEXT = (count: number) =>
  `<p>${escapeText(
    `There is nothing to summarise: ${count === 1 ? 'the one item has' : `none of the ${count} items has`} any text, only ${count === 1 ? 'a title' : 'titles'}. No credits were charged.`,
  )}</p>`;

/**
 * A text generation: items without text left out of summaries (the lead says how many), the answer
 * written with its citations, every citation kept only if it names an item the person can see within
 * the window, each sentence checked against its items, and the charge refunded when none passes.
 */
async function writeText(
  deps: Deps,
  row: GenerationRow,
  request: GenerationRequest,
  loaded: SourceItem[],
  timeoutMs: number,
): Promise<RunOutcome> {
  const { db } = deps;
  const window = new Set(request.itemIds);
  const visible = loaded.filter((item) => window.has(item.id));
  const several = request.scope.kind !== 'article';
  const items = several ? visible.filter((item) => item.text.trim() !== '') : visible;
  if (items.length === 0) {
    const content = NO_TEXT(visible.length);
    const done = await completeGeneration(db, row, { content, refund: 'Refund: no item had text' });
    return done ? { kind: 'done', content } : { kind: 'skipped' };
  }
  const leftOut = visible.length - items.length;
  const task: TextTask = {
    contentType: row.contentType as TextTask['contentType'],
    language: request.language,
    writingStyle: request.writingStyle as WritingStyle,
    contentLength: request.contentLength as ContentLength,
    scope: request.scope,
    items,
    leftOut,
    ...(several ? { history: await historyFor(deps, row.userId, request, items) } : {}),
  };
  const ask = { model: request.model, generationId: row.id, timeoutMs };
  const written = await deps.ai.write(task, ask);
  const visibleIds = new Set(items.map((item) => item.id));
  const citations = await deps.ai.check(keepVisibleCitations(written.citations, visibleIds), items, ask);
  // The offline model writes its lead itself; an online answer gets the left-out note put in front.
  const note = written.lead === null ? leftOutNote(leftOut) : '';
  const content = note ? `<p>${escapeText(note)}</p>${written.content}` : written.content;
  const checked = {
    citations,
    sources: sourcesOf(citations, items),
    supportScore: supportScoreOf(citations),
    lead: written.lead ?? (note || null),
  };
  const refund = everySentenceFailed(citations) ? 'Refund: no sentence passed the support check' : undefined;
  const done = await completeGeneration(db, row, { content, checked, ...(refund ? { refund } : {}) });
  return done ? { kind: 'done', content } : { kind: 'skipped' };
}

/** Word frequencies of the same feeds' earlier items, for themes specific to this window. */
async function historyFor(deps: Deps, userId: number, request: GenerationRequest, items: SourceItem[]) {
  if (!request.historyScope) return undefined;
  const before = Math.min(...items.map((item) => item.pubDate));
  const mine = await peopleDbOfUser(deps.db, userId);
  const titles = await loadHistoryTitles(mine, userId, request.historyScope, before, request.itemIds);
  return titles.length > 0 ? historyOf(titles) : undefined;
}

async function drawImage(
  deps: Deps,
  row: GenerationRow,
  request: GenerationRequest,
  items: SourceItem[],
  timeoutMs: number,
): Promise<RunOutcome> {
  const { db, images } = deps;
  const prompt = request.imagePrompt ?? imagePromptFor(items);
  const key = await images.draw(row.id, prompt, timeoutMs);
  const content = `<p>${escapeText(
    `An illustration of ${items.length === 1 ? 'one item' : `${items.length} items`}: ${items
      .slice(0, 3)
      .map((item) => item.title)
      .join('; ')}`,
  )}</p>`;
  if (!(await completeGeneration(db, row, { content, imageKey: key }))) {
    await images.bucket.delete(key);
    return { kind: 'skipped' };
  }
  // A regeneration replaces the image: the old object goes once the new one is recorded.
  if (row.imageKey && row.imageKey !== key) await images.bucket.delete(row.imageKey);
  return { kind: 'done', content };
}
