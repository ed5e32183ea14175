// The outlets of acme-stories.ts as feeds a person follows, through the real refresh, so that their items
// are grouped into stories as production groups them (worker/stories/stories.test.ts,
// worker/routes/d1-round-trips.test.ts). Kept apart from acme-stories.ts, which the browser test imports.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { feedDatabaseNames, shardForUrl } from '../db/shards';
import { rss, scriptFeed, uniqueName } from './feeds';
import { call } from './helpers';
import { HOUR } from './reader-apps';

/** A name for an outlet's scripted feed, in feed shard `shard` when given. */
export function outletName(outlet: string, shard?: number) {
  const shards = feedDatabaseNames(env.FEED_DATABASES).length;
  for (;;) {
    const name = uniqueName(`story-${outlet.toLowerCase()}`);
    if (shard === undefined || shardForUrl(`${env.FAKE_UPSTREAM_URL}/scripted/${name}`, shards) === shard) return name;
  }
}

/** Follows a scripted feed of these items (in feed shard `shard` when given), the n-th published `hoursAgo(n)` ago; its id. */
export async function followOutlet(
  cookie: string,
  outlet: { name: string; items: [title: string, text: string][] },
  categoryId: number,
  hoursAgo: (n: number) => number,
  shard?: number,
) {
  const name = outletName(outlet.name, shard);
  const url = await scriptFeed(name, {
    body: rss(
      name,
      outlet.items.map(([title, description], n) => ({
        guid: `${name}-${n}`,
        title,
        description,
        link: `https://${outlet.name.toLowerCase()}.example.com/${n}`,
        pubDate: new Date(Date.now() - hoursAgo(n) * HOUR),
      })),
    ),
  });
  const added = await call('/api/feeds', { cookie, json: { url, name: outlet.name, categoryId, includeInAi: true } });
  expect(added.status).toBe(201);
  return ((await added.json()) as { id: number }).id;
}
