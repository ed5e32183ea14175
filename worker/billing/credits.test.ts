import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../schema';
import { debitCredits, RESETS_PER_JOB, refundCredits, resetDueCredits } from '../db/credits';
import { copyUsersRow } from '../db/users-row-copy';
import {
  creditsOf,
  deliver,
  deliverCounted,
  holdJobsWithOfflineAiInEachTest,
  personWithFeed,
  setCredits,
} from '../test/ai';
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
    // As every write of the users row does (db/users-row-copy.ts).
    await copyUsersRow(db, userId);
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
  it('the daily cron queues one job; it sets the plan’s amount once and moves the date a month', async () => {
    const free = await signUp();
    const pro = await signUp();
    const notDue = await signUp();
    const subscriber = await signUp();
    const past = new Date(Date.now() - 3600_000);
    await db.update(users).set({ creditsResetAt: past, credits: 1 }).where(eq(users.id, free.userId));
    await db.update(users).set({ creditsResetAt: past, credits: 7, plan: 'pro' }).where(eq(users.id, pro.userId));
    // Paid through Stripe: their credits come with each invoice, never from the monthly reset.
    await db
      .update(users)
      .set({ creditsResetAt: past, credits: 42, plan: 'pro', stripeSubscriptionId: 'sub_test' })
      .where(eq(users.id, subscriber.userId));
    await fireCron('daily');
    expect(jobs.held.filter((job) => job.type === 'reset-credits')).toEqual([{ type: 'reset-credits' }]);
    // Delivered twice, as a queue may: once is all that happens.
    await deliver([{ type: 'reset-credits' }, { type: 'reset-credits' }]);
    expect(await creditsOf(free.userId)).toBe(5);
    expect(await creditsOf(pro.userId)).toBe(100);
    expect(await creditsOf(notDue.userId)).toBe(5);
    expect(await creditsOf(subscriber.userId)).toBe(42);
    const month = past.toISOString().slice(0, 7);
    expect((await ledgerOf(pro.userId)).map((row) => [row.delta, row.idempotencyKey])).toEqual([
      [5, `signup:${pro.userId}`],
      [93, `reset:${pro.userId}:${month}`],
    ]);
    const [row] = await db.select().from(users).where(eq(users.id, free.userId));
    expect(row?.creditsResetAt?.getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    // Two jobs at the same instant (workerd's clock stands still between I/O): still once.
    const now = Date.now();
    await db
      .update(users)
      .set({ creditsResetAt: new Date(now - 40 * 86_400_000), credits: 3 })
      .where(eq(users.id, free.userId));
    const both = await Promise.all([resetDueCredits(db, now), resetDueCredits(db, now)]);
    expect(both.map((run) => run.reset).sort()).toEqual([0, 1]);
    expect(await creditsOf(free.userId)).toBe(5);
    // Not due any more: another job changes nothing, and queues no other.
    await setCredits(free.userId, 2);
    await deliver([{ type: 'reset-credits' }]);
    expect(await creditsOf(free.userId)).toBe(2);
    expect(jobs.held.filter((job) => job.type === 'reset-credits')).toHaveLength(1);
  });

  it('resets thousands due on one day in a chain of jobs of a few D1 calls each', async () => {
    // Issue 30: the cron's pick stopped at 1,000 people a day, and workload B has about 33,000 due.
    const due = 2 * RESETS_PER_JOB + 234;
    const now = Date.now();
    const past = now - 5 * 86_400_000;
    await db.$client
      .prepare(
        `with recursive n(k) as (select 1 union all select k + 1 from n where k < ?)
         insert into users (email, name, plan, credits, credits_reset_at, created_at, people_shard)
         select 'due-' || k || '@reset.test', 'Due ' || k, iif(k % 10 = 0, 'pro', 'free'), k % 4, ?, ?, iif(k % 3 = 0, 1, 0)
         from n`,
      )
      .bind(due, past, now)
      .run();

    const callsPerJob: Record<string, number>[] = [];
    await fireCron('daily');
    let queued = jobs.held.splice(0).filter((job) => job.type === 'reset-credits');
    while (queued.length > 0) {
      callsPerJob.push(await deliverCounted(queued));
      queued = jobs.held.splice(0).filter((job) => job.type === 'reset-credits');
    }
    // Three full or partial batches, then nothing queued after the one that was not full. Each: the pick,
    // the reset's batch, the rows read back and their copies in PEOPLE_1 for the third there
    // (db/users-row-copy.ts).
    expect(callsPerJob).toEqual([
      { DB: 3, PEOPLE_1: 1 },
      { DB: 3, PEOPLE_1: 1 },
      { DB: 3, PEOPLE_1: 1 },
    ]);
    const [counts] = await db.$client
      .prepare(
        `select count(*) as people, sum(credits = iif(plan = 'pro', 100, 5)) as reset,
           sum(credits_reset_at > ?) as moved from users where email like '%@reset.test'`,
      )
      .bind(now)
      .all<{ people: number; reset: number; moved: number }>()
      .then((result) => result.results);
    expect(counts).toEqual({ people: due, reset: due, moved: due });
    const [ledger] = await db.$client
      .prepare(
        `select count(*) as rows, count(distinct user_id) as people from credit_ledger
         where reason = 'Monthly credits' and user_id in (select id from users where email like '%@reset.test')`,
      )
      .all<{ rows: number; people: number }>()
      .then((result) => result.results);
    expect(ledger).toEqual({ rows: due, people: due });
    // The copies of the people in PEOPLE_1 say what their rows say.
    const copied = await env.PEOPLE_1.prepare(
      `select count(*) as n from users_row_copies where email like '%@reset.test' and credits = iif(plan = 'pro', 100, 5)`,
    ).first<{ n: number }>();
    expect(copied?.n).toBe(Math.floor(due / 3));
  });
});
