// Issue 32: calls shaped as the common clients send them, where Feedloom used to differ from FreshRSS in
// ways that lost people's items. Reeder sends bare hex item ids; Reeder, NetNewsWire and Vienna sync
// incrementally with ot and mark all read with ts, Fever apps with before: all of them mean the time an
// item arrived on the server, never its published date, which can be older than the client's last sync.
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/crypto';
import { advanceClock, pinClockForFile } from '../test/clock';
import { contentsOf, greader, type Item, json } from '../test/greader';
import { call } from '../test/helpers';
import { followGrowingFeed, HOUR, personWithAppPassword } from '../test/reader-apps';

const MINUTE = 60_000;
const DAY = 24 * HOUR;
const READING_LIST = 'user/-/state/com.google/reading-list';

type TimedItem = Item & { timestampUsec: string; crawlTimeMsec: string; published: number };

// Items are stored at the pinned clock's time, which moves forward only across the file.
pinClockForFile(Date.now() - 2 * HOUR);

/** A signed-in reader app following one feed of two stories dated a day and two days ago, stored now. */
/** A reader app signed in, following a feed of two stories, and `older` more stories before them. */
async function readerWithFeed({ older = 0 } = {}) {
  const person = await personWithAppPassword('Reeder', 'News');
  const feed = await followGrowingFeed(person.cookie, {
    label: 'clients',
    feedName: 'Clients feed',
    categoryId: person.categoryId,
    stories: [
      { title: 'Yesterday', pubDate: new Date(Date.now() - DAY) },
      { title: 'Two days ago', pubDate: new Date(Date.now() - 2 * DAY) },
      ...Array.from({ length: older }, (_, n) => ({
        title: `Older ${n + 1}`,
        pubDate: new Date(Date.now() - (3 + n) * DAY),
      })),
    ],
  });
  const login = await greader('/accounts/ClientLogin', {
    form: { Email: person.email, Passwd: person.appPassword },
  });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  return { ...person, auth, feed };
}

const unreadTitles = async (cookie: string) =>
  ((await (await call('/api/feed-items?filter=unread&limit=100', { cookie })).json()) as { title: string }[]).map(
    (item) => item.title,
  );

const hexOf = (longId: string) => longId.slice(-16);

describe('item ids as Reeder sends them', () => {
  it('takes bare hex ids, with or without leading zeros, in edit-tag and items/contents', async () => {
    // Sixteen stories stored together: their ids run in sequence, so at least one ends in a letter.
    const { auth, cookie, feed } = await readerWithFeed({ older: 14 });
    const { items } = await contentsOf(auth, `feed/${feed.url}`);
    // Without its leading zeros a hex id is only told from a decimal one by a letter (FreshRSS's rule):
    // the second item is one whose digits have a letter.
    const second = items.find((item) => /[a-f]/.test(hexOf(item.id).replace(/^0+/, '')));
    const first = items.find((item) => item !== second);
    if (!first || !second) throw new Error(`no id with a letter among ${items.map((item) => item.id).join(', ')}`);
    expect(hexOf(first.id)).toMatch(/^0[0-9a-f]{15}$/);
    const titles = items.map((item) => item.title);

    // Reeder: POST edit-tag i=000437f4311bfc00 a=…/read
    const read = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: hexOf(first.id), a: 'user/-/state/com.google/read', T: 'x' },
    });
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('OK');
    expect(await unreadTitles(cookie)).toEqual(titles.filter((title) => title !== first.title));
    // …and without the leading zeros (a letter among the digits makes it hex).
    const trimmed = hexOf(second.id).replace(/^0+/, '');
    const starred = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: trimmed, a: 'user/-/state/com.google/starred', T: 'x' },
    });
    expect(await starred.text()).toBe('OK');
    const stars = await contentsOf(auth, 'user/-/state/com.google/starred');
    expect(stars.items.map((item) => item.title)).toEqual([second.title]);

    const contents = await json<{ items: Item[] }>(
      await greader('/reader/api/0/stream/items/contents?output=json', {
        auth,
        form: { i: [hexOf(first.id), String(Number.parseInt(hexOf(second.id), 16))] },
      }),
    );
    expect(contents.items.map((item) => item.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('skips a bad id among several instead of refusing them all; a call with no good id is a 400', async () => {
    const { auth, cookie, feed } = await readerWithFeed();
    const { items } = await contentsOf(auth, `feed/${feed.url}`);
    const good = items.map((item) => item.id);
    const marked = await greader('/reader/api/0/edit-tag', {
      auth,
      form: {
        i: [good[0] ?? '', 'not-an-id', 'tag:google.com,2005:reader/item/xyz', good[1] ?? ''],
        a: 'user/-/state/com.google/read',
      },
    });
    expect(await marked.text()).toBe('OK');
    expect(await unreadTitles(cookie)).toEqual([]);

    const contents = await json<{ items: Item[] }>(
      await greader('/reader/api/0/stream/items/contents?output=json', { auth, form: { i: ['-', good[0] ?? ''] } }),
    );
    expect(contents.items.map((item) => item.id)).toEqual([good[0]]);

    const none = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: 'not-an-id', a: 'user/-/state/com.google/read' },
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: 'Give item ids as i' });
  });
});

