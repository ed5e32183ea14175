// The steps of deleting an account, whose rows span databases: the users row and what hangs off it
// (credentials, generations, billing, sites, mail, sessions made before they moved) in the primary
// database, the reading state (subscriptions, categories, read marks, stars, reading list) and the
// sessions in the person's people database
// (people.ts), counters on shared items and feeds nobody else follows in the feed shards. No transaction
// spans two D1 databases, so the order makes any interruption recoverable: the users row is marked first
// (nobody can sign in as the person from then on, and the mark says what is left to finish), every step
// re-derives its work from the rows still there and deletes what it derived it from last, and the users
// row goes last of our rows, leaving a tombstone (`deleted_accounts`) for the writes already in flight
// then and for the Stripe customer still to delete. The orchestrator, with the steps outside D1 (the R2
// images before the users row, the Stripe customer after it), is worker/auth/account-deletion.ts.
import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  aiGenerations,
  appPasswordCopies,
  appPasswords,
  authTokens,
  categories,
  deadJobs,
  deletedAccounts,
  emails,
  opmlImports,
  readingLists,
  readMarks,
  ruleNotices,
  rules,
  savedSearches,
  sessions,
  stars,
  subscriptions,
  users,
  usersRowCopies,
} from '../../schema';
import { writeAppPasswords } from './app-password-copies';
import { type Db, type PeopleDb, type PersonPlacement, statementOf } from './client';
import { restoreFollowedFeeds, type StoredFeed, storedFeedColumns } from './feeds';
import { idListSql, shardOfId } from './shards';
import { copyUsersRow } from './users-row-copy';

/**
 * What the steps after the first need, from the users row and later its tombstone: where the reading
 * state is, and the Stripe customer to delete (null once deleted there, or when they never paid).
 */
export type AccountBeingDeleted = { id: number; stripeCustomerId: string | null } & PersonPlacement;

/**
 * Step 1, in the primary database, one transaction: marks the person as being deleted and ends every
 * way in: no session is live from then on (auth/session.ts checkSession refuses a person being deleted;
 * the rows in their people database go in step 2, those made before sessions moved there go here),
 * one-time links and app passwords (Google Reader, Fever) go, and the sign-in address
 * is freed at once (replaced by one no mail can reach: `.invalid`, RFC 2606), so it can register again
 * even while the rest is under way. Work already queued for them finds nothing to do: a pending
 * generation is failed (a run in flight cannot store its result or image after the images are listed)
 * and a pending OPML import stops. Marking again keeps the first time. Null when there is no such person.
 */
