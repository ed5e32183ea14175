// Helpers for AI tests: point the Worker at the fake OpenAI-compatible and Replicate servers, hold the
// jobs it queues so a test runs them when it chooses (the local queue would otherwise deliver them in
// the background), and set up a person with a feed of items.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, vi } from 'vitest';
import { aiGenerations, items, users } from '../../schema';
import { aiLimits } from '../ai/client';
import { copyUsersRow } from '../db/users-row-copy';
import worker from '../index';
import type { JobMessage } from '../jobs/messages';
import { hoursAgo, rss, scriptFeed, type TestItem, uniqueName } from './feeds';
import { call, db, signUp } from './helpers';
import { meteredEnv } from './metered-env';

export const AI_KEY = 'sk-test-feedloom';
export const REPLICATE_TOKEN = 'r8_test_feedloom';

type AiEnv = Pick<typeof env, 'OPENROUTER_API_KEY' | 'AI_BASE_URL' | 'REPLICATE_API_TOKEN' | 'REPLICATE_BASE_URL'>;
const saved: AiEnv = {
  OPENROUTER_API_KEY: env.OPENROUTER_API_KEY,
  AI_BASE_URL: env.AI_BASE_URL,
  REPLICATE_API_TOKEN: env.REPLICATE_API_TOKEN,
  REPLICATE_BASE_URL: env.REPLICATE_BASE_URL,
};
const savedLimits = { ...aiLimits };

/** The real-model path, against the fake servers. */
export function useFakeAi({ images = true } = {}) {
  env.OPENROUTER_API_KEY = AI_KEY;
  env.AI_BASE_URL = `${env.FAKE_UPSTREAM_URL}/openai/v1`;
  env.REPLICATE_API_TOKEN = images ? REPLICATE_TOKEN : undefined;
  env.REPLICATE_BASE_URL = `${env.FAKE_UPSTREAM_URL}/replicate/v1`;
}

/** No keys: the offline model. */
export function useOfflineAi() {
  env.OPENROUTER_API_KEY = undefined;
  env.AI_BASE_URL = undefined;
  env.REPLICATE_API_TOKEN = undefined;
  env.REPLICATE_BASE_URL = undefined;
}

export function restoreAi() {
  Object.assign(env, saved);
  Object.assign(aiLimits, savedLimits);
}

const HELD: ReadonlySet<JobMessage['type']> = new Set(['generate', 'send-digest', 'reset-credits']);

/**
 * Holds AI, digest and credit jobs in `held` instead of queueing them; other jobs (email) pass
 * through. Returns the list and a restore function.
 */
