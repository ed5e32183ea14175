// Issue 10 L3: a person's Refresh Feeds cannot be used to make us fetch a site over and over. It skips
// feeds checked minutes ago or already queued, and takes a host's feeds a share at a time, as the cron does.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds, users } from '../../schema';
import { copyUsersRow } from '../db/users-row-copy';
import { PER_HOST_PER_PICK } from '../jobs/enqueue-refreshes';
import { follow, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';

type RefreshAnswer = { queued: number; waiting: number; skipped: number; message: string };

async function refresh(cookie: string, json: { feedId?: number }) {
  const response = await call('/api/feeds/refresh', { cookie, json });
  expect(response.status).toBe(202);
  return (await response.json()) as RefreshAnswer;
}

/** As if the feeds were last checked an hour ago and are next due in two hours: idle. */
async function makeIdle(feedIds: number[]) {
  await db.shards.each(feedIds, (shard, ids) =>
    shard
      .update(feeds)
      .set({ lastFetchedAt: new Date(Date.now() - 3_600_000), nextFetchAt: new Date(Date.now() + 7_200_000) })
      .where(inArray(feeds.id, ids))
      .returning({ id: feeds.id }),
  );
}

describe('Refresh Feeds', () => {
  it('does not fetch a feed checked minutes ago, and queues it once however often it is pressed', async () => {
    const { cookie } = await signUp();
    const feedId = await follow(
      call,
      cookie,
      await scriptFeed(uniqueName(), { body: rss('Mine', [{ title: 'One' }]) }),
    );

    // Following it fetched it a moment ago.
    const fresh = await refresh(cookie, { feedId });
    expect(fresh).toMatchObject({ queued: 0, skipped: 1 });
    expect(fresh.message).toBe('1 feed checked in the last 10 minutes is not fetched again yet.');

    await makeIdle([feedId]);
    const first = await refresh(cookie, { feedId });
    expect(first).toEqual({ queued: 1, waiting: 0, skipped: 0, message: 'Feed refresh started.' });
    const [leased] = await db.shards.of(feedId).select().from(feeds).where(eq(feeds.id, feedId));
    expect(leased?.nextFetchAt.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);

    // Queued (or already fetched by the queue): pressing again, for this feed or for all, fetches nothing.
    expect(await refresh(cookie, { feedId })).toMatchObject({ queued: 0, skipped: 1 });
    expect(await refresh(cookie, {})).toMatchObject({ queued: 0, skipped: 1 });
  });

  it("takes a host's share now and the rest a minute later, as the cron's pick does", async () => {
    const { cookie, userId } = await signUp();
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
    await copyUsersRow(db, userId);
    const count = PER_HOST_PER_PICK + 2;
    const feedIds: number[] = [];
    for (let i = 0; i < count; i++) {
      // Every scripted feed lives on the one fake upstream host.
      const url = await scriptFeed(uniqueName(), { body: rss(`Feed ${i}`, [{ title: `Item ${i}` }]) });
      feedIds.push(await follow(call, cookie, url));
    }
    await makeIdle(feedIds);

    const answer = await refresh(cookie, {});
    expect(answer).toMatchObject({ queued: PER_HOST_PER_PICK, waiting: 2, skipped: 0 });
    expect(answer.message).toBe('Feed refresh started; 2 feeds from busy sites will follow within minutes.');
    const rows = await db.shards.each(feedIds, (shard, ids) =>
      shard.select({ next: feeds.nextFetchAt }).from(feeds).where(inArray(feeds.id, ids)),
    );
    const dueWithinTwoMinutes = rows.filter((row) => row.next.getTime() < Date.now() + 2 * 60_000);
    expect(dueWithinTwoMinutes).toHaveLength(2);
  });
});
