// Which tombstones the daily cleanup takes first (account-deletion.ts deletedAccountsToSweep): a new
// deletion's sweep for late writes must not wait behind tombstones that stay because Stripe keeps
// refusing to delete their customer.
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deletedAccounts } from '../../schema';
import { db } from '../test/helpers';
import { deletedAccountsToSweep } from './account-deletion';

// Ids far above any the suite's people get, so the rows are this test's own.
const STUCK_ID = 900_000_001;
const FRESH_ID = 900_000_002;

describe('the tombstones the cleanup sweeps', () => {
  // Other files' cleanups must not find this test's stuck customer.
  afterEach(() => db.delete(deletedAccounts).where(inArray(deletedAccounts.userId, [STUCK_ID, FRESH_ID])));

  it('come waiting-for-their-sweep first, before older ones that only wait for Stripe', async () => {
    const now = Date.now();
    await db.insert(deletedAccounts).values([
      {
        userId: STUCK_ID,
        peopleShard: 0,
        deletedAt: new Date(now - 30 * 24 * 3_600_000),
        stripeCustomerId: 'cus_stuck',
      },
      { userId: FRESH_ID, peopleShard: 0, deletedAt: new Date(now) },
    ]);
    const order = (await deletedAccountsToSweep(db)).map((tombstone) => tombstone.id);
    expect(order).toContain(STUCK_ID);
    expect(order.indexOf(FRESH_ID)).toBeLessThan(order.indexOf(STUCK_ID));
    // However many are stuck, a limit still reaches the fresh one before any of them.
    const stuckBefore = order.slice(0, order.indexOf(FRESH_ID)).length;
    expect((await deletedAccountsToSweep(db, stuckBefore + 1)).map((tombstone) => tombstone.id)).toContain(FRESH_ID);
  });
});
