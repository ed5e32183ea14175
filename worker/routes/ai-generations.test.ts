import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aiGenerations, creditLedger, digestRuns, items, preferences } from '../../schema';
import { aiLimits } from '../ai/client';
import { modelInfo } from '../ai/models';
import { OFFLINE_LABEL } from '../ai/offline';
import { CHARS_PER_TOKEN } from '../ai/prompts';
import { CONTINUE_PROMPT, MAX_CONTINUATIONS } from '../ai/whole-answer';
import { type Generation, type Preferences, proOnlyMessage, REWRITE_PLATFORMS, rewritePlatform } from '../contracts/ai';
import worker from '../index';
import {
  AI_KEY,
  creditsOf,
  defaultItems,
  deliver,
  deliverHeld,
  followFeed,
  holdJobs,
  makePro,
  personWithFeed,
  recordedRequests,
  restoreAi,
  setCredits,
  useFakeAi,
  useOfflineAi,
} from '../test/ai';
import { pinClock } from '../test/clock';
import { hoursAgo } from '../test/feeds';
import { call, confirmDeliveryAddress, db, latestEmailTo, signUp, uniqueEmail } from '../test/helpers';

let jobs: ReturnType<typeof holdJobs>;
beforeEach(() => {
  useOfflineAi();
  jobs = holdJobs();
});
afterEach(() => {
  jobs.restore();
  restoreAi();
});

const json = async <T>(response: Response) => (await response.json()) as T;
const rewrite = (cookie: string, itemId: number, body: Record<string, unknown> = {}) =>
  call(`/api/feed-items/${itemId}/rewrite`, {
    cookie,
    json: { language: 'English (US)', model: 'deepseek/deepseek-chat-v3-0324', platform: 'text_summary', ...body },
  });