describe('time filters keyed on the time an item arrived', () => {
  it('ot gives what arrived since the last sync, though dated days before it; nt what came before', async () => {
    const { auth, feed } = await readerWithFeed();
    // The client syncs, and remembers when.
    expect((await contentsOf(auth, READING_LIST)).items).toHaveLength(2);
    const lastSync = Math.floor(Date.now() / 1000);
    advanceClock(10 * MINUTE);
    // A story appears late in the feed, dated three days back.
    await feed.publish('Late, dated three days back', new Date(Date.now() - 3 * DAY));

    // Reeder / NetNewsWire: GET stream/contents/…reading-list?ot=<last sync>&n=…
    const since = await contentsOf(auth, READING_LIST, `&ot=${lastSync + 1}&n=50`);
    expect(since.items.map((item) => item.title)).toEqual(['Late, dated three days back']);
    const ids = await json<{ itemRefs: { id: string; timestampUsec: string }[] }>(
      await greader(`/reader/api/0/stream/items/ids?output=json&s=${READING_LIST}&ot=${lastSync + 1}&n=50`, { auth }),
    );
    expect(ids.itemRefs).toHaveLength(1);
    expect(ids.itemRefs[0]?.timestampUsec).toBe(String(Date.now() * 1000));

    const before = await contentsOf(auth, READING_LIST, `&nt=${lastSync}`);
    expect(before.items.map((item) => item.title)).toEqual(['Yesterday', 'Two days ago']);
  });

  it('gives timestampUsec and crawlTimeMsec as the time the item arrived, published as its date', async () => {
    const { auth, feed } = await readerWithFeed();
    advanceClock(5 * MINUTE);
    const dated = Date.parse('2020-02-03T04:05:06Z');
    await feed.publish('From 2020', new Date(dated));
    const [item] = (await contentsOf(auth, `feed/${feed.url}`, '&r=o&n=1')).items as TimedItem[];
    expect(item?.title).toBe('From 2020');
    expect(item?.published).toBe(dated / 1000);
    expect(item?.crawlTimeMsec).toBe(String(Date.now()));
    expect(item?.timestampUsec).toBe(String(Date.now() * 1000));
  });

  it('mark-all-as-read with ts leaves unread what arrived after it, whatever its date', async () => {
    const { auth, cookie, feed } = await readerWithFeed();
    const seen = (await contentsOf(auth, `feed/${feed.url}`)).items as TimedItem[];
    // The client marks all read with ts = the newest timestampUsec it has seen; meanwhile a story arrived.
    const ts =
      seen
        .map((item) => item.timestampUsec)
        .sort()
        .at(-1) ?? '';
    advanceClock(10 * MINUTE);
    await feed.publish('Arrived after the client looked', new Date(Date.now() - 3 * DAY));
    const marked = await greader('/reader/api/0/mark-all-as-read', {
      auth,
      form: { s: `feed/${feed.url}`, ts, T: 'x' },
    });
    expect(await marked.text()).toBe('OK');
    expect(await unreadTitles(cookie)).toEqual(['Arrived after the client looked']);
  });

  it('Fever: mark=feed&as=read&before leaves unread what arrived after before, whatever its date', async () => {
    const { cookie, feed, email, appPassword } = await readerWithFeed();
    const apiKey = await md5Hex(`${email}:${appPassword}`);
    const before = String(Math.floor(Date.now() / 1000) + 1);
    advanceClock(10 * MINUTE);
    await feed.publish('Arrived after the refresh', new Date(Date.now() - 3 * DAY));
    const response = await call('/api/fever/?api', {
      method: 'POST',
      headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: apiKey, mark: 'feed', as: 'read', id: String(feed.id), before }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await unreadTitles(cookie)).toEqual(['Arrived after the refresh']);
  });
});

type Group = { id: number | null; name: string; feeds: { name: string }[] };
const groupsOf = async (cookie: string) =>
  ((await (await call('/api/categories/with-feeds', { cookie })).json()) as Group[]).map((group) => [
    group.name,
    group.feeds.map((feed) => feed.name),
  ]);

