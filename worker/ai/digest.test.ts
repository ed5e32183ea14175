import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { digestRuns, preferences } from '../../schema';
import type { Generation } from '../contracts/ai';
import { deliver, deliverHeld, json, offlineAiWithHeldJobs, personWithFeed } from '../test/ai';
import { call, confirmDeliveryAddress, db, fireCron, latestEmailTo, signUp, uniqueEmail } from '../test/helpers';

const jobs = offlineAiWithHeldJobs();

describe('digests', () => {
  async function dueDaily(cookie: string, userId: number, extra: Record<string, unknown> = {}) {
    await call('/api/preferences', { cookie, method: 'PATCH', json: { frequency: 'daily', ...extra } });
    await db
      .update(preferences)
      .set({ nextDeliveryAt: new Date(Date.now() - 60_000) })
      .where(eq(preferences.userId, userId));
  }
  async function tick() {
    await fireCron('frequent');
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