const generationRow = async (id: number) => (await db.select().from(aiGenerations).where(eq(aiGenerations.id, id)))[0];
const marker = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}`;

describe('preferences', () => {
  it('answers the spec defaults, creating the row lazily', async () => {
    const { cookie } = await signUp();
    expect(await json(await call('/api/preferences', { cookie }))).toEqual({
      frequency: 'none',
      contentTypes: ['text_summary'],
      writingStyle: 'professional',
      contentLength: 'medium',
      language: 'English (US)',
      aiModel: 'openai/gpt-4o-mini',
      emailDelivery: null,
      emailFormat: 'html',
      emailSubjectTemplate: 'Your Feedloom digest for {date}',
      nextDeliveryAt: null,
      emailDeliveryConfirmed: false,
    });
  });

  it('saves every field and schedules the next delivery in the person’s zone', async () => {
    // 13:30 UTC is 22:30 in Tokyo: the next daily digest is 9:00 there the next morning.
    pinClock('2026-06-15T13:30:00Z');
    const { cookie, userId } = await signUp();
    await call('/api/users/me', { cookie, method: 'PATCH', json: { timezone: 'Asia/Tokyo' } });
    const body = {
      frequency: 'daily',
      contentTypes: ['text_summary', 'recommendations'],
      writingStyle: 'casual',
      contentLength: 'brief',
      language: 'Japanese',
      aiModel: 'google/gemini-2.0-flash-001',
      emailDelivery: 'Digest@Example.com',
      emailFormat: 'plain_text',
      emailSubjectTemplate: 'News for {date}',
    };
    const saved = await json<Preferences>(await call('/api/preferences', { cookie, method: 'PATCH', json: body }));
    expect(saved).toMatchObject({ ...body, emailDelivery: 'digest@example.com' });
    expect(saved.nextDeliveryAt).toBe('2026-06-16T00:00:00.000Z');

    const email = await call('/api/preferences/email', {
      cookie,
      method: 'PATCH',
      json: { emailDelivery: '', emailFormat: 'html', emailSubjectTemplate: 'Hi {date}' },
    });
    expect(await json(email)).toMatchObject({
      emailDelivery: null,
      emailSubjectTemplate: 'Hi {date}',
      language: 'Japanese',
    });
    const language = await call('/api/preferences/language', { cookie, method: 'PATCH', json: { language: 'German' } });
    expect(await json(language)).toMatchObject({ language: 'German', frequency: 'daily' });

    // A "custom" frequency written by an older version is answered as none.
    await db.update(preferences).set({ frequency: 'custom' }).where(eq(preferences.userId, userId));
    expect(await json(await call('/api/preferences', { cookie }))).toMatchObject({ frequency: 'none' });
  });

  it('refuses bad preferences with the spec’s messages', async () => {
    const { cookie } = await signUp();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ contentTypes: [] }, /^At least one content type must be selected$/],
      [{ emailDelivery: 'not an email' }, /^Please enter a valid email address$/],
      [{ emailSubjectTemplate: '   ' }, /^Email subject template is required$/],
      [{ language: 'Klingon' }, /supported languages/],
      [{ aiModel: 'openai/gpt-5-turbo-max' }, /available AI models/],
      [{ frequency: 'custom' }, /none, daily, twice_daily or weekly/],
      [{ contentTypes: ['poems'] }, /Unknown content type/],
    ];
    for (const [body, message] of cases) {
      const response = await call('/api/preferences', { cookie, method: 'PATCH', json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ message: string }>(response)).message).toMatch(message);
    }
    const email = await call('/api/preferences/email', {
      cookie,
      method: 'PATCH',
      json: { emailDelivery: 'a@b.co', emailFormat: 'html', emailSubjectTemplate: '' },
    });
    expect(await json(email)).toMatchObject({ message: 'Email subject template is required' });
  });

  it('says which AI services are configured', async () => {
    const { cookie } = await signUp();
    expect(await json(await call('/api/preferences/has-api-keys', { cookie }))).toEqual({
      openrouter: false,
      replicate: false,
    });
    useFakeAi();
    expect(await json(await call('/api/preferences/has-api-keys', { cookie }))).toEqual({
      openrouter: true,
      replicate: true,
    });
  });
});

describe('rewrites', () => {
  it('rewrites an item into a tweet with the offline model and takes one credit', async () => {
    const { cookie, userId, items: list } = await personWithFeed();
    await makePro(userId);
    const item = list[0] as { id: number };
    const response = await rewrite(cookie, item.id, { platform: 'twitter', contentType: 'twitter_post' });
    expect(response.status).toBe(200);
    const result = await json<{ id: number; content: string; contentType: string }>(response);
    expect(result.contentType).toBe('twitter_post');
    expect(result.content).toContain(OFFLINE_LABEL);
    expect(await json(await call('/api/credits', { cookie }))).toEqual({ credits: 4, isPro: true });
    const [listed] = await json<Generation[]>(await call('/api/ai-generations', { cookie }));
    expect(listed).toMatchObject({
      id: result.id,
      status: 'done',
      contentType: 'twitter_post',
      origin: 'rewrite',
      imageUrl: null,
    });
  });

  it('sends the model id, the language, the quoted article and the token limit to the AI API', async () => {
    useFakeAi();
    const tag = marker('prompt');
    const { cookie, userId, items: list } = await personWithFeed(defaultItems(tag));
    await makePro(userId);
    const item = list.find((row) => row.title.includes(tag)) as { id: number };
    const response = await rewrite(cookie, item.id, {
      language: 'French',
      model: 'perplexity/sonar',
      platform: 'blog',
    });
    expect(await json(response)).toMatchObject({
      content: '<p>Written by the fake model perplexity/sonar.</p>',
      contentType: 'blog_post',
    });
    const [request] = await recordedRequests('/openai/v1/chat/completions', tag);
    expect(request?.headers.authorization).toBe(`Bearer ${AI_KEY}`);
    const sent = JSON.parse(request?.body ?? '{}') as {
      model: string;
      max_tokens: number;
      messages: { content: string }[];
    };
    expect(sent).toMatchObject({ model: 'perplexity/sonar', max_tokens: 2600 });
    expect(sent.messages[0]?.content).toContain('Write in French');
    expect(sent.messages[1]?.content).toMatch(
      new RegExp(`<<<FEED_DATA\\n\\[1\\] Title: Solar batteries get cheaper ${tag}`),
    );
    expect(await creditsOf(userId)).toBe(3);
  });

  it('refuses an unknown model, platform or language, and charges nothing', async () => {
    const { cookie, userId, items: list } = await personWithFeed();
    const item = list[0] as { id: number };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ model: 'openai/gpt-4o-mini' }, /available AI models/],
      [{ platform: 'myspace' }, /rewrite platforms/],
      [{ language: 'Elvish' }, /supported languages/],
      [{ platform: 'twitter', contentType: 'blog_post' }, /does not match the platform/],
    ];
    for (const [body, message] of cases) {
      const response = await rewrite(cookie, item.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ message: string }>(response)).message).toMatch(message);
    }
    expect(await creditsOf(userId)).toBe(5);
  });

  it('answers 402 with the cost and the balance when credits are short, and keeps nothing', async () => {
    const { cookie, userId, items: list } = await personWithFeed();
    await makePro(userId);
    await setCredits(userId, 1);
    const response = await rewrite(cookie, (list[0] as { id: number }).id, { platform: 'blog' });
    expect(response.status).toBe(402);
    expect(await json(response)).toMatchObject({ message: 'Not enough credits: this needs 2 credits and you have 1.' });
    await setCredits(userId, 0);
    expect((await rewrite(cookie, (list[0] as { id: number }).id)).status).toBe(402);
    expect(await json(await call('/api/ai-generations', { cookie }))).toEqual([]);
    expect(await creditsOf(userId)).toBe(0);
  });

  it('keeps the platforms the plans advertise as Pro for Pro accounts, and charges a refusal nothing', async () => {
    const { cookie, userId, items: list } = await personWithFeed();
    const item = list[0] as { id: number };
    const pro = REWRITE_PLATFORMS.filter((platform) => platform.pro).map((platform) => platform.id);
    expect(pro).toEqual(['blog', 'twitter', 'facebook', 'instagram', 'email']);
    for (const platform of pro) {
      const response = await rewrite(cookie, item.id, { platform });
      expect(response.status, platform).toBe(403);
      expect((await json<{ message: string }>(response)).message).toBe(proOnlyMessage(rewritePlatform(platform)));
    }
    expect(await creditsOf(userId)).toBe(5);
    expect((await rewrite(cookie, item.id, { platform: 'text_summary' })).status).toBe(200);
    await makePro(userId);
    expect((await rewrite(cookie, item.id, { platform: 'instagram' })).status).toBe(200);
    expect(await creditsOf(userId)).toBe(3);
  });

  it('answers 404 for another person’s item', async () => {
    const { items: list } = await personWithFeed();
    const stranger = await signUp();
    expect((await rewrite(stranger.cookie, (list[0] as { id: number }).id)).status).toBe(404);
  });

  it('records an upstream 429, 500 or garbage as a failed generation and refunds', async () => {
    useFakeAi();
    for (const [word, status, message] of [
      ['FAKE_429', 503, /busy/],
      ['FAKE_500', 502, /error 500/],
      ['FAKE_GARBAGE', 502, /could not read/],
    ] as const) {
      const { cookie, userId, items: list } = await personWithFeed(defaultItems(word));
      const item = list.find((row) => row.title.includes(word)) as { id: number };
      const response = await rewrite(cookie, item.id);
      expect(response.status, word).toBe(status);
      expect((await json<{ message: string }>(response)).message).toMatch(message);
      const [failed] = await json<Generation[]>(await call('/api/ai-generations', { cookie }));
      expect(failed).toMatchObject({ status: 'failed', content: null });
      expect(failed?.error).toMatch(message);
      expect(await creditsOf(userId)).toBe(5);
    }
  });

  it('carries on as a job after the wait, and a job that times out fails and refunds', async () => {
    useFakeAi();
    aiLimits.inlineMs = 300;
    aiLimits.jobMs = 300;
    const { cookie, userId, items: list } = await personWithFeed(defaultItems('FAKE_HANG'));
    const item = list.find((row) => row.title.includes('FAKE_HANG')) as { id: number };
    const response = await rewrite(cookie, item.id);
    expect(response.status).toBe(202);
    const pending = await json<{ id: number; status: string }>(response);
    expect(pending.status).toBe('pending');
    expect(await creditsOf(userId)).toBe(4);
    expect(jobs.held).toEqual([{ type: 'generate', generationId: pending.id }]);
    await deliverHeld(jobs.held);
    expect(await generationRow(pending.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/in time/),
    });
    expect(await creditsOf(userId)).toBe(5);
  });

  it('stores no script, handler or tracking image that an article talked the model into', async () => {
    useFakeAi();
    const { cookie, items: list } = await personWithFeed(defaultItems('FAKE_INJECT'));
    const item = list.find((row) => row.title.includes('FAKE_INJECT')) as { id: number };
    const result = await json<{ id: number; content: string }>(
      await rewrite(cookie, item.id, { platform: 'text_summary' }),
    );
    expect(result.content).toBe('<p>Summary of the article.</p><p>Read on</p><p>click</p>');
    expect((await generationRow(result.id))?.content).toBe(result.content);
  });

  it('continues an answer the model cut short for length, and stores it whole', async () => {
    useFakeAi();
    const { cookie, items: list } = await personWithFeed(defaultItems('FAKE_CUT'));
    const item = list.find((row) => row.title.includes('FAKE_CUT')) as { id: number };
    const result = await json<{ id: number; content: string }>(await rewrite(cookie, item.id));
    expect(result.content).toBe(
      '<p>The first half of a long answer stops in the middle of a sentence.</p><p>The second half is whole.</p>',
    );
    expect((await generationRow(result.id))?.content).toBe(result.content);
    const requests = await recordedRequests('/openai/v1/chat/completions', 'FAKE_CUT');
    expect(requests).toHaveLength(2);
    const continuation = JSON.parse(requests[1]?.body ?? '{}') as { messages: { role: string; content: string }[] };
    expect(continuation.messages.at(-2)).toEqual({
      role: 'assistant',
      content: '<p>The first half of a long answer stops in the mid',
    });
    expect(continuation.messages.at(-1)?.content).toBe(CONTINUE_PROMPT);
  });

  it('ends at the last whole sentence when the model never finishes', async () => {
    useFakeAi();
    const { cookie, items: list } = await personWithFeed(defaultItems('FAKE_ALWAYS_CUT'));
    const item = list.find((row) => row.title.includes('FAKE_ALWAYS_CUT')) as { id: number };
    const result = await json<{ id: number; content: string }>(await rewrite(cookie, item.id));
    expect(await recordedRequests('/openai/v1/chat/completions', 'FAKE_ALWAYS_CUT')).toHaveLength(
      1 + MAX_CONTINUATIONS,
    );
    expect(result.content).toBe(
      '<p>Each part starts well. Then it stops in the middle. Then it stops again in the middle.</p>',
    );
  });

  it('gives languages in other scripts a larger answer budget than English', async () => {
    useFakeAi();
    const { cookie, userId, items: list } = await personWithFeed();
    await makePro(userId);
    await setCredits(userId, 100);
    const budgets: Record<string, number> = {};
    for (const language of ['English (US)', 'Russian', 'Japanese', 'Hindi']) {
      const tag = marker('budget');
      await db
        .update(items)
        .set({ title: `Budget ${tag}` })
        .where(eq(items.id, (list[0] as { id: number }).id));
      await rewrite(cookie, (list[0] as { id: number }).id, { platform: 'blog', language });
      const [request] = await recordedRequests('/openai/v1/chat/completions', tag);
      budgets[language] = (JSON.parse(request?.body ?? '{}') as { max_tokens: number }).max_tokens;
    }
    expect(budgets).toEqual({ 'English (US)': 2600, Russian: 4680, Japanese: 5200, Hindi: 7800 });
  });

  it('sends a 1 MB article trimmed to the model’s budget', async () => {
    useFakeAi();
    const tag = marker('huge');
    const { cookie, items: list } = await personWithFeed(defaultItems(tag));
    const item = list.find((row) => row.title.includes(tag)) as { id: number };
    await db
      .update(items)
      .set({ articleContent: `<p>${'All work and no play. '.repeat(48_000)}</p>` })
      .where(eq(items.id, item.id));
    expect((await rewrite(cookie, item.id)).status).toBe(200);
    const [request] = await recordedRequests('/openai/v1/chat/completions', tag);
    const sent = JSON.parse(request?.body ?? '{}') as { messages: { content: string }[] };
    const size = sent.messages.reduce((sum, message) => sum + message.content.length, 0);
    expect(size).toBeLessThanOrEqual(modelInfo('deepseek/deepseek-chat-v3-0324').inputTokens * CHARS_PER_TOKEN);
    expect(request?.body.length ?? 0).toBeLessThan(200_000);
  });
});

describe('feed and category summaries', () => {
  it('queue a job that fills the summary once, however often it is delivered', async () => {
    const { cookie, userId, feedId } = await personWithFeed();
    const response = await call('/api/ai-generations/feed-summary', {
      cookie,
      json: { feedId, language: 'English (UK)' },
    });
    expect(response.status).toBe(202);
    const pending = await json<Generation>(response);
    expect(pending).toMatchObject({
      title: 'Summary of Tech News',
      status: 'pending',
      content: null,
      origin: 'feed_summary',
    });
    expect(await creditsOf(userId)).toBe(4);
    const job = jobs.held[0];
    expect(job).toEqual({ type: 'generate', generationId: pending.id });
    await deliverHeld(jobs.held);
    const done = await json<Generation>(await call(`/api/ai-generations/${pending.id}`, { cookie }));
    expect(done.status).toBe('done');
    expect(done.content).toContain('Solar batteries fell in price again this year.');
    await deliver([job as never, job as never]);
    expect(await json(await call(`/api/ai-generations/${pending.id}`, { cookie }))).toEqual(done);
    const charges = await db
      .select()
      .from(creditLedger)
      .where(like(creditLedger.idempotencyKey, `%generation:${pending.id}%`));
    expect(charges.map((row) => row.delta)).toEqual([-1]);
    expect(await json<Generation[]>(await call('/api/ai-generations', { cookie }))).toHaveLength(1);
  });

  it('summarise a category; refuse another person’s feed or category and empty date ranges', async () => {
    const { cookie } = await signUp();
    const category = await json<{ id: number }>(await call('/api/categories', { cookie, json: { name: 'Energy' } }));
    await followFeed(cookie, defaultItems(), 'Grid', { categoryId: category.id });
    const response = await call('/api/ai-generations/category-summary', {
      cookie,
      json: { categoryId: category.id, language: 'Spanish', dateFilter: 'last7days' },
    });
    expect(await json(response)).toMatchObject({ title: 'Summary of the Energy category', origin: 'category_summary' });
    await deliverHeld(jobs.held);

    const stranger = await signUp();
    const feedOfOther = (await db.select({ feedId: items.feedId }).from(items).limit(1))[0]?.feedId ?? 0;
    const cases: [string, Record<string, unknown>, number][] = [
      ['category-summary', { categoryId: category.id, language: 'Spanish', dateFilter: 'none' }, 404],
      ['feed-summary', { feedId: feedOfOther, language: 'Spanish' }, 404],
      ['feed-summary', { feedId: 'abc', language: 'Spanish' }, 400],
      ['feed-summary', { feedId: 1, language: 'Dothraki' }, 400],
    ];
    for (const [path, body, status] of cases) {
      expect((await call(`/api/ai-generations/${path}`, { cookie: stranger.cookie, json: body })).status, path).toBe(
        status,
      );
    }
    const old = await personWithFeed([{ guid: 'o', title: 'Old news', pubDate: hoursAgo(24 * 40) }]);
    const empty = await call('/api/ai-generations/feed-summary', {
      cookie: old.cookie,
      json: { feedId: old.feedId, language: 'English (US)', dateFilter: 'today' },
    });
    expect(empty.status).toBe(422);
    expect(await creditsOf(old.userId)).toBe(5);
  });

  it('record a failed job with its error and refund', async () => {
    useFakeAi();
    const { cookie, userId, feedId } = await personWithFeed(defaultItems('FAKE_500'));
    const pending = await json<Generation>(
      await call('/api/ai-generations/feed-summary', { cookie, json: { feedId, language: 'English (US)' } }),
    );
    await deliverHeld(jobs.held);
    const failed = await json<Generation>(await call(`/api/ai-generations/${pending.id}`, { cookie }));
    expect(failed).toMatchObject({ status: 'failed', content: null, error: expect.stringMatching(/error 500/) });
    expect(await creditsOf(userId)).toBe(5);
  });
});

describe('generations', () => {
  it('are listed newest first, one at a time, emailed, and hidden from others', async () => {
    const { cookie, email, userId, items: list } = await personWithFeed();
    await makePro(userId);
    const ids: number[] = [];
    for (const platform of ['twitter', 'facebook', 'instagram']) {
      ids.push((await json<{ id: number }>(await rewrite(cookie, (list[0] as { id: number }).id, { platform }))).id);
    }
    const listed = await json<Generation[]>(await call('/api/ai-generations', { cookie }));
    expect(listed.map((g) => g.id)).toEqual([...ids].reverse());
    expect(await json(await call('/api/ai-generations/previous', { cookie }))).toEqual([]);

    const sent = await call(`/api/ai-generations/${ids[0]}/email`, { cookie, method: 'POST' });
    expect(await json(sent)).toEqual({ message: 'Email sent', to: email });
    const mail = await latestEmailTo(email);
    expect(mail?.subject).toMatch(/^Feedloom: Twitter\/X: /);
    expect(mail?.html).not.toMatch(/<img|<script/i);

    const stranger = await signUp();
    for (const [path, method] of [
      [`/api/ai-generations/${ids[0]}`, 'GET'],
      [`/api/ai-generations/${ids[0]}/email`, 'POST'],
      [`/api/ai-generations/${ids[0]}/regenerate`, 'POST'],
    ]) {
      expect((await call(path as string, { cookie: stranger.cookie, method })).status, path).toBe(404);
    }
    expect((await call('/api/ai-generations/0', { cookie })).status).toBe(400);
  });

  it('serve an image only to its owner, and regenerate it, deleting the old one', async () => {
    useFakeAi();
    const { cookie, userId } = await personWithFeed();
    await call('/api/preferences', { cookie, method: 'PATCH', json: { contentTypes: ['visual_content'] } });
    expect((await call('/api/ai-generations/digest', { cookie, method: 'POST' })).status).toBe(202);
    await deliverHeld(jobs.held);
    const [image] = await json<Generation[]>(await call('/api/ai-generations', { cookie }));
    expect(image).toMatchObject({ contentType: 'visual_content', status: 'done' });
    const url = image?.imageUrl ?? '';
    expect(url).toMatch(/^\/api\/ai-generations\/images\/\d+-[\w-]+\.jpg$/);
    const served = await call(url, { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call(url, { cookie: (await signUp()).cookie })).status).toBe(404);

    const credits = await creditsOf(userId);
    const again = await call(`/api/ai-generations/${image?.id}/regenerate`, { cookie, method: 'POST' });
    expect(again.status).toBe(200);
    const regenerated = await json<Generation>(again);
    expect(regenerated.imageUrl).not.toBe(url);
    expect((await call(url, { cookie })).status).toBe(404);
    expect(await env.IMAGES.head(`generations/${url.split('/').pop()}`)).toBeNull();
    expect((await call(regenerated.imageUrl ?? '', { cookie })).status).toBe(200);
    expect(await creditsOf(userId)).toBe(credits - 1);
  });
});

describe('digests', () => {
  async function dueDaily(cookie: string, userId: number, extra: Record<string, unknown> = {}) {
    await call('/api/preferences', { cookie, method: 'PATCH', json: { frequency: 'daily', ...extra } });
    await db
      .update(preferences)
      .set({ nextDeliveryAt: new Date(Date.now() - 60_000) })
      .where(eq(preferences.userId, userId));
  }
  async function tick() {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  it('the cron sends a due digest once per period and moves the next delivery', async () => {
    const { cookie, userId } = await personWithFeed();
    const to = uniqueEmail('digest');
    await dueDaily(cookie, userId, {
      contentTypes: ['text_summary', 'topic_analysis', 'recommendations', 'visual_content'],
      emailDelivery: to,
      emailSubjectTemplate: 'Morning {date} brief',
    });
    await confirmDeliveryAddress(to);
    await tick();
    const job = jobs.held.find((held) => held.type === 'send-digest' && held.userId === userId);
    expect(job).toMatchObject({
      type: 'send-digest',
      userId,
      period: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/),
    });
    const [prefs] = await db.select().from(preferences).where(eq(preferences.userId, userId));
    expect(prefs?.nextDeliveryAt?.getTime()).toBeGreaterThan(Date.now());
    await tick();
    expect(jobs.held.filter((held) => held.type === 'send-digest' && held.userId === userId)).toHaveLength(1);

    await deliver([job as never, job as never]);
    const generations = await json<Generation[]>(await call('/api/ai-generations', { cookie }));
    expect(generations.map((g) => g.contentType).sort()).toEqual([
      'recommendations',
      'text_summary',
      'topic_analysis',
      'visual_content',
    ]);
    expect(generations.find((g) => g.contentType === 'visual_content')?.content).toMatch(/skipped.*Replicate/);
    expect(await db.select().from(digestRuns).where(eq(digestRuns.userId, userId))).toHaveLength(1);
    const mail = await latestEmailTo(to);
    expect(mail?.subject).toMatch(/^Feedloom digest: Morning [A-Z][a-z]{2} \d{1,2}, \d{4} brief$/);
    expect(mail?.html).toContain('Topic Analysis');
    expect(mail?.html).not.toMatch(/<img|<script/i);
    expect(mail?.text).toContain('Solar batteries');
  });

  it('someone with no feeds, or nothing unread, gets a short “nothing new” digest', async () => {
    const nobody = await signUp();
    const to = uniqueEmail('nothing');
    await call('/api/preferences/email', {
      cookie: nobody.cookie,
      method: 'PATCH',
      json: { emailDelivery: to, emailFormat: 'plain_text', emailSubjectTemplate: 'Digest {date}' },
    });
    await confirmDeliveryAddress(to);
    await call('/api/ai-generations/digest', { cookie: nobody.cookie, method: 'POST' });
    await deliverHeld(jobs.held);
    const [only] = await json<Generation[]>(await call('/api/ai-generations', { cookie: nobody.cookie }));
    expect(only?.title).toMatch(/nothing new/);
    const mail = await latestEmailTo(to);
    expect(mail?.text).toMatch(/Nothing new since your last digest/);
    expect(mail?.html).toMatch(/^<!doctype html><html><body><pre/);

    const reader = await personWithFeed();
    for (const item of reader.items) {
      await call(`/api/feed-items/${item.id}`, { method: 'PATCH', cookie: reader.cookie, json: { isRead: true } });
    }
    await call('/api/ai-generations/digest', { cookie: reader.cookie, method: 'POST' });
    await deliverHeld(jobs.held);
    const [latest] = await json<Generation[]>(await call('/api/ai-generations', { cookie: reader.cookie }));
    expect(latest?.title).toMatch(/nothing new/);
  });

  it('“send one now” works three times a day, then answers 429', async () => {
    const { cookie, userId } = await personWithFeed();
    for (let i = 0; i < 3; i++) {
      expect((await call('/api/ai-generations/digest', { cookie, method: 'POST' })).status).toBe(202);
      await deliverHeld(jobs.held);
    }
    const refused = await call('/api/ai-generations/digest', { cookie, method: 'POST' });
    expect(refused.status).toBe(429);
    expect((await json<{ message: string }>(refused)).message).toMatch(/up to 3 digests a day/);
    const runs = await db
      .select()
      .from(digestRuns)
      .where(and(eq(digestRuns.userId, userId), eq(digestRuns.manual, true)));
    expect(runs).toHaveLength(3);
  });
});
