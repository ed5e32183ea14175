// Deleting an account (issue 14: DELETE /api/users/me), complete and resumable across databases, R2 and
// Stripe, in five steps: (1) mark the users row, (2) the reading state in the people database, (3) the
// images in R2, (4) the users row, leaving a tombstone, (5) the customer at Stripe. Steps 1, 2 and 4 are
// db/account-deletion.ts's. The order makes an interruption (the Worker stopped, a database unreachable)
// harmless: the users row is marked first, so nobody can sign in as the person any more and their email
// is free, and it goes after everything else of ours, so a deletion left half-done is still listed with
// what it needs (the people shard, the Stripe customer id); the daily cleanup (jobs/handlers.ts) finishes
// it with the same steps, ACCOUNTS_PER_CLEANUP_JOB a job. Every step can run twice with the same result.
// Stripe comes last, after the users row, so that Stripe failing or not answering never holds up the
// deletion of what we keep: the request answers 204 either way, and the tombstone keeps the customer id
// until Stripe confirms the customer gone; the cleanup tries again every day until then.
// A write already past its checks when the deletion began (a request, an OPML import chunk) can still
// land in the people database after step 2, so the cleanup also runs step 2 again for every tombstone
// until no such write can still be under way.
import { deleteStripeCustomer, type Payments } from '../billing/stripe';
import {
  type AccountBeingDeleted,
  deleteAccountRows,
  deletedAccountsToSweep,
  deleteReadingState,
  deletionsUnderWay,
  dropTombstone,
  feedShardsInRoom,
  forgetStripeCustomer,
  generatedImageKeys,
  markAccountDeleting,
  readingStatePartCalls,
  readingStateScope,
} from '../db/account-deletion';
import { MAX_APP_PASSWORDS } from '../db/app-passwords';
import type { Db } from '../db/client';
import { exportsFolder } from '../exports/write-export';
import { INVOCATION_CALL_BUDGET } from '../jobs/call-budget';
import { errorFields, log } from '../lib/log';

type Deps = { db: Db; images: { bucket: R2Bucket }; exports: R2Bucket; payments: Payments };

/**
 * The points between steps, where a test stops a deletion as a Worker that died there would. Step 2 in
 * parts reaches 'feed-shards-done' after each part's feed shards, and 'feed-shards-part-done' after a
 * part with more left has taken the person's rows it was read from.
 */
export type DeletionStep =
  | 'marked'
  | 'feed-shards-done'
  | 'feed-shards-part-done'
  | 'reading-state-deleted'
  | 'images-deleted'
  | 'account-rows-deleted';
/** `feedShardsAPart`: the most feed shards one part of step 2 reaches (tests make it small). */
type Options = { afterStep?: (step: DeletionStep) => void | Promise<void>; feedShardsAPart?: number };

/**
 * D1 calls a deletion request makes besides step 2's part and the Fever keys' directory rows: the session
 * check (its people database, and the users row in the primary when its copy is old: 2), step 1 (the
 * owner read, the app passwords revoked through writeAppPasswords: 4, the mark, the marked row read back
 * and copied: 2), the images' keys, the rows, the customer forgotten (3). bench/limits.mjs reads it.
 */
export const REQUEST_FIXED_CALLS = 13;

/**
 * D1 calls a deletion request makes besides step 2's part, with `peopleDatabases` people databases:
 * REQUEST_FIXED_CALLS, and one per people database holding a Fever key's directory row (at most one a
 * key). account-deletion.test.ts counts a request.
 */
export const requestCallsBesidesReadingState = (peopleDatabases: number) =>
  REQUEST_FIXED_CALLS + Math.min(MAX_APP_PASSWORDS, peopleDatabases);

/**
 * The most feed shards step 2 reaches in a deletion request: what keeps the request within an
 * invocation's budget of D1 calls (INVOCATION_CALL_BUDGET, a third of D1's 1,000). Someone with feeds
 * or stars in more shards than that (at workload B, 42 people databases: 211 of 256 feed shards a request)
 * has the rest deleted by the daily cleanup, a part a job; they are locked out and their address free at
 * once, as after step 1 always.
 */
export const requestFeedShardsAPart = (peopleDatabases: number) =>
  feedShardsInRoom(INVOCATION_CALL_BUDGET - requestCallsBesidesReadingState(peopleDatabases), peopleDatabases);

