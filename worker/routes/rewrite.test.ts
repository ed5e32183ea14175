import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiGenerations, items } from '../../schema';
import { aiLimits } from '../ai/client';
import { OFFLINE_LABEL } from '../ai/offline';
import { CHARS_PER_TOKEN } from '../ai/prompts';
import { CONTINUE_PROMPT, MAX_CONTINUATIONS } from '../ai/whole-answer';
import { type Generation, proOnlyMessage, REWRITE_PLATFORMS, rewritePlatform } from '../contracts/ai';
import { modelInfo } from '../contracts/models';
import {
  AI_KEY,
  creditsOf,
  defaultItems,
  deliverHeld,
  json,
  makePro,
  offlineAiWithHeldJobs,
  personWithFeed,
  recordedRequests,
  rewrite,
  setCredits,
  useFakeAi,
} from '../test/ai';
import { call, db, signUp } from '../test/helpers';

const jobs = offlineAiWithHeldJobs();

const generationRow = async (id: number) => (await db.select().from(aiGenerations).where(eq(aiGenerations.id, id)))[0];
const marker = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}`;

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
    // The fake's one sentence says nothing the article says: the support check fails it, and a
    // generation none of whose sentences passes is refunded (issue 25).
    expect(await creditsOf(userId)).toBe(5);
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
    expect(pro).toContain('instagram');
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
    // The writing calls; the support check's call comes after them.
    const requests = (await recordedRequests('/openai/v1/chat/completions', 'FAKE_CUT')).filter(
      (request) => !request.body.includes('FEEDLOOM_SUPPORT_CHECK'),
    );
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
      await db.shards
        .of((list[0] as { id: number }).id)
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
    await db.shards
      .of(item.id)
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
