// The credit ledger (DESIGN.md "Money"): credits move only through `credit_ledger`, and
// users.credits is its running sum. Each movement is one D1 batch (a transaction): the ledger row
// goes in only if its idempotency key is new, and the balance moves only if that row went in
// (`changes()` reads the previous statement's count), so a retried job or a replayed webhook never
// moves money twice.
import type { Db } from '../db/client';

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
