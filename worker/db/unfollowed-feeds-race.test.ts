// The subscription race (issue 30): deleting the feeds nobody follows asks every people database, then
// deletes. Someone who follows the feed in between used to be left with a subscription to a feed that
// was gone (no items ever, no refresh). Now the deletion asks again after it and stores any such feed
// again under its id, and a new subscription checks its feed after it went in.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds, subscriptions } from '../../schema';
import { deliver } from '../test/ai';
import { feedInShard, follow, itemsOf } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { deleteOrphanedFeeds, keepFeedOfSubscription, subscribe, unfollowedFeeds } from './feeds';
import { peopleDbOfUser } from './users';

const feedRow = async (feedId: number) => {
  const [row] = await db.shards
    .of(feedId)
    .select({ id: feeds.id, url: feeds.url })
    .from(feeds)
    .where(eq(feeds.id, feedId));
  return row ?? null;
};

describe('a subscription made while its feed is deleted for want of followers', () => {
  it('keeps its feed when it went in between the check and the delete', async () => {
    const bo = await signUp();
    const url = await feedInShard(1, 'race', [1, 2]);
    const feedId = await follow(call, bo.cookie, url);
    // Bo's account is going: nobody else follows the feed, so far as the check can tell.
    expect(await unfollowedFeeds(db, [feedId], { leaving: bo.userId })).toEqual([feedId]);
    // Ada follows it now, through the API: the feed is there.
    const ada = await signUp();
    expect(await follow(call, ada.cookie, url)).toBe(feedId);
    await deleteOrphanedFeeds(db, [feedId], { leaving: bo.userId });
    // Her subscription names a feed that is there, and its next refresh fills her list again.
    expect(await feedRow(feedId)).toEqual({ id: feedId, url });
    await deliver([{ type: 'refresh-feed', feedId }]);
    expect((await itemsOf(ada.cookie, `feedId=${feedId}`)).items.map((item) => item.title)).toEqual([
      'race 1h zeppelin',
      'race 2h zeppelin',
    ]);
  });

  it('brings its feed back when it went in after the delete and its second check', async () => {
    const bo = await signUp();
    const url = await feedInShard(0, 'late-race', [1]);
    const feedId = await follow(call, bo.cookie, url);
    const known = await feedRow(feedId);
    expect(await unfollowedFeeds(db, [feedId], { leaving: bo.userId })).toEqual([feedId]);
    await deleteOrphanedFeeds(db, [feedId], { leaving: bo.userId });
    expect(await feedRow(feedId)).toBeNull();
    // Ada's follow had found the feed before it went, and subscribes to it now (followFeed's steps).
    const ada = await signUp();
    const people = await peopleDbOfUser(db, ada.userId);
    await subscribe(people, ada.userId, 'free', { feedId, name: 'Late', categoryId: null, includeInAi: true });
    await keepFeedOfSubscription(db, {
      id: feedId,
      url: known?.url ?? url,
      title: null,
      site_url: null,
      description: null,
    });
    expect(await feedRow(feedId)).toEqual({ id: feedId, url });
    const [subscription] = await people
      .select({ feedId: subscriptions.feedId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, ada.userId));
    expect(subscription?.feedId).toBe(feedId);
  });
});