export async function markAccountDeleting(
  db: Db,
  userId: number,
  now = Date.now(),
): Promise<AccountBeingDeleted | null> {
  // The app passwords first, through the one function that writes them: their copies in the person's
  // people database (which reader apps' checks read) and their Fever keys' directory rows go with them.
  const [owner] = await db
    .select({ id: users.id, peopleShard: users.peopleShard })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (owner) await writeAppPasswords(db, owner, { kind: 'revoke-all' });
  const [marked] = await db.batch([
    db
      .update(users)
      .set({
        deletingAt: sql`coalesce(${users.deletingAt}, ${now})`,
        email: sql`'deleted-' || ${users.id} || '@deleted.invalid'`,
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id, peopleShard: users.peopleShard, stripeCustomerId: users.stripeCustomerId }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(authTokens).where(eq(authTokens.userId, userId)),
    db.delete(appPasswords).where(eq(appPasswords.userId, userId)),
    db
      .update(aiGenerations)
      .set({ status: 'failed', error: 'The account was deleted.' })
      .where(and(eq(aiGenerations.userId, userId), eq(aiGenerations.status, 'pending'))),
    db
      .update(opmlImports)
      .set({ status: 'failed', entries: [] })
      .where(and(eq(opmlImports.userId, userId), eq(opmlImports.status, 'pending'))),
  ]);
  // The copy beside the session rows says so too (db/users-row-copy.ts), though step 2 deletes both.
  if (marked[0]) await copyUsersRow(db, userId, now);
  return marked[0] ?? null;
}

/** The feed shards step 2 reaches for a person: those of their stars' items and of the feeds they follow. */
export type ReadingStateScope = { shards: number[] };

/**
 * What step 2 will reach, read with nothing changed (one call): the daily cleanup asks its budget for
 * room for step 2's next part before it changes anything (jobs/call-budget.ts).
 */
export async function readingStateScope(db: Db, people: PeopleDb, userId: number): Promise<ReadingStateScope> {
  const [starred, followed] = await people.batch([
    people.select({ id: stars.itemId }).from(stars).where(eq(stars.userId, userId)),
    people.select({ id: subscriptions.feedId }).from(subscriptions).where(eq(subscriptions.userId, userId)),
  ]);
  const shards = new Set([...starred, ...followed].map((row) => shardOfId(row.id)));
  return { shards: [...shards].filter((shard) => shard < db.shards.count).sort((a, b) => a - b) };
}

/**
 * The D1 calls a part of step 2 reaching `feedShards` feed shards makes: the stars taken with the
 * followed feeds listed, every people database asked who else follows them, one batch in each of those
 * shards, every people database asked again who follows the feeds it deleted (the subscription race:
 * feeds.ts restoreFollowedFeeds), and the person's rows (all of them after the last part; before it,
 * theirs of the part's shards: what says the part is done). (A feed stored again costs its shard one call
 * more: rare, and taken from room nobody holds.) Bounded by the number of databases, whatever the person
 * follows (issue 30: a batch in every feed shard for the hidden rows alone was 256 calls a deletion at
 * workload B).
 */
export const readingStatePartCalls = (feedShards: number, peopleDatabases: number) =>
  2 + 2 * peopleDatabases + feedShards;

/**
 * The most feed shards a part of step 2 may reach in room for `calls` D1 calls (less than 1: no part
 * fits). At workload B, with 256 feed shards and 42 people databases, someone whose feeds and stars are
 * in every feed shard needs 342 calls in one part, past an invocation's budget (jobs/call-budget.ts): their
 * step 2 goes in parts.
 */
export const feedShardsInRoom = (calls: number, peopleDatabases: number) =>
  calls - readingStatePartCalls(0, peopleDatabases);

/**
 * Step 2: the person's reading state, from their people database, in parts of at most `feedShards` feed
 * shards (in shard order); true once all of it is gone, false when a part is done and more are left
 * (the caller runs the next in room of its own: the daily cleanup, a job at a time). Every step of it can
 * run again after an interruption anywhere and come to the same: it reads what to do from the person's
 * rows, which go last, a part's with the part. Every people database is asked at once who else follows
 * the part's feeds and how many others starred its starred items; then, one batch per feed shard of the
 * part, each such item's count is set to the others' stars (never below its count less the person's one
 * star, so that someone starring it meanwhile is not lost: a race errs high, keeping an item longer, never
 * trimming another person's starred item), the feeds nobody else follows are deleted, and what their rules
 * hid there goes (a person's hidden rows are only in the shards of feeds they follow: unfollowing takes
 * them). Then, after a part with more left, their stars and subscriptions of the part's shards go (so the
 * next part starts where this one ended, and a part run again after a stop before that does it again, to
 * the same counts); after the last, everything of theirs in their people database, in one transaction.
 * `afterFeedShards`, `afterPart`: where a test stops it between these.
 */
export async function deleteReadingState(
  db: Db,
  people: PeopleDb,
  userId: number,
  {
    feedShards = Number.POSITIVE_INFINITY,
    afterFeedShards,
    afterPart,
  }: {
    feedShards?: number;
    afterFeedShards?: () => void | Promise<void>;
    afterPart?: () => void | Promise<void>;
  } = {},
): Promise<boolean> {
  const [starred, followed] = await people.batch([
    people.select({ id: stars.itemId }).from(stars).where(eq(stars.userId, userId)),
    people.select({ id: subscriptions.feedId }).from(subscriptions).where(eq(subscriptions.userId, userId)),
  ]);
  // The shards this part reaches: the first `feedShards` of those the person's rows are in. Rows naming a
  // shard this deployment does not have are deleted with the last part.
  const reached = [...new Set([...starred, ...followed].map((row) => shardOfId(row.id)))]
    .filter((shard) => shard < db.shards.count)
    .sort((a, b) => a - b);
  const part = new Set(reached.slice(0, Math.max(1, feedShards)));
  const last = part.size === reached.length;
  const inPart = (rows: { id: number }[]) => rows.map((row) => row.id).filter((id) => last || part.has(shardOfId(id)));
  const starredIds = inPart(starred);
  const followedIds = inPart(followed);
  const answers = await Promise.all(
    db.people.all().map(async ({ $client: d1 }) => {
      const statements = [
        followedIds.length > 0
          ? d1
              .prepare(
                `select distinct feed_id as id from subscriptions where feed_id in (${idListSql(followedIds)}) and user_id != ?`,
              )
              .bind(userId)
          : null,
        starredIds.length > 0
          ? d1
              .prepare(
                `select item_id as id, count(*) as n from stars where item_id in (${idListSql(starredIds)}) and user_id != ? group by item_id`,
              )
              .bind(userId)
          : null,
      ];
      const asked = statements.flatMap((statement) => (statement ? [statement] : []));
      // Their Fever keys' directory rows, in whichever people databases their hashes picked (step 1
      // revoked the app passwords: db/app-password-copies.ts; this finishes one it was stopped in).
      const sweep = d1.prepare('delete from fever_key_directory where user_id = ?').bind(userId);
      const results = (await d1.batch<{ id: number; n?: number }>([...asked, sweep])).slice(0, asked.length);
      const [first, second] = results.map((result) => result.results);
      return {
        followed: followedIds.length > 0 ? (first ?? []) : [],
        stars: starredIds.length > 0 ? ((followedIds.length > 0 ? second : first) ?? []) : [],
      };
    }),
  );
  const stillFollowed = new Set(answers.flatMap((answer) => answer.followed.map((row) => row.id)));
  const othersStars = new Map<number, number>();
  for (const row of answers.flatMap((answer) => answer.stars))
    othersStars.set(row.id, (othersStars.get(row.id) ?? 0) + (row.n ?? 0));
  const byShard = new Map<number, { starred: number[]; orphans: number[]; followed: boolean }>();
  const entry = (id: number) => {
    const shard = shardOfId(id);
    const found = byShard.get(shard) ?? { starred: [], orphans: [], followed: false };
    byShard.set(shard, found);
    return found;
  };
  for (const id of starredIds) entry(id).starred.push(id);
  for (const id of followedIds) {
    entry(id).followed = true;
    if (!stillFollowed.has(id)) entry(id).orphans.push(id);
  }
  const deletedFeeds: StoredFeed[] = [];
  await Promise.all(
    [...byShard]
      .filter(([shard]) => shard < db.shards.count)
      .map(async ([shard, part]) => {
        const home = db.shards.at(shard);
        const counts = JSON.stringify(part.starred.map((id) => [id, othersStars.get(id) ?? 0]));
        const statements = [
          part.starred.length > 0
            ? sql`update items set star_count = max(
                (select j.value ->> 1 from json_each(${counts}) j where j.value ->> 0 = items.id), star_count - 1)
              where id in (${sql.raw(idListSql(part.starred))})`
            : null,
          // Their keepers of starred items (db/stars.ts), with the counts just set.
          sql`delete from star_keepers where user_id = ${userId}`,
          // What their rules hid lives beside the items.
          part.followed ? sql`delete from hidden_items where user_id = ${userId}` : null,
          part.orphans.length > 0
            ? sql`delete from feeds where id in (${sql.raw(idListSql(part.orphans))}) returning ${storedFeedColumns}`
            : null,
        ].flatMap((statement) => (statement ? [statementOf(home, statement)] : []));
        if (statements.length === 0) return;
        const results = await home.$client.batch<StoredFeed>(statements);
        if (part.orphans.length > 0) deletedFeeds.push(...(results.at(-1)?.results ?? []));
      }),
  );
  // Someone who followed one of them between the check and the delete gets it back (feeds.ts).
  await restoreFollowedFeeds(db, deletedFeeds, { leaving: userId });
  await afterFeedShards?.();
  if (!last) {
    // The part is done: the rows it was read from go, so the next part reads what is left.
    await people.batch([
      people
        .delete(stars)
        .where(and(eq(stars.userId, userId), sql`${stars.itemId} in (${sql.raw(idListSql(starredIds))})`)),
      people
        .delete(subscriptions)
        .where(
          and(eq(subscriptions.userId, userId), sql`${subscriptions.feedId} in (${sql.raw(idListSql(followedIds))})`),
        ),
    ]);
    await afterPart?.();
    return false;
  }
  await people.batch([
    people.delete(readMarks).where(eq(readMarks.userId, userId)),
    people.delete(subscriptions).where(eq(subscriptions.userId, userId)),
    people.delete(categories).where(eq(categories.userId, userId)),
    people.delete(readingLists).where(eq(readingLists.userId, userId)),
    // A star set while the deletion was under way: its count stays high (an item kept longer).
    people.delete(stars).where(eq(stars.userId, userId)),
    people.delete(rules).where(eq(rules.userId, userId)),
    people.delete(savedSearches).where(eq(savedSearches.userId, userId)),
    people.delete(ruleNotices).where(eq(ruleNotices.userId, userId)),
    // Refused since step 1 (auth/session.ts), and no sign-in makes one for someone being deleted.
    people.delete(sessions).where(eq(sessions.userId, userId)),
    people.delete(usersRowCopies).where(eq(usersRowCopies.id, userId)),
    // Refused since step 1, which took them (a step 1 stopped half-way leaves some).
    people.delete(appPasswordCopies).where(eq(appPasswordCopies.userId, userId)),
  ]);
  return true;
}

/** The R2 keys of the person's generated images, for the caller to delete (step 3) before step 4 forgets them. */
export async function generatedImageKeys(db: Db, userId: number) {
  const rows = await db
    .select({ key: aiGenerations.imageKey })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.userId, userId), isNotNull(aiGenerations.imageKey)));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/**
 * Step 4 (step 3 is the caller's: the R2 images), in the primary database, one transaction: the users
 * row, and with it (ON DELETE CASCADE) their preferences, generations, digest runs, credit ledger,
 * WordPress sites with their credentials and OPML imports. The send log and the dead jobs that name the
 * person (a failed mail holds its address and text) are deleted here: neither cascades. Only a row marked
 * by step 1 is deleted, and it leaves its tombstone (id, people shard, when, Stripe customer id): it names
 * the people database to sweep again, and the customer for step 5 to delete, once nothing else does.
 */
