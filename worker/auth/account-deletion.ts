// Deleting an account (issue 14: DELETE /api/users/me), complete and resumable across databases, R2 and
// Stripe. The steps are db/account-deletion.ts's with two of this module's between them (the images in
// R2, the customer at Stripe), in an order that makes an interruption (the Worker stopped, a database or
// Stripe unreachable) harmless: the users row is marked first, so nobody can sign in as the person any
// more, and it goes last, so a deletion left half-done is still listed with what it needs (the people
// shard, the Stripe customer id); the daily cleanup (jobs/handlers.ts) finishes it with the same steps.
// Every step can run twice with the same result.
// A write already past its checks when the deletion began (a request, an OPML import chunk) can still
// land in the people database after step 2: the users row leaves a tombstone, and the cleanup runs step 2
// again for every tombstone until no such write can still be under way.
import { deleteStripeCustomer, type Payments } from '../billing/stripe';
import {
  type AccountBeingDeleted,
  deleteAccountRows,
  deletedAccountsToSweep,
  deleteReadingState,
  deletionsUnderWay,
  dropTombstone,
  generatedImageKeys,
  markAccountDeleting,
} from '../db/account-deletion';
import type { Db } from '../db/client';
import { errorFields, log } from '../lib/log';

type Deps = { db: Db; images: { bucket: R2Bucket }; payments: Payments };

/** The points between steps, where a test stops a deletion as a Worker that died there would. */
export type DeletionStep = 'marked' | 'reading-state-deleted' | 'images-deleted' | 'stripe-customer-deleted';
type Options = { afterStep?: (step: DeletionStep) => void | Promise<void> };

/**
 * How a deletion ended: every step done; everything but the Stripe customer and the users row that names
 * it done (Stripe did not answer: the daily cleanup tries again); or no such account (already deleted).
 */
export type DeletionOutcome = 'deleted' | 'waiting-for-stripe' | 'no-account';

// How long a tombstone is kept: past the longest a write in flight when a deletion began can still take
// to land. The longest is an OPML import chunk already running in a queue consumer, whose wall time
// Cloudflare caps at 15 minutes (Queues limits, "Consumer duration (wall clock time)"); a request writes
// within seconds of its session check. An hour is that with room for the clocks of two Workers to differ;
// a tombstone is dropped only by a sweep that began after it was this old, so that sweep saw every such
// write (the daily cleanup sweeps it once or twice, 3 to 5 D1 calls each).
export const TOMBSTONE_KEPT_MS = 60 * 60_000;

// R2 deletes at most 1,000 keys a call.
const R2_KEYS_PER_DELETE = 1_000;

/**
 * Deletes the person and everything that is theirs: reading state in their people database, feeds
 * nobody else follows, generated images in R2, their customer at Stripe, and every row in the primary
 * database.
 */
export async function deleteAccount(deps: Deps, userId: number, options: Options = {}): Promise<DeletionOutcome> {
  const person = await markAccountDeleting(deps.db, userId);
  if (!person) return 'no-account';
  await options.afterStep?.('marked');
  return finishAccountDeletion(deps, person, options);
}

async function finishAccountDeletion(
  deps: Deps,
  person: AccountBeingDeleted,
  options: Options,
): Promise<Exclude<DeletionOutcome, 'no-account'>> {
  const { db, images, payments } = deps;
  await deleteReadingState(db, db.people.of(person), person.id);
  await options.afterStep?.('reading-state-deleted');
  // The images before the rows that name them: an interruption in between leaves keys to delete again.
  const keys = await generatedImageKeys(db, person.id);
  for (let start = 0; start < keys.length; start += R2_KEYS_PER_DELETE)
    await images.bucket.delete(keys.slice(start, start + R2_KEYS_PER_DELETE));
  await options.afterStep?.('images-deleted');
  // The Stripe customer before the users row, the only place that names it. Last of the steps that can
  // fail outside our databases, so a Stripe outage leaves the least of the person behind until it ends.
  if (person.stripeCustomerId && !(await deleteStripeCustomer(payments, person.stripeCustomerId)))
    return 'waiting-for-stripe';
  await options.afterStep?.('stripe-customer-deleted');
  await deleteAccountRows(db, person.id);
  return 'deleted';
}

/**
 * Finishes the deletions that began and were interrupted (the daily cleanup). One that fails again (or
 * waits for Stripe again) is logged and left marked for the next run; the others go on. How many were
 * finished.
 */
export async function finishInterruptedDeletions(deps: Deps, options: Options = {}) {
  let finished = 0;
  for (const person of await deletionsUnderWay(deps.db)) {
    try {
      if ((await finishAccountDeletion(deps, person, options)) === 'deleted') finished++;
    } catch (error) {
      log.error('account.deletion_failed', { userId: person.id, ...errorFields(error) });
    }
  }
  return finished;
}

/**
 * Sweeps the people database of every deleted account once more (the daily cleanup): the rows a late
 * write left there go, with stars released and feeds nobody follows deleted, as in step 2. A tombstone
 * older than TOMBSTONE_KEPT_MS when its sweep began is dropped after it. One that fails is logged and kept
 * for the next run. How many were swept.
 */
export async function sweepDeletedAccounts(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  let swept = 0;
  for (const tombstone of await deletedAccountsToSweep(db)) {
    const sweptAt = Date.now();
    try {
      await deleteReadingState(db, db.people.of(tombstone), tombstone.id);
      await dropTombstone(db, tombstone.id, sweptAt - TOMBSTONE_KEPT_MS);
      swept++;
    } catch (error) {
      log.error('account.sweep_failed', { userId: tombstone.id, ...errorFields(error) });
    }
  }
  return swept;
}