// How long a tombstone is kept: past the longest a write in flight when a deletion began can still take
// to land. The longest is an OPML import chunk already running in a queue consumer, whose wall time
// Cloudflare caps at 15 minutes (Queues limits, "Consumer duration (wall clock time)"); a request writes
// within seconds of its session check. An hour is that with room for the clocks of two Workers to differ;
// a tombstone is dropped only by a sweep that began after it was this old, so that sweep saw every such
// write (the daily cleanup sweeps it once or twice, 3 to 5 D1 calls each). One that still names a Stripe
// customer is kept, whatever its age, until Stripe confirms the customer deleted.
export const TOMBSTONE_KEPT_MS = 60 * 60_000;

// R2 deletes at most 1,000 keys a call.
const R2_KEYS_PER_DELETE = 1_000;

/**
 * Deletes the person and everything that is theirs: reading state in their people database, feeds
 * nobody else follows, generated images in R2, every row in the primary database and, when Stripe
 * answers, their customer at Stripe. When their reading state reaches more feed shards than a request
 * has room for (requestFeedShardsAPart), it deletes a part of it and leaves the rest, marked, to the
 * daily cleanup. False when there was no such account (already deleted).
 */
export async function deleteAccount(deps: Deps, userId: number, options: Options = {}) {
  const person = await markAccountDeleting(deps.db, userId);
  if (!person) return false;
  await options.afterStep?.('marked');
  await finishAccountDeletion(deps, person, {
    ...options,
    feedShardsAPart: options.feedShardsAPart ?? requestFeedShardsAPart(deps.db.people.all().length),
  });
  return true;
}

/** Steps 2 to 5 (step 2 a part of at most `feedShardsAPart` feed shards): false when step 2 has parts left. */
async function finishAccountDeletion(deps: Deps, person: AccountBeingDeleted, options: Options) {
  const { db, images } = deps;
  const finished = await deleteReadingState(db, db.people.of(person), person.id, {
    feedShards: options.feedShardsAPart,
    afterFeedShards: () => options.afterStep?.('feed-shards-done'),
    afterPart: () => options.afterStep?.('feed-shards-part-done'),
  });
  if (!finished) return false;
  await options.afterStep?.('reading-state-deleted');
  // The images before the rows that name them: an interruption in between leaves keys to delete again.
  const keys = await generatedImageKeys(db, person.id);
  for (let start = 0; start < keys.length; start += R2_KEYS_PER_DELETE)
    await images.bucket.delete(keys.slice(start, start + R2_KEYS_PER_DELETE));
  // Their export of their data, if one is kept (worker/exports/: one at a time): the file is all of it.
  const exported = await deps.exports.list({ prefix: exportsFolder(person.id) });
  if (exported.objects.length > 0) await deps.exports.delete(exported.objects.map((object) => object.key));
  await options.afterStep?.('images-deleted');
  await deleteAccountRows(db, person.id);
  await options.afterStep?.('account-rows-deleted');
  await deleteCustomerAtStripe(deps, person);
  return true;
}

/**
 * Step 5: the person's customer at Stripe, named by their tombstone from step 4 on. Once Stripe confirms
 * it gone the tombstone forgets it; when Stripe fails (logged by deleteStripeCustomer) it keeps it for
 * the daily cleanup to try again.
 */
async function deleteCustomerAtStripe(deps: Pick<Deps, 'db' | 'payments'>, person: AccountBeingDeleted) {
  if (person.stripeCustomerId && (await deleteStripeCustomer(deps.payments, person.stripeCustomerId)))
    await forgetStripeCustomer(deps.db, person.id);
}

/**
 * Accounts one cleanup job lists at a time, each part: how many it goes through is its room on the
 * batch's D1 call budget (jobs/call-budget.ts). Each account's reading state is measured first (one
 * call) and the account taken only if the budget has room for all of it; otherwise the job queues the
 * next with where it stopped (jobs/handlers.ts): the daily cleanup is a chain of jobs, each within the
 * budget, however many deletions and tombstones there are (issue 30: 20 deletions and 20 tombstones a
 * job reached 2,280 calls at workload B).
 */
export const ACCOUNTS_PER_CLEANUP_JOB = 100;

/** D1 calls an account's finishing takes besides step 2's: its image keys, its rows, its customer forgotten. */
const FINISH_CALLS = 3;
/** D1 calls a tombstone's sweep takes besides step 2's: its customer forgotten, the tombstone dropped. */
const SWEEP_CALLS = 2;

/** What a part of the cleanup did: how many it finished, and after which id the next job goes on (null: all done). */
export type CleanupPart = { done: number; next: number | null };

