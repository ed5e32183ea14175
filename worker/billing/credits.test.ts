import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../schema';
import { debitCredits, refundCredits, resetMonthlyCredits } from '../db/credits';
import { creditsOf, deliver, holdJobsWithOfflineAiInEachTest, personWithFeed, setCredits } from '../test/ai';
import { call, db, fireCron, signUp } from '../test/helpers';

const jobs = holdJobsWithOfflineAiInEachTest();

const ledgerOf = (userId: number) => db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

describe('the ledger', () => {
  it('debits once per key, only while the balance covers it, and refunds once', async () => {
    const { userId } = await signUp();
    const key = `test:${crypto.randomUUID()}`;
    expect(await debitCredits(db, userId, 2, 'Blog post', key)).toBe(true);
    expect(await debitCredits(db, userId, 2, 'Blog post', key)).toBe(false);
    expect(await creditsOf(userId)).toBe(3);
    expect(await debitCredits(db, userId, 4, 'Too much', `${key}:2`)).toBe(false);
    expect(await creditsOf(userId)).toBe(3);
    expect(await refundCredits(db, userId, 2, 'Refund', key)).toBe(true);
    expect(await refundCredits(db, userId, 2, 'Refund', key)).toBe(false);
    expect(await creditsOf(userId)).toBe(5);
    expect((await ledgerOf(userId)).map((row) => [row.delta, row.idempotencyKey])).toEqual([
      [5, `signup:${userId}`],
      [-2, key],
      [2, `refund:${key}`],
    ]);
  });

  it('answers GET /api/credits with the balance and the plan', async () => {
    const { cookie, userId } = await signUp();
    expect(await (await call('/api/credits', { cookie })).json()).toEqual({ credits: 5, isPro: false });
    await db.update(users).set({ plan: 'pro', credits: 42 }).where(eq(users.id, userId));
    expect(await (await call('/api/credits', { cookie })).json()).toEqual({ credits: 42, isPro: true });
    expect((await call('/api/credits')).status).toBe(401);
  });
});

describe('the credit race', () => {
  it('ten parallel rewrites with credit for two: two succeed, eight answer 402, never below zero', async () => {
    const { cookie, userId, items } = await personWithFeed();
    await setCredits(userId, 2);
    const itemId = (items[0] as { id: number }).id;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(`/api/feed-items/${itemId}/rewrite`, {
          cookie,
          json: { language: 'English (US)', model: 'deepseek/deepseek-chat-v3-0324', platform: 'text_summary' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 402, 402, 402, 402, 402, 402, 402, 402]);
    const refused = responses.find((response) => response.status === 402) as Response;
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Not enough credits: this needs 1 credit and you have [01]\.$/,
    );
    expect(await creditsOf(userId)).toBe(0);
    const debits = (await ledgerOf(userId)).filter((row) => row.delta < 0);
    expect(debits).toHaveLength(2);
    expect(await (await call('/api/ai-generations', { cookie })).json()).toHaveLength(2);
  });
});

describe('the monthly reset', () => {
  it('the daily cron queues due people; the job sets the plan’s amount once and moves the date a month', async () => {
    const free = await signUp();
    const pro = await signUp();
    const notDue = await signUp();
    const past = new Date(Date.now() - 3600_000);
    await db.update(users).set({ creditsResetAt: past, credits: 1 }).where(eq(users.id, free.userId));
    await db.update(users).set({ creditsResetAt: past, credits: 7, plan: 'pro' }).where(eq(users.id, pro.userId));
    await fireCron('daily');
    const mine = jobs.held.filter(
      (job) => job.type === 'reset-credits' && [free.userId, pro.userId, notDue.userId].includes(job.userId),
    );
    const month = past.toISOString().slice(0, 7);
    expect(mine).toEqual(
      expect.arrayContaining([
        { type: 'reset-credits', userId: free.userId, month },
        { type: 'reset-credits', userId: pro.userId, month },
      ]),
    );
    expect(mine).toHaveLength(2);
    await deliver([...mine, ...mine]);
    expect(await creditsOf(free.userId)).toBe(5);
    expect(await creditsOf(pro.userId)).toBe(100);
    expect(await creditsOf(notDue.userId)).toBe(5);
    expect((await ledgerOf(pro.userId)).map((row) => [row.delta, row.idempotencyKey])).toEqual([
      [5, `signup:${pro.userId}`],
      [93, `reset:${pro.userId}:${month}`],
    ]);
    const [row] = await db.select().from(users).where(eq(users.id, free.userId));
    expect(row?.creditsResetAt?.getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    // Not due any more: a stray job changes nothing.
    await setCredits(free.userId, 2);
    expect(await resetMonthlyCredits(db, free.userId, '2099-01')).toBe(false);
    expect(await creditsOf(free.userId)).toBe(2);
  });
});
