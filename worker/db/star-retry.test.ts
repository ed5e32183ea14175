// A star or unstar is two writes in two databases: the person's star (their people database) and the
// item's count (its feed shard), which retention keeps starred items by and lists check before looking a
// star up. A request stopped between the two, then sent again (a client retries), must leave both right.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { starCountOf } from '../test/deleted-accounts';
import { follow, hoursAgo, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { createDb } from './client';
import { type RuleEffect, writeRuleEffects } from './rule-effects';
import { setItemStarred } from './stars';
import { peopleDbOfUser } from './users';

/** D1 that fails every statement matching `pattern` before it runs: a request stopped there. */
const stoppingAt = (d1: D1Database, pattern: RegExp): D1Database =>
  new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare')
        return (query: string) => {
          if (pattern.test(query)) throw new Error('stopped');
          return target.prepare(query);
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

async function starredItem() {
  const person = await signUp();
  const url = await scriptFeed(uniqueName('star'), {
    body: rss('Stars', [{ guid: 'a', title: 'A', pubDate: hoursAgo(1) }]),
  });
  await follow(call, person.cookie, url);
  const [item] = (await (await call('/api/feed-items', { cookie: person.cookie })).json()) as FeedItem[];
  if (!item) throw new Error('no item');
  return { person, item };
}

describe('a star sent again after a request stopped between its two writes (fails before star_keepers)', () => {
  it('starring: the count and the starred list are right', async () => {
    const { person, item } = await starredItem();
    const stopped = createDb(env, (d1) => stoppingAt(d1, /update items set star_count/));
    await expect(
      setItemStarred(await peopleDbOfUser(stopped, person.userId), person.userId, item.id, true),
    ).rejects.toThrow();
    await setItemStarred(await peopleDbOfUser(db, person.userId), person.userId, item.id, true);
    expect(await starCountOf(db, item.id)).toBe(1);
    const starred = (await (
      await call('/api/feed-items?filter=starred', { cookie: person.cookie })
    ).json()) as FeedItem[];
    expect(starred.map((row) => row.id)).toEqual([item.id]);
  });

  it('unstarring: the count is right', async () => {
    const { person, item } = await starredItem();
    await setItemStarred(await peopleDbOfUser(db, person.userId), person.userId, item.id, true);
    const stopped = createDb(env, (d1) => stoppingAt(d1, /update items set star_count/));
    await expect(
      setItemStarred(await peopleDbOfUser(stopped, person.userId), person.userId, item.id, false),
    ).rejects.toThrow();
    await setItemStarred(await peopleDbOfUser(db, person.userId), person.userId, item.id, false);
    expect(await starCountOf(db, item.id)).toBe(0);
  });

  it('a star made before keepers: starred again it counts once, unstarred it goes', async () => {
    const { person, item } = await starredItem();
    const people = await peopleDbOfUser(db, person.userId);
    // As the version before migration 0037 left it: the star and its count, no keeper.
    await people.$client
      .prepare('insert into stars (user_id, item_id, feed_id, created_at) values (?1, ?2, ?3, ?4)')
      .bind(person.userId, item.id, item.feedId, Date.now())
      .run();
    await db.shards.of(item.id).$client.prepare('update items set star_count = 1 where id = ?1').bind(item.id).run();
    await setItemStarred(people, person.userId, item.id, true);
    expect(await starCountOf(db, item.id)).toBe(1);
    await setItemStarred(people, person.userId, item.id, false);
    expect(await starCountOf(db, item.id)).toBe(0);
    await setItemStarred(people, person.userId, item.id, false);
    expect(await starCountOf(db, item.id)).toBe(0);
    expect(
      await db.shards.of(item.id).$client.prepare('select * from star_keepers where item_id = ?1').bind(item.id).all(),
    ).toMatchObject({ results: [] });
  });

  it('a rule’s star at refresh, its job retried after the count was lost: counted once', async () => {
    const { person, item } = await starredItem();
    const effect: RuleEffect = {
      userId: person.userId,
      ruleId: 0,
      ruleName: 'Star it',
      itemId: item.id,
      feedId: item.feedId,
      seq: 1,
      title: item.title,
      link: null,
      hide: false,
      markRead: false,
      star: true,
      notify: false,
    };
    const stopped = createDb(env, (d1) => stoppingAt(d1, /update items set star_count/));
    await expect(writeRuleEffects(stopped, await peopleDbOfUser(stopped, person.userId), [effect])).rejects.toThrow();
    await writeRuleEffects(db, await peopleDbOfUser(db, person.userId), [effect]);
    await writeRuleEffects(db, await peopleDbOfUser(db, person.userId), [effect]);
    expect(await starCountOf(db, item.id)).toBe(1);
    const starred = (await (
      await call('/api/feed-items?filter=starred', { cookie: person.cookie })
    ).json()) as FeedItem[];
    expect(starred.map((row) => row.id)).toEqual([item.id]);
  });
});
