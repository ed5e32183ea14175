// The Fever API as its clients call it: a form POST to /api/fever/?api&<what> with api_key =
// md5("email:app-password"), no Origin, no cookie.
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/crypto';
import { pinClockForFile } from '../test/clock';
import { fever } from '../test/fever';
import { call } from '../test/helpers';
import { followStoryFeed, HOUR, personWithAppPassword, settleItemIds } from '../test/reader-apps';

type FeverItem = { id: number; feed_id: number; title: string; is_read: number; is_saved: number; url: string };
type Answer = {
  api_version: number;
  auth: number;
  groups?: { id: number; title: string }[];
  feeds_groups?: { group_id: number; feed_ids: string }[];
  feeds?: { id: number; title: string; url: string; favicon_id: number }[];
  favicons?: { id: number; data: string }[];
  items?: FeverItem[];
  total_items?: number;
  unread_item_ids?: string;
  saved_item_ids?: string;
};

// Fever pages only settled item ids (db/shards.ts), so the tests move a pinned clock past them.
pinClockForFile(Date.now() - HOUR);

/** A person with a Fever key following two feeds of three stories, their ids settled (db/shards.ts). */
async function feverReader() {
  const person = await personWithAppPassword('Fever app', 'Ports');
  const feedIds: number[] = [];
  for (let f = 0; f < 2; f++) {
    const feed = await followStoryFeed(person.cookie, {
      label: `fever-${f}`,
      feedName: `Fever feed ${f}`,
      categoryId: f === 0 ? person.categoryId : null,
      hoursAgo: (n) => n,
    });
    feedIds.push(feed.id);
  }
  settleItemIds();
  return { ...person, apiKey: await md5Hex(`${person.email}:${person.appPassword}`), feedIds };
}

// One reader for the tests that only read, or put back what they change: made by the first test that
// asks (inside the file's pinned clock), then shared. Each reader is a person, an app password and two
// feeds fetched through the API, some 50 D1 calls.
let shared: ReturnType<typeof feverReader> | undefined;
const sharedReader = () => {
  shared ??= feverReader();
  return shared;
};

const ids = (list: string | undefined) => (list ? list.split(',').map(Number) : []);

