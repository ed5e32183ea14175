// Builders for feed tests: RSS documents and scripted feeds on the fake upstream server.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { findFeedByUrl } from '../db/feeds';
import type { ItemValues } from '../db/item-store';
import { feedDatabaseNames, shardForUrl } from '../db/shards';
import { escapeXml } from '../html/entities';
import type { Script } from './fake-upstreams/script';
import { call, db } from './helpers';

export type TestItem = { guid?: string; title: string; link?: string; pubDate?: Date; description?: string };

export function rss(title: string, items: TestItem[], extra = '') {
  const entries = items
    .map(
      (item) => `<item>
  <title>${escapeXml(item.title)}</title>
  ${item.link ? `<link>${escapeXml(item.link)}</link>` : ''}
  ${item.guid ? `<guid isPermaLink="false">${escapeXml(item.guid)}</guid>` : ''}
  ${item.pubDate ? `<pubDate>${item.pubDate.toUTCString()}</pubDate>` : ''}
  <description>${escapeXml(item.description ?? `About ${item.title}`)}</description>
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${escapeXml(title)}</title><link>https://example.com/</link>
<description>${escapeXml(title)} feed</description>${extra}
${entries}
</channel></rss>`;
}

/** An item as a refresh hands it to storeItems: a title and nothing else unless `extra` says. */
export const storedItem = (guidHash: string, title: string, extra: Partial<ItemValues> = {}): ItemValues => ({
  guidHash,
  title,
  description: null,
  content: null,
  link: null,
  thumbnail: null,
  author: null,
  pubDate: Date.now(),
  ...extra,
});

let counter = 0;
export const uniqueName = (label = 'feed') => `${label}-${Date.now()}-${++counter}`;

/** Publishes a feed on the fake upstream and returns its URL. */
export async function scriptFeed(name: string, script: Script) {
  const response = await fetch(`${env.FAKE_UPSTREAM_URL}/scripted/${name}`, {
    method: 'PUT',
    body: JSON.stringify(script),
  });
  if (!response.ok) throw new Error('could not script the feed');
  return `${env.FAKE_UPSTREAM_URL}/scripted/${name}`;
}

/** Answers the requests a `held` scripted feed kept waiting, and serves it from now on. */
export async function releaseFeed(name: string) {
  const response = await fetch(`${env.FAKE_UPSTREAM_URL}/scripted-release/${name}`, { method: 'POST' });
  if (!response.ok) throw new Error('could not release the feed');
}

export async function hitsOf(name: string) {
  return (await (await fetch(`${env.FAKE_UPSTREAM_URL}/scripted-hits/${name}`)).json()) as {
    hits: number;
    notModified: number;
    /** The Accept header of the last request. */
    accept?: string;
  };
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

/** A feed on the fake upstream whose URL hashes to feed shard `shard`, its items `hours` ago, titled after it. */
export async function feedInShard(shard: number, label: string, hours: number[]) {
  const shards = feedDatabaseNames(env.FEED_DATABASES).length;
  for (;;) {
    const name = uniqueName(label);
    const url = `${env.FAKE_UPSTREAM_URL}/scripted/${name}`;
    if (shardForUrl(url, shards) !== shard) continue;
    const items = hours.map((h) => ({ guid: `${label}-${h}`, title: `${label} ${h}h zeppelin`, pubDate: hoursAgo(h) }));
    await scriptFeed(name, { body: rss(name, items) });
    return url;
  }
}

/** Follows a feed through the API as a person does; returns the subscription's feed id. */
export async function follow(call: (path: string, init: object) => Promise<Response>, cookie: string, url: string) {
  const response = await call('/api/feeds', {
    cookie,
    json: { url, name: 'Followed', categoryId: null, includeInAi: true },
  });
  if (response.status !== 201) throw new Error(`follow failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Follows `url` through the API; the response is the test's to judge. */
export async function addFeed(cookie: string, url: string, extra: Record<string, unknown> = {}) {
  return call('/api/feeds', {
    cookie,
    json: { url, name: 'Test feed', categoryId: null, includeInAi: true, ...extra },
  });
}

/** Creates a category through the API as a person does; returns its id. */
export async function createCategory(cookie: string, name: string) {
  const response = await call('/api/categories', { cookie, json: { name } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A page of the person's items as the SPA reads it. */
export async function itemsOf(cookie: string, query = '') {
  const response = await call(`/api/feed-items?${query}`, { cookie });
  expect(response.status).toBe(200);
  return { items: (await response.json()) as FeedItem[], nextCursor: response.headers.get('x-next-cursor') };
}

export async function feedRowByUrl(url: string) {
  // In the shard its URL hashed to (or shard 0, where feeds stored before sharding stay).
  const row = await findFeedByUrl(db, url);
  if (!row) throw new Error('no feed row');
  return row;
}
