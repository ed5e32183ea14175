// The credit ledger (DESIGN.md "Money"): credits move only through `credit_ledger`, and
// users.credits is its running sum. Each movement is one D1 batch (a transaction): the ledger row
// goes in only if its idempotency key is new, and the balance moves only if that row went in
// (`changes()` reads the previous statement's count), so a retried job or a replayed webhook never
// moves money twice.
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { users } from '../../schema';
import { PLANS } from '../lib/plans';
import type { Db } from './client';

/** Adds credits (or removes them, never below zero) once per idempotency key; true if it moved. */
export async function grantCredits(db: Db, userId: number, delta: number, reason: string, idempotencyKey: string) {
  const d1 = db.$client;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `insert into credit_ledger (user_id, delta, reason, idempotency_key, created_at) values (?, ?, ?, ?, ?)
         on conflict (idempotency_key) do nothing`,
      )
      .bind(userId, delta, reason, idempotencyKey, Date.now()),
    d1.prepare('update users set credits = max(0, credits + ?) where id = ? and changes() = 1').bind(delta, userId),
  ]);
  return inserted?.meta.changes === 1;
}

/**
 * Raises the balance to `target` (never lowers it) once per idempotency key: the monthly allowance
 * of a plan. The ledger row records the difference actually granted.
 */
export async function topUpCredits(db: Db, userId: number, target: number, reason: string, idempotencyKey: string) {
  const d1 = db.$client;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `insert into credit_ledger (user_id, delta, reason, idempotency_key, created_at)
         select id, max(0, ? - credits), ?, ?, ? from users where id = ?
         on conflict (idempotency_key) do nothing`,
      )
      .bind(target, reason, idempotencyKey, Date.now(), userId),
    d1.prepare('update users set credits = max(credits, ?) where id = ? and changes() = 1').bind(target, userId),
  ]);
  return inserted?.meta.changes === 1;
}

/**
 * Takes `cost` credits once per idempotency key, and only while the balance covers it: the ledger row
 * goes in only if the key is new and the balance is enough, in the same transaction as the balance
 * update, so parallel requests can never spend the same credit twice or go below zero. True if charged;
 * false if the balance was short or the key was already charged.
 */
export async function debitCredits(db: Db, userId: number, cost: number, reason: string, idempotencyKey: string) {
  const d1 = db.$client;
  const [inserted] = await d1.batch([
    // SQLite needs the WHERE on an INSERT … SELECT … ON CONFLICT (it is what tells the parser that ON is
    // not a join constraint); here it is also the balance check.
    d1
      .prepare(
        `insert into credit_ledger (user_id, delta, reason, idempotency_key, created_at)
         select ?, ?, ?, ?, ? where (select credits from users where id = ?) >= ?
         on conflict (idempotency_key) do nothing`,
      )
      .bind(userId, -cost, reason, idempotencyKey, Date.now(), userId, cost),
    d1.prepare('update users set credits = credits - ? where id = ? and changes() = 1').bind(cost, userId),
  ]);
  return inserted?.meta.changes === 1;
}

/** Gives back a debit (a generation that failed), at most once. */
export function refundCredits(db: Db, userId: number, cost: number, reason: string, chargeKey: string) {
  return grantCredits(db, userId, cost, reason, `refund:${chargeKey}`);
}

/**
 * A refund as statements for the caller's own batch, to follow a statement that decides whether money
 * moves: they run only if that statement changed exactly one row (a generation marked failed).
 */
export function refundStatements(d1: D1Database, userId: number, cost: number, reason: string, chargeKey: string) {
  return [
    d1
      .prepare(
        `insert into credit_ledger (user_id, delta, reason, idempotency_key, created_at)
         select ?, ?, ?, ?, ? where changes() = 1
         on conflict (idempotency_key) do nothing`,
      )
      .bind(userId, cost, reason, `refund:${chargeKey}`, Date.now()),
    d1.prepare('update users set credits = credits + ? where id = ? and changes() = 1').bind(cost, userId),
  ];
}

export async function creditBalance(db: Db, userId: number) {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

// Monthly reset (issue 4: Free 5, Pro 100 a month). The daily cron picks the people whose reset date has
// passed; a job per person sets the balance to the plan's amount through the ledger, keyed by month.

const MAX_RESETS_PER_RUN = 1000;

/** yyyy-mm (UTC) of an instant: the month a reset belongs to, and its idempotency key's suffix. */
export const monthKey = (instant: number) => new Date(instant).toISOString().slice(0, 7);

/** The same day of the month, one month on (JavaScript rolls 31 Jan to 3 Mar; near enough here). */
export function addMonth(instant: number) {
  const date = new Date(instant);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

export async function selectDueCreditResets(db: Db, now = Date.now()) {
  const rows = await db
    .select({ id: users.id, resetAt: users.creditsResetAt })
    .from(users)
    // A Stripe subscriber's monthly credits come with each paid invoice (billing/stripe.ts) instead.
    .where(
      and(
        isNull(users.stripeSubscriptionId),
        or(isNull(users.creditsResetAt), lte(users.creditsResetAt, new Date(now))),
      ),
    )
    .limit(MAX_RESETS_PER_RUN);
  return rows.map((row) => ({ userId: row.id, month: monthKey(row.resetAt?.getTime() ?? now) }));
}

/**
 * Sets the balance to the plan's monthly amount, once for `month`: the ledger row records the
 * difference (delta = amount - balance), and the reset date moves on past `now`. Redelivered, it
 * changes nothing; a person whose reset is not due yet is left alone.
 */
export async function resetMonthlyCredits(db: Db, userId: number, month: string, now = Date.now()) {
  const [user] = await db
    .select({ resetAt: users.creditsResetAt })
    .from(users)
    .where(and(eq(users.id, userId), or(isNull(users.creditsResetAt), lte(users.creditsResetAt, new Date(now)))));
  if (!user) return false;
  let nextReset = user.resetAt?.getTime() ?? now;
  while (nextReset <= now) nextReset = addMonth(nextReset);
  const d1 = db.$client;
  const amount = `case plan when 'pro' then ${PLANS.pro.monthlyCredits} else ${PLANS.free.monthlyCredits} end`;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `insert into credit_ledger (user_id, delta, reason, idempotency_key, created_at)
         select id, ${amount} - credits, 'Monthly credits', ?, ? from users where id = ?
         on conflict (idempotency_key) do nothing`,
      )
      .bind(`reset:${userId}:${month}`, now, userId),
    d1
      .prepare(`update users set credits = ${amount}, credits_reset_at = ? where id = ? and changes() = 1`)
      .bind(nextReset, userId),
  ]);
  return inserted?.meta.changes === 1;
}