describe('the Fever API', () => {
  it('answers auth 1 to md5(email:app-password) and auth 0 to anything else', async () => {
    const { apiKey, email, password } = await sharedReader();
    expect(await fever<Answer>(apiKey, '')).toMatchObject({ api_version: 3, auth: 1 });
    expect(await fever<Answer>(await md5Hex(`${email}:${password}`), '')).toEqual({ api_version: 3, auth: 0 });
    expect(await fever<Answer>('not-a-key', 'items')).toEqual({ api_version: 3, auth: 0 });
  });

  it('lists groups, feeds with their groups, and a favicon for every feed', async () => {
    const { apiKey, feedIds, categoryId } = await sharedReader();
    const answer = await fever<Answer>(apiKey, 'groups&feeds&favicons');
    expect(answer.groups).toEqual([{ id: categoryId, title: 'Ports' }]);
    expect(answer.feeds_groups).toEqual([{ group_id: categoryId, feed_ids: String(feedIds[0]) }]);
    expect(answer.feeds?.map((feed) => feed.title).sort()).toEqual(['Fever feed 0', 'Fever feed 1']);
    const faviconIds = new Set(answer.favicons?.map((icon) => icon.id));
    for (const feed of answer.feeds ?? []) expect(faviconIds.has(feed.favicon_id)).toBe(true);
    expect(answer.favicons?.[0]?.data).toMatch(/^image\/[\w+]+;base64,/);
  });

  it('pages items with since_id and max_id, 50 at a time, and fetches with_ids', async () => {
    const { apiKey } = await sharedReader();
    const first = await fever<Answer>(apiKey, 'items');
    expect(first.total_items).toBe(6);
    expect(first.items).toHaveLength(6);
    const sorted = (first.items ?? []).map((item) => item.id).sort((a, b) => a - b);
    const since = await fever<Answer>(apiKey, `items&since_id=${sorted[3]}`);
    expect(since.items?.map((item) => item.id)).toEqual(sorted.slice(4));
    const max = await fever<Answer>(apiKey, `items&max_id=${sorted[2]}`);
    expect(max.items?.map((item) => item.id)).toEqual(sorted.slice(0, 2).reverse());
    const some = await fever<Answer>(apiKey, `items&with_ids=${sorted[0]},${sorted[5]}`);
    expect(some.items?.map((item) => item.id).sort((a, b) => a - b)).toEqual([sorted[0], sorted[5]]);
  });

  it('never shows another person’s items', async () => {
    const owner = await sharedReader();
    const stranger = await feverReader();
    const theirs = (await fever<Answer>(stranger.apiKey, 'items')).items?.map((item) => item.id) ?? [];
    const asked = await fever<Answer>(owner.apiKey, `items&with_ids=${theirs.slice(0, 3).join(',')}`);
    expect(asked.items).toEqual([]);
    const unread = ids((await fever<Answer>(owner.apiKey, 'unread_item_ids')).unread_item_ids);
    for (const id of theirs) expect(unread).not.toContain(id);
  });

  // Leaves the item as it found it (unread, not saved), so the reader stays shared.
  it('marks items read, unread, saved and unsaved, as the web app then shows', async () => {
    const { apiKey, cookie } = await sharedReader();
    const [item] = (await fever<Answer>(apiKey, 'items')).items ?? [];
    const id = String(item?.id);
    const read = await fever<Answer>(apiKey, '', { mark: 'item', as: 'read', id });
    expect(ids(read.unread_item_ids)).not.toContain(item?.id);
    const web = (await (await call(`/api/feed-items/${id}`, { cookie })).json()) as { isRead: boolean };
    expect(web.isRead).toBe(true);
    expect(ids((await fever<Answer>(apiKey, '', { mark: 'item', as: 'unread', id })).unread_item_ids)).toContain(
      item?.id,
    );
    expect(ids((await fever<Answer>(apiKey, '', { mark: 'item', as: 'saved', id })).saved_item_ids)).toEqual([
      item?.id,
    ]);
    expect((await fever<Answer>(apiKey, `items&with_ids=${id}`)).items?.[0]?.is_saved).toBe(1);
    expect((await fever<Answer>(apiKey, '', { mark: 'item', as: 'unsaved', id })).saved_item_ids).toBe('');
  });

  // Marks everything read: a reader of its own.
  it('marks a feed read before a time, and a group, and everything (group 0)', async () => {
    const { apiKey, feedIds, categoryId, cookie } = await feverReader();
    // before keys on when items arrived (greader-clients.test.ts): all three arrived after this one.
    const before = String(Math.floor((Date.now() - 1.5 * HOUR) / 1000));
    await fever<Answer>(apiKey, '', { mark: 'feed', as: 'read', id: String(feedIds[1]), before });
    const left = (await fever<Answer>(apiKey, 'items')).items?.filter(
      (item) => item.feed_id === feedIds[1] && !item.is_read,
    );
    expect(left).toHaveLength(3);
    await fever<Answer>(apiKey, '', {
      mark: 'feed',
      as: 'read',
      id: String(feedIds[1]),
      before: String(Math.floor(Date.now() / 1000) + 1),
    });
    const none = (await fever<Answer>(apiKey, 'items')).items?.filter(
      (item) => item.feed_id === feedIds[1] && !item.is_read,
    );
    expect(none).toEqual([]);
    await fever<Answer>(apiKey, '', {
      mark: 'group',
      as: 'read',
      id: String(categoryId),
      before: String(Math.floor(Date.now() / 1000)),
    });
    const sidebar = (await (await call('/api/categories/with-feeds', { cookie })).json()) as {
      id: number | null;
      unreadCount: number;
    }[];
    expect(sidebar.find((group) => group.id === categoryId)?.unreadCount).toBe(0);
    await fever<Answer>(apiKey, '', {
      mark: 'group',
      as: 'read',
      id: '0',
      before: String(Math.floor(Date.now() / 1000)),
    });
    expect((await fever<Answer>(apiKey, 'unread_item_ids')).unread_item_ids).toBe('');
  });

  it('answers a malformed call 200 with api_version and auth, and changes nothing (Unread reads every body so)', async () => {
    const { apiKey } = await sharedReader();
    const before = await fever<Answer>(apiKey, 'unread_item_ids&saved_item_ids');
    const [item] = (await fever<Answer>(apiKey, 'items')).items ?? [];
    for (const [query, form] of [
      ['', { mark: 'item', as: 'sideways', id: String(item?.id) }],
      ['', { mark: 'planet', as: 'read', id: '1' }],
      ['', { mark: 'item', as: 'read', id: 'x' }],
      ['', { mark: 'item', as: 'read', id: '999999999' }],
      ['', { mark: 'feed', as: 'saved', id: String(item?.feed_id) }],
      ['items&since_id=-4', {}],
      ['items&with_ids=x', {}],
    ] as const) {
      const response = await call(`/api/fever/?api&${query}`, {
        method: 'POST',
        headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_key: apiKey, ...form }).toString(),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Answer;
      expect(body).toMatchObject({ api_version: 3, auth: 1 });
      if (query) expect(body.items).toEqual([]);
    }
    expect(await fever<Answer>(apiKey, 'unread_item_ids&saved_item_ids')).toMatchObject({
      unread_item_ids: before.unread_item_ids,
      saved_item_ids: before.saved_item_ids,
    });
    // A bad id among good ones in with_ids is skipped.
    const some = await fever<Answer>(apiKey, `items&with_ids=${item?.id},x`);
    expect(some.items?.map((one) => one.id)).toEqual([item?.id]);
  });

  it('counts wrong keys like failed sign-ins: the eleventh from one address in 15 minutes is a 429', async () => {
    const { apiKey } = await sharedReader();
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const attempt = (key: string) =>
      call('/api/fever/?api', {
        method: 'POST',
        headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': ip },
        body: new URLSearchParams({ api_key: key }).toString(),
      });
    // Right keys cost nothing: clients poll all day.
    for (let i = 0; i < 12; i++) expect((await attempt(apiKey)).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect(await (await attempt('0'.repeat(32))).json()).toEqual({ api_version: 3, auth: 0 });
    const refused = await attempt('0'.repeat(32));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
  });
});
