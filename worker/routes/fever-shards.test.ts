// A Fever app that only pages by since_id, following feeds in both of the suite's feed databases
// (vitest.config.ts): items arriving in one shard after the app has seen an item of the other still
// come, each exactly once, because item ids follow arrival order across shards (db/shards.ts).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { shardForUrl, shardOfId } from '../db/shards';
import { refreshFeed } from '../feeds/refresh';
import { md5Hex } from '../lib/crypto';
import { createUrlFetcher } from '../net/fetcher';
import { follow, rss, scriptFeed, type TestItem, uniqueName } from '../test/feeds';
import { call, db } from '../test/helpers';
import { personWithAppPassword } from '../test/reader-apps';

const MINUTE = 60_000;
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

describe('Fever since_id with feeds in two databases', () => {
  it('gives an app that pages by since_id every item exactly once, whichever shard it arrives in', async () => {
    const person = await personWithAppPassword('Fever app', 'Shards');
    const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
    const start = Date.now();
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
    await poll();

    // New stories alternate between the shards, a minute apart, the app polling after each.
    for (let n = 1; n <= 6; n++) {
      const feed = feeds[n % 2] as (typeof feeds)[number];
      const at = start + n * MINUTE;
      feed.stories.unshift({ guid: `${feed.name}-${n}`, title: `${feed.name} story ${n}`, pubDate: new Date(at) });
      await scriptFeed(feed.name, { body: rss(feed.name, feed.stories) });
      expect(await refreshFeed(deps(), feed.id, at)).toMatchObject({ kind: 'updated' });
      await poll();
    }

    const everyStory = feeds.flatMap((feed) => feed.stories.map((story) => story.title));
    expect(received).toHaveLength(everyStory.length);
    expect([...received].sort()).toEqual([...everyStory].sort());
  });
});
