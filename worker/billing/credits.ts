// Spending credits (DESIGN.md "Money"): the rule that a paid action either takes its credits or answers
// 402 naming the cost and the balance. The ledger itself, and every movement of money, is db/credits.ts.

import type { Db } from '../db/client';
import { creditBalance, debitCredits } from '../db/credits';
import { ApiError } from '../lib/errors';

export const notEnoughCredits = (cost: number, balance: number) =>
  new ApiError(
    'PAYMENT_REQUIRED',
    `Not enough credits: this needs ${cost} ${cost === 1 ? 'credit' : 'credits'} and you have ${balance}.`,
  );

/** debitCredits, or a 402 naming the cost and the balance. */
export async function chargeCredits(db: Db, userId: number, cost: number, reason: string, idempotencyKey: string) {
  if (await debitCredits(db, userId, cost, reason, idempotencyKey)) return;
  throw notEnoughCredits(cost, await creditBalance(db, userId));
}