export function holdJobs() {
  const held: JobMessage[] = [];
  const send = env.JOBS.send.bind(env.JOBS);
  const sendBatch = env.JOBS.sendBatch.bind(env.JOBS);
  const spies = [
    vi.spyOn(env.JOBS, 'send').mockImplementation(async (body, options) => {
      if (HELD.has((body as JobMessage).type)) held.push(body as JobMessage);
      else await send(body, options);
      return undefined as never;
    }),
    vi.spyOn(env.JOBS, 'sendBatch').mockImplementation(async (messages, options) => {
      const rest = [...messages].filter((message) => {
        if (!HELD.has((message.body as JobMessage).type)) return true;
        held.push(message.body as JobMessage);
        return false;
      });
      if (rest.length) await sendBatch(rest, options);
      return undefined as never;
    }),
  ];
  return {
    held,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

/**
 * For a test file whose AI runs on the offline model and whose AI, digest and credit jobs wait for the
 * test to deliver them: sets both up before each test and restores them after. `held` is the running
 * test's held jobs.
 */
export function holdJobsWithOfflineAiInEachTest(): { readonly held: JobMessage[] } {
  let jobs: ReturnType<typeof holdJobs> | undefined;
  beforeEach(() => {
    useOfflineAi();
    jobs = holdJobs();
  });
  afterEach(() => {
    jobs?.restore();
    restoreAi();
  });
  return {
    get held() {
      if (!jobs) throw new Error('held jobs exist only while a test runs');
      return jobs.held;
    },
  };
}

let deliveries = 0;
/** Delivers jobs to the Worker's queue handler, as the queue would; returns the acks and retries. */
export async function deliver(jobs: JobMessage[]) {
  const batch = createMessageBatch(
    'feedloom-jobs',
    jobs.map((body) => ({ id: `job-${++deliveries}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/** Delivers the jobs with every D1 call counted: that one invocation's calls, per binding. */
export async function deliverCounted(jobs: JobMessage[]) {
  const metered = meteredEnv();
  const batch = createMessageBatch(
    'feedloom-jobs',
    jobs.map((body) => ({ id: `job-${++deliveries}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, metered.env, ctx);
  await getQueueResult(batch, ctx);
  return metered.calls();
}

/** Takes every held job out of the list and delivers them. */
export async function deliverHeld(held: JobMessage[]) {
  return deliver(held.splice(0, held.length));
}

/** A signed-up person following one feed of the given items; returns the feed and item ids too. */
export async function personWithFeed(entries: TestItem[] = defaultItems(), feedName = 'Tech News') {
  const person = await signUp();
  const feedId = await followFeed(person.cookie, entries, feedName);
  const rows = await db.shards
    .of(feedId)
    .select({ id: items.id, title: items.title })
    .from(items)
    .where(eq(items.feedId, feedId));
  return { ...person, feedId, items: rows };
}

export async function followFeed(cookie: string, entries: TestItem[], feedName = 'Tech News', extra = {}) {
  const url = await scriptFeed(uniqueName('ai'), { body: rss(feedName, entries) });
  const response = await call('/api/feeds', {
    cookie,
    json: { url, name: feedName, categoryId: null, includeInAi: true, ...extra },
  });
  if (response.status !== 201) throw new Error(`follow failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

export function defaultItems(marker = ''): TestItem[] {
  return [
    {
      guid: 'a',
      title: `Solar batteries get cheaper ${marker}`.trim(),
      link: 'https://news.example/solar',
      pubDate: hoursAgo(1),
      description:
        'Solar batteries fell in price again this year. Analysts say solar storage is now cheaper than gas peaker plants in most markets. Utilities are ordering more batteries than ever before. The trend is expected to continue as factories scale up.',
    },
    {
      guid: 'b',
      title: 'Wind farms and batteries share the grid',
      link: 'https://news.example/wind',
      pubDate: hoursAgo(2),
      description:
        'Wind farms now often come with batteries attached. Grid operators like the steadier output. Storage lets wind power reach the evening peak. Critics worry about the supply of lithium for batteries.',
    },
  ];
}

export async function setCredits(userId: number, credits: number) {
  await db.update(users).set({ credits }).where(eq(users.id, userId));
  await copyUsersRow(db, userId);
}

export async function makePro(userId: number) {
  await db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
  await copyUsersRow(db, userId);
}

export async function creditsOf(userId: number) {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

export type Recorded = { method: string; path: string; headers: Record<string, string>; body: string };

/** Requests the fake servers received under `prefix` whose body contains `marker` (any body without one). */
export async function recordedRequests(prefix: string, marker = '') {
  const all = (await (
    await fetch(`${env.FAKE_UPSTREAM_URL}/__requests?prefix=${encodeURIComponent(prefix)}`)
  ).json()) as Recorded[];
  return all.filter((request) => request.body.includes(marker));
}

/** A finished generation of `userId`, written straight to the table. */
export async function createGeneration(userId: number, values: Partial<typeof aiGenerations.$inferInsert> = {}) {
  const [row] = await db
    .insert(aiGenerations)
    .values({
      userId,
      title: 'Weekly roundup',
      content: 'First paragraph.\n\nSecond <script>alert(1)</script> paragraph.',
      contentType: 'blog',
      status: 'done',
      origin: 'rewrite',
      createdAt: new Date(),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no generation');
  return row;
}

/**
 * For every test of the calling file: the offline model, and the queued jobs held (a fresh list per
 * test) so the test delivers them when it chooses.
 */
export function offlineAiWithHeldJobs() {
  const jobs = { held: [] as JobMessage[] };
  let holding: ReturnType<typeof holdJobs> | undefined;
  beforeEach(() => {
    useOfflineAi();
    holding = holdJobs();
    jobs.held = holding.held;
  });
  afterEach(() => {
    holding?.restore();
    restoreAi();
  });
  return jobs;
}

export const json = async <T>(response: Response) => (await response.json()) as T;

/** Asks for a rewrite of one item as the rewrite dialog does, with its defaults unless overridden. */
export const rewrite = (cookie: string, itemId: number, body: Record<string, unknown> = {}) =>
  call(`/api/feed-items/${itemId}/rewrite`, {
    cookie,
    json: { language: 'English (US)', model: 'deepseek/deepseek-chat-v3-0324', platform: 'text_summary', ...body },
  });

/** A finished generation of the person's with an image stored in R2; returns the image's key. */
export async function generationWithImage(userId: number) {
  const imageKey = `generations/${crypto.randomUUID()}.jpg`;
  await env.IMAGES.put(imageKey, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
  await db.insert(aiGenerations).values({
    userId,
    title: 'A summary',
    content: '<p>Done</p>',
    contentType: 'summary',
    status: 'done',
    origin: 'feed_summary',
    imageKey,
    createdAt: new Date(),
  });
  return imageKey;
}