describe('labels: rename-tag and disable-tag rename and delete a category; labels on items are refused', () => {
  it('rename-tag renames the category (NetNewsWire renaming a folder), and into an existing one merges them', async () => {
    const { auth, cookie } = await readerWithFeed();
    const renamed = await greader('/reader/api/0/rename-tag', {
      auth,
      form: { s: 'user/-/label/News', dest: 'user/-/label/Newsroom', T: 'x' },
    });
    expect(await renamed.text()).toBe('OK');
    expect(await groupsOf(cookie)).toContainEqual(['Newsroom', ['Clients feed']]);
    const { tags } = await json<{ tags: { id: string }[] }>(
      await greader('/reader/api/0/tag/list?output=json', { auth }),
    );
    expect(tags.map((tag) => tag.id)).toEqual(['user/-/state/com.google/starred', 'user/-/label/Newsroom']);

    await call('/api/categories', { cookie, json: { name: 'Desk' } });
    await greader('/reader/api/0/rename-tag', {
      auth,
      form: { s: 'user/-/label/Newsroom', dest: 'user/-/label/Desk' },
    });
    const groups = await groupsOf(cookie);
    expect(groups).toContainEqual(['Desk', ['Clients feed']]);
    expect(groups.map(([name]) => name)).not.toContain('Newsroom');

    const missing = await greader('/reader/api/0/rename-tag', {
      auth,
      form: { s: 'user/-/label/Nope', dest: 'user/-/label/X' },
    });
    expect(missing.status).toBe(404);
    const bad = await greader('/reader/api/0/rename-tag', { auth, form: { s: 'user/-/label/Desk', dest: '' } });
    expect(bad.status).toBe(400);
  });

  it('disable-tag deletes the category (capyreader, NetNewsWire deleting a folder); its feeds stay', async () => {
    const { auth, cookie } = await readerWithFeed();
    const deleted = await greader('/reader/api/0/disable-tag', {
      auth,
      form: { s: 'user/-/label/News', ac: 'disable-tags' },
    });
    expect(await deleted.text()).toBe('OK');
    const groups = await groupsOf(cookie);
    expect(groups.map(([name]) => name)).not.toContain('News');
    expect(groups.flatMap(([, feeds]) => feeds)).toEqual(['Clients feed']);
    // Gone already: nothing to do.
    expect(await (await greader('/reader/api/0/disable-tag', { auth, form: { t: 'News' } })).text()).toBe('OK');
  });

  it('refuses edit-tag a=user/-/label/… on items with a 400 that says why, and changes nothing', async () => {
    const { auth, cookie, feed } = await readerWithFeed();
    const { items } = await contentsOf(auth, `feed/${feed.url}`);
    const refused = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items[0]?.id ?? '', a: ['user/-/label/Read later', 'user/-/state/com.google/read'], T: 'x' },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Labels on items are not supported/);
    expect(await unreadTitles(cookie)).toEqual(['Yesterday', 'Two days ago']);
    const removal = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items[0]?.id ?? '', r: 'user/-/label/Read later' },
    });
    expect(removal.status).toBe(400);
  });
});

describe('what Vienna and the rest read from counts and pages', () => {
  it('unread-count gives newestItemTimestampUsec: when the newest item of each stream arrived', async () => {
    const { auth, feed } = await readerWithFeed();
    advanceClock(7 * MINUTE);
    await feed.publish('Newest arrival', new Date(Date.now() - 5 * DAY));
    const arrived = String(Date.now() * 1000);
    advanceClock(MINUTE);
    const { unreadcounts } = await json<{
      unreadcounts: { id: string; count: number; newestItemTimestampUsec?: string }[];
    }>(await greader('/reader/api/0/unread-count?output=json', { auth }));
    expect(unreadcounts).toEqual([
      { id: `feed/${feed.url}`, count: 3, newestItemTimestampUsec: arrived },
      { id: 'user/-/label/News', count: 3, newestItemTimestampUsec: arrived },
      { id: READING_LIST, count: 3, newestItemTimestampUsec: arrived },
    ]);
  });

  it('never gives a continuation with a page of no items, paging the read stream to its end', async () => {
    const { auth, feed } = await readerWithFeed();
    const { items } = await contentsOf(auth, `feed/${feed.url}`);
    await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items.map((item) => item.id), a: 'user/-/state/com.google/read' },
    });
    let continuation: string | undefined;
    const seen: string[] = [];
    for (let page = 0; page < 5; page++) {
      const read = await contentsOf(
        auth,
        'user/-/state/com.google/read',
        `&n=1${continuation ? `&c=${encodeURIComponent(continuation)}` : ''}`,
      );
      if (read.continuation) expect(read.items.length).toBeGreaterThan(0);
      seen.push(...read.items.map((item) => item.title));
      continuation = read.continuation;
      if (!continuation) break;
    }
    expect(continuation).toBeUndefined();
    expect(seen).toEqual(['Yesterday', 'Two days ago']);
  });
});
