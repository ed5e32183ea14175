import { env } from 'cloudflare:workers';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger } from '../../schema';
import type { Generation } from '../contracts/ai';
import {
  creditsOf,
  defaultItems,
  deliver,
  deliverHeld,
  followFeed,
  json,
  makePro,
  offlineAiWithHeldJobs,
  personWithFeed,
  rewrite,
  useFakeAi,
} from '../test/ai';
import { hoursAgo } from '../test/feeds';
import { call, db, latestEmailTo, signUp } from '../test/helpers';

const jobs = offlineAiWithHeldJobs();

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
    // A feed someone else follows: the first person's.
    const [feedOfOther] = (await (await call('/api/feeds', { cookie })).json()) as { id: number }[];
    const cases: [string, Record<string, unknown>, number][] = [
      ['category-summary', { categoryId: category.id, language: 'Spanish', dateFilter: 'none' }, 404],
      ['feed-summary', { feedId: feedOfOther?.id, language: 'Spanish' }, 404],
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
