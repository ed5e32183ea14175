// The credit ledger (DESIGN.md "Money"): credits move only through `credit_ledger`, and
// users.credits is its running sum. Each movement is one D1 batch (a transaction): the ledger row
// goes in only if its idempotency key is new, and the balance moves only if that row went in
// (`changes()` reads the previous statement's count), so a retried job or a replayed webhook never
// moves money twice.
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { users } from '../../schema';
import { PLANS } from '../lib/plans';
import type { Db } from './client';
import { copyUsersRow, copyUsersRows } from './users-row-copy';

/**
 * Whether the ledger row went in (so the balance moved), after copying the users row when it did
 * (db/users-row-copy.ts): the balance shows on the next request.
 */
async function movedAndCopied(db: Db, userId: number, inserted: D1Result | undefined) {
  if (inserted?.meta.changes !== 1) return false;
  await copyUsersRow(db, userId);
  return true;
}

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
  return movedAndCopied(db, userId, inserted);
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
  return movedAndCopied(db, userId, inserted);
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
  return movedAndCopied(db, userId, inserted);
}

/** Gives back a debit (a generation that failed), at most once. */
export function refundCredits(db: Db, userId: number, cost: number, reason: string, chargeKey: string) {
  return grantCredits(db, userId, cost, reason, `refund:${chargeKey}`);
}

/**
 * A refund as statements for the caller's own batch, to follow a statement that decides whether money
 * moves: they run only if that statement changed exactly one row (a generation marked failed). The
 * caller copies the users row after a batch that moved it (db/users-row-copy.ts copyUsersRow).
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

// Monthly reset (issue 4: Free 5, Pro 100 a month). The daily cron queues one job; each job resets the
// first RESETS_PER_JOB people whose reset date has passed, in one batch, and queues the next job while a
// whole batch was due. A reset moves the person's date past now, so the next job's pick starts after
// them with no cursor, and a redelivered job finds only who is still due. At workload B about 33,000
// people are due a day (docs/scaling.md): 66 jobs of 3 D1 calls each, where a job per person made the
// cron's pick stop at 1,000 and cost a consumer invocation each.

/** People reset per job: one statement inserts their ledger rows and one sets their balances. */
export const RESETS_PER_JOB = 500;

/** yyyy-mm (UTC) of an instant: the month a reset belongs to, and its idempotency key's suffix. */
export const monthKey = (instant: number) => new Date(instant).toISOString().slice(0, 7);

/** The same day of the month, one month on (JavaScript rolls 31 Jan to 3 Mar; near enough here). */
export function addMonth(instant: number) {
  const date = new Date(instant);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

/** Who is due: no Stripe subscription (their credits come with each paid invoice), not being deleted. */
const isDue = (now: number) =>
  and(
    isNull(users.stripeSubscriptionId),
    isNull(users.deletingAt),
    or(isNull(users.creditsResetAt), lte(users.creditsResetAt, new Date(now))),
  );

/**
 * Sets the balance of the first RESETS_PER_JOB due people to their plan's monthly amount, once per
 * person and month: each ledger row records the difference (delta = amount - balance) under the key
 * `reset:<user>:<yyyy-mm>`, and only the people whose row this batch inserted have their balance set and
 * their date moved past `now` (the update joins the rows stamped with this run's time, and takes only
 * people still due: two jobs of one batch can see the same `now` in workerd, whose clock stands still
 * between I/O, and the first one's update has moved the date by the time the second one's runs).
 * Returns how many were due in the pick, and how many were reset.
 */
export async function resetDueCredits(db: Db, now = Date.now()) {
  const due = await db
    .select({ id: users.id, resetAt: users.creditsResetAt, peopleShard: users.peopleShard })
    .from(users)
    .where(isDue(now))
    .orderBy(users.creditsResetAt, users.id)
    .limit(RESETS_PER_JOB);
  if (due.length === 0) return { picked: 0, reset: 0 };
  const resets = due.map((row) => {
    const from = row.resetAt?.getTime() ?? now;
    let next = from;
    while (next <= now) next = addMonth(next);
    return [row.id, `reset:${row.id}:${monthKey(from)}`, next];
  });
  const d1 = db.$client;
  const amount = `case u.plan when 'pro' then ${PLANS.pro.monthlyCredits} else ${PLANS.free.monthlyCredits} end`;
  const picked = 'select value ->> 0 as id, value ->> 1 as key, value ->> 2 as next from json_each(?)';
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `insert into credit_ledger (user_id, delta, reason, idempotency_key, created_at)
         select u.id, ${amount} - u.credits, 'Monthly credits', p.key, ?
         from (${picked}) p join users u on u.id = p.id
         where u.stripe_subscription_id is null and (u.credits_reset_at is null or u.credits_reset_at <= ?)
         on conflict (idempotency_key) do nothing`,
      )
      .bind(now, JSON.stringify(resets), now),
    d1
      .prepare(
        `update users set credits = users.credits + l.delta, credits_reset_at = p.next
         from (${picked}) p join credit_ledger l on l.idempotency_key = p.key and l.created_at = ?
         where users.id = p.id and (users.credits_reset_at is null or users.credits_reset_at <= ?)`,
      )
      .bind(JSON.stringify(resets), now, now),
  ]);
  // The new balances show on each person's next request: one read of the rows, one batch a people database.
  if ((inserted?.meta.changes ?? 0) > 0)
    await copyUsersRows(
      db,
      due.map(({ id, peopleShard }) => ({ id, peopleShard })),
      now,
    );
  return { picked: due.length, reset: inserted?.meta.changes ?? 0 };
}
