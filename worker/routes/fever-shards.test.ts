// A Fever app that only pages by since_id, following feeds in both of the suite's feed databases
// (vitest.config.ts): items arriving in one shard after the app has seen an item of the other still
// come, each exactly once, because item ids follow arrival order across shards and Fever pages only
// ids that no write still committing can come in below (db/shards.ts, ID_SETTLE_MS).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { shardForUrl, shardOfId } from '../db/shards';
import { refreshFeed } from '../feeds/refresh';
import { md5Hex } from '../lib/crypto';
import { createUrlFetcher } from '../net/fetcher';
import { advanceClock, pinClock, pinClockForFile } from '../test/clock';
import { follow, rss, scriptFeed, type TestItem, uniqueName } from '../test/feeds';
import { call, db } from '../test/helpers';
import { personWithAppPassword, settleItemIds } from '../test/reader-apps';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const deps = () => ({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) });

/** A scripted feed whose URL hashes to `shard`, with one first story. */
async function scriptedFeedIn(shard: number, at: number) {
  for (;;) {
    const name = uniqueName(`fever-shard-${shard}`);
    const url = `${env.FAKE_UPSTREAM_URL}/scripted/${name}`;
    if (shardForUrl(url, db.shards.count) !== shard) continue;
    const stories: TestItem[] = [{ guid: `${name}-0`, title: `${name} story 0`, pubDate: new Date(at) }];
    await scriptFeed(name, { body: rss(name, stories) });
    return { name, url, stories };
  }
}

async function feverItems(apiKey: string, sinceId: number) {
  const response = await call(`/api/fever/?api&items&since_id=${sinceId}`, {
    method: 'POST',
    headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: apiKey }).toString(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { id: number; title: string }[] }).items;
}

/** A person with a Fever key following one scripted feed in each shard. */
async function feverAppOnTwoShards(start: number) {
  const person = await personWithAppPassword('Fever app', 'Shards');
  const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
  const feeds = [];
  for (const shard of [0, 1]) {
    const feed = await scriptedFeedIn(shard, start);
    const id = await follow(call, person.cookie, feed.url);
    expect(shardOfId(id)).toBe(shard);
    feeds.push({ ...feed, id });
  }
  // The app's sync loop: ask for what came after the largest id it has, keep it.
  const received: string[] = [];
  let sinceId = 0;
  const poll = async () => {
    for (;;) {
      const page = await feverItems(apiKey, sinceId);
      if (page.length === 0) return;
      received.push(...page.map((item) => item.title));
      sinceId = Math.max(sinceId, ...page.map((item) => item.id));
    }
  };
  settleItemIds();
  await poll();
  return { feeds, received, poll };
}

type ScriptedFeed = Awaited<ReturnType<typeof feverAppOnTwoShards>>['feeds'][number];

/** Story `n` appears in the feed; a refresh that began at `startedAt` stores it. */
async function publish(feed: ScriptedFeed, n: number, startedAt: number) {
  feed.stories.unshift({ guid: `${feed.name}-${n}`, title: `${feed.name} story ${n}`, pubDate: new Date(startedAt) });
  await scriptFeed(feed.name, { body: rss(feed.name, feed.stories) });
  expect(await refreshFeed(deps(), feed.id, startedAt)).toMatchObject({ kind: 'updated' });
}

/** The app received every story of the feeds, each once. */
function expectEveryStoryOnce(received: string[], feeds: ScriptedFeed[]) {
  const everyStory = feeds.flatMap((feed) => feed.stories.map((story) => story.title));
  expect(received).toHaveLength(everyStory.length);
  expect([...received].sort()).toEqual(everyStory.sort());
}

// The test clock, an hour back, moves forward only: ids minted in one test never run ahead of the next.
pinClockForFile(Date.now() - HOUR);

describe('Fever since_id with feeds in two databases', () => {
  it('gives an app that pages by since_id every item exactly once, whichever shard it arrives in', async () => {
    const { feeds, received, poll } = await feverAppOnTwoShards(Date.now());
    // New stories alternate between the shards, a minute apart, the app polling after each.
    for (let n = 1; n <= 6; n++) {
      advanceClock(MINUTE);
      await publish(feeds[n % 2] as ScriptedFeed, n, Date.now());
      settleItemIds();
      await poll();
    }
    expectEveryStoryOnce(received, feeds);
  });

  it('still gives an item whose refresh began before one the app has already seen (a slow fetch)', async () => {
    const { feeds, received, poll } = await feverAppOnTwoShards(Date.now());
    const [first, second] = feeds as [ScriptedFeed, ScriptedFeed];
    // The second shard's story is stored and seen; the first shard's refresh had begun 15 s earlier
    // (its fetch took that long) and stores its story a second later.
    const seenAt = Date.now();
    await publish(second, 1, seenAt);
    settleItemIds();
    await poll();
    expect(received).toContain(second.stories[0]?.title);
    advanceClock(1000);
    await publish(first, 1, seenAt - 15_000);
    settleItemIds();
    await poll();
    expectEveryStoryOnce(received, feeds);
  });

  it('still gives an item whose write took its id a moment before one the app could otherwise have seen', async () => {
    const { feeds, received, poll } = await feverAppOnTwoShards(Date.now());
    const [first, second] = feeds as [ScriptedFeed, ScriptedFeed];
    const storedAt = Date.now();
    await publish(second, 1, storedAt);
    // The app polls a second later: the second shard's story is not settled yet, so it waits.
    pinClock(storedAt + 1000);
    await poll();
    expect(received).not.toContain(second.stories[0]?.title);
    // Meanwhile a write in the first shard that read the clock half a second before commits.
    pinClock(storedAt - 500);
    await publish(first, 1, storedAt - 500);
    pinClock(storedAt + 1000);
    settleItemIds();
    await poll();
    expectEveryStoryOnce(received, feeds);
  });
});