/** The cleanup's room on the batch's budget (jobs/handlers.ts JobRoom), its databases counted. */
export type CleanupRoom = {
  run<T>(calls: number, work: (db: Db) => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** The most calls one piece of work could ever get: one that needs more is skipped, and logged. */
  readonly most: number;
  /** How many people databases there are: step 2 asks each who else follows the person's feeds. */
  readonly peopleDatabases: number;
};

/**
 * Goes through `people` (listed after `after`) one at a time, each a part at a time in room for the calls
 * its scope says (a part reaches as many feed shards as the most room any work could get has for:
 * feedShardsInRoom), until the room runs out: where the next job goes on (before a person whose parts are
 * not all done, so the next job takes up their next part). A person whose part could never fit (with
 * more people databases than the room has calls for) is logged and passed over (it is left for a person
 * to see to, not retried for ever). `work` answers whether the person is finished.
 */
async function eachInRoom(
  room: CleanupRoom,
  taken: AccountBeingDeleted[],
  after: number,
  extraCalls: number,
  work: (db: Db, person: AccountBeingDeleted, feedShardsAPart: number) => Promise<boolean>,
  failure: string,
): Promise<CleanupPart> {
  let done = 0;
  let last = after;
  const feedShardsAPart = feedShardsInRoom(room.most - extraCalls, room.peopleDatabases);
  for (const person of taken) {
    if (feedShardsAPart < 1) {
      const calls = readingStatePartCalls(1, room.peopleDatabases) + extraCalls;
      log.error('account.cleanup_too_big', { userId: person.id, calls });
      last = person.id;
      continue;
    }
    for (;;) {
      const scope = await room.run(1, (db) => readingStateScope(db, db.people.of(person), person.id));
      if (!scope.ran) return { done, next: last };
      const feedShards = Math.min(scope.value.shards.length, feedShardsAPart);
      try {
        const part = await room.run(readingStatePartCalls(feedShards, room.peopleDatabases) + extraCalls, (db) =>
          work(db, person, feedShardsAPart),
        );
        if (!part.ran) return { done, next: last };
        if (!part.value) continue;
        done++;
      } catch (error) {
        log.error(failure, { userId: person.id, ...errorFields(error) });
      }
      break;
    }
    last = person.id;
  }
  return { done, next: taken.length === ACCOUNTS_PER_CLEANUP_JOB ? last : null };
}

/**
 * Finishes the deletions that began and were interrupted (the daily cleanup), by id after `after`. One
 * that fails again is logged and left marked for the next day; the others go on.
 */
export async function finishInterruptedDeletions(
  deps: Omit<Deps, 'db'>,
  room: CleanupRoom,
  { after = 0, ...options }: Options & { after?: number } = {},
): Promise<CleanupPart> {
  const listed = await room.run(1, (db) => deletionsUnderWay(db, { after, limit: ACCOUNTS_PER_CLEANUP_JOB }));
  if (!listed.ran) return { done: 0, next: after };
  return eachInRoom(
    room,
    listed.value,
    after,
    FINISH_CALLS,
    (db, person, feedShardsAPart) => finishAccountDeletion({ ...deps, db }, person, { ...options, feedShardsAPart }),
    'account.deletion_failed',
  );
}

/**
 * Sweeps the people database of deleted accounts once more (the daily cleanup), by id after `after`: the
 * rows a late write left there go, with stars released and feeds nobody follows deleted, as in step 2;
 * and step 5 runs again for a tombstone that still names a Stripe customer. A tombstone older than
 * TOMBSTONE_KEPT_MS when its sweep began is dropped after it, unless it still names a customer. One that
 * fails is logged and kept for the next day.
 */
export async function sweepDeletedAccounts(
  deps: Pick<Deps, 'payments'>,
  room: CleanupRoom,
  { after = 0 } = {},
): Promise<CleanupPart> {
  const listed = await room.run(1, (db) => deletedAccountsToSweep(db, { after, limit: ACCOUNTS_PER_CLEANUP_JOB }));
  if (!listed.ran) return { done: 0, next: after };
  return eachInRoom(
    room,
    listed.value,
    after,
    SWEEP_CALLS,
    async (db, tombstone, feedShards) => {
      const sweptAt = Date.now();
      if (!(await deleteReadingState(db, db.people.of(tombstone), tombstone.id, { feedShards }))) return false;
      await deleteCustomerAtStripe({ ...deps, db }, tombstone);
      await dropTombstone(db, tombstone.id, sweptAt - TOMBSTONE_KEPT_MS);
      return true;
    },
    'account.sweep_failed',
  );
}