export async function deleteAccountRows(db: Db, userId: number, now = Date.now()) {
  await db.batch([
    db
      .insert(deletedAccounts)
      .select(
        db
          .select({
            userId: users.id,
            peopleShard: users.peopleShard,
            deletedAt: sql`${now}`.as('deleted_at'),
            stripeCustomerId: users.stripeCustomerId,
          })
          .from(users)
          .where(and(eq(users.id, userId), isNotNull(users.deletingAt))),
      )
      .onConflictDoNothing(),
    db.delete(emails).where(eq(emails.userId, userId)),
    // CASE, so that a body cut short at its size cap (not JSON) is skipped rather than failing the batch.
    db
      .delete(deadJobs)
      .where(
        sql`case when json_valid(${deadJobs.body}) then json_extract(${deadJobs.body}, '$.userId') end = ${userId}`,
      ),
    db.delete(users).where(and(eq(users.id, userId), isNotNull(users.deletingAt))),
  ]);
}

/**
 * The accounts whose deletion began and is not finished (an interrupted request), by id after `after`,
 * at most `limit`: the daily cleanup walks them a job at a time (jobs/handlers.ts).
 */
export async function deletionsUnderWay(db: Db, { after = 0, limit = 100 } = {}): Promise<AccountBeingDeleted[]> {
  return db
    .select({ id: users.id, peopleShard: users.peopleShard, stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(and(isNotNull(users.deletingAt), gt(users.id, after)))
    .orderBy(users.id)
    .limit(limit);
}

/**
 * The tombstones of deleted accounts, by id after `after`, at most `limit`: whose people database to
 * sweep again, and which Stripe customer is still to delete. The daily cleanup walks all of them a job at
 * a time, so the many that only wait for Stripe (refusing for days) never push a new deletion's sweep out.
 */
export async function deletedAccountsToSweep(
  db: Db,
  { after = 0, limit = 1_000 } = {},
): Promise<AccountBeingDeleted[]> {
  return db
    .select({
      id: deletedAccounts.userId,
      peopleShard: deletedAccounts.peopleShard,
      stripeCustomerId: deletedAccounts.stripeCustomerId,
    })
    .from(deletedAccounts)
    .where(gt(deletedAccounts.userId, after))
    .orderBy(deletedAccounts.userId)
    .limit(limit);
}

/** Step 5's record: Stripe no longer has the customer, so the tombstone stops naming it. */
export async function forgetStripeCustomer(db: Db, userId: number) {
  await db.update(deletedAccounts).set({ stripeCustomerId: null }).where(eq(deletedAccounts.userId, userId));
}

/**
 * Drops a tombstone written at or before `deletedBy` (its people database has no late write left to
 * sweep), unless it still names a Stripe customer to delete.
 */
export async function dropTombstone(db: Db, userId: number, deletedBy: number) {
  await db
    .delete(deletedAccounts)
    .where(
      and(
        eq(deletedAccounts.userId, userId),
        lte(deletedAccounts.deletedAt, new Date(deletedBy)),
        isNull(deletedAccounts.stripeCustomerId),
      ),
    );
}
