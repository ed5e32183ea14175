// Item bodies stored deflated (issue 30: D1's 1 TB an account at workload B; schema/packed-text.ts). A
// reader sees the same HTML in the list, the opened item, a search and a reader app; the database holds
// well under half its bytes; a refresh that lists the entry again unchanged rewrites nothing; and rows
// stored as text before stay readable.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { refreshFeed } from '../feeds/refresh';
import { createUrlFetcher } from '../net/fetcher';
import { follow, hoursAgo, itemsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { contentsOf, greader } from '../test/greader';
import { call, db, signUp } from '../test/helpers';
import { personWithAppPassword } from '../test/reader-apps';
import { createDb } from './client';
import { meteredD1, newMeter } from './metered-d1';

const prose = 'The harbour master counted the boats twice before the storm, and the gulls went quiet over the pier. ';
const body = `${prose.repeat(30)} Somewhere in the middle a zeppelinwhistle is heard. ${prose.repeat(30)}`;

async function storedContent(itemId: number) {
  const row = await db.shards
    .of(itemId)
    .$client.prepare('select typeof(content) as type, length(content) as bytes from items where id = ?1')
    .bind(itemId)
    .first<{ type: string; bytes: number }>();
  if (!row) throw new Error('no item');
  return row;
}

describe('item bodies stored deflated', () => {
  it('keeps a long body in well under half its bytes and shows it unchanged everywhere', async () => {
    const { cookie } = await signUp();
    const name = uniqueName('packed');
    const entries = [
      { guid: 'long', title: 'Long read', pubDate: hoursAgo(1), description: body },
      { guid: 'short', title: 'Short note', pubDate: hoursAgo(2), description: 'Two words.' },
    ];
    const feedId = await follow(call, cookie, await scriptFeed(name, { body: rss('Packed', entries) }));
    const { items } = await itemsOf(cookie, `feedId=${feedId}`);
    const long = items.find((item) => item.title === 'Long read');
    if (!long?.content) throw new Error('no long item');
    expect(long.content).toContain('zeppelinwhistle');
    expect(long.content.length).toBeGreaterThan(6_000);

    const stored = await storedContent(long.id);
    expect(stored.type).toBe('blob');
    expect(stored.bytes).toBeLessThan(long.content.length / 2);
    // A short one stays text: deflating it would save nothing.
    const short = items.find((item) => item.title === 'Short note');
    expect((await storedContent(short?.id ?? 0)).type).toBe('text');

    const opened = (await (await call(`/api/feed-items/${long.id}`, { cookie })).json()) as FeedItem;
    expect(opened.content).toBe(long.content);
    const found = await itemsOf(cookie, 'search=zeppelinwhistle');
    expect(found.items.map((item) => item.content)).toEqual([long.content]);

    // The same entries in new bytes: nothing of the items is written again, only the feed's row and its
    // next check's index entry (a body compared as stored, deflated, would be rewritten with its index row).
    await scriptFeed(name, {
      body: rss('Packed', entries, '<lastBuildDate>Mon, 01 Jan 2024 00:00:00 GMT</lastBuildDate>'),
    });
    const meter = newMeter();
    const outcome = await refreshFeed(
      { db: createDb(env, (d1) => meteredD1(d1, meter)), fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) },
      feedId,
    );
    expect(outcome.kind).toBe('updated');
    expect(meter.rowsWritten).toBe(2);
    expect((await itemsOf(cookie, `feedId=${feedId}`)).items.find((item) => item.id === long.id)?.content).toBe(
      long.content,
    );
  });

  it('gives a reader app the same HTML, and reads a body stored as text before', async () => {
    const { cookie, email, appPassword } = await personWithAppPassword('Reeder', 'News');
    const login = await greader('/accounts/ClientLogin', { form: { Email: email, Passwd: appPassword } });
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
    const name = uniqueName('legacy');
    const feedId = await follow(
      call,
      cookie,
      await scriptFeed(name, { body: rss('Legacy', [{ guid: 'a', title: 'Old row', description: body }]) }),
    );
    const [item] = (await itemsOf(cookie, `feedId=${feedId}`)).items;
    if (!item?.content) throw new Error('no item');
    const stream = await contentsOf(auth, `feed/${feedId}`);
    expect(JSON.stringify(stream.items)).toContain('zeppelinwhistle');

    // A row written before bodies were deflated holds its HTML as text.
    await db.shards
      .of(item.id)
      .$client.prepare('update items set content = ?2 where id = ?1')
      .bind(item.id, '<p>Stored as text before.</p>')
      .run();
    expect((await storedContent(item.id)).type).toBe('text');
    const [again] = (await itemsOf(cookie, `feedId=${feedId}`)).items;
    expect(again?.content).toBe('<p>Stored as text before.</p>');
  });
});
