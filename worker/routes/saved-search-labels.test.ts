// Saved searches in the reader apps (issue 26), asked as the clients ask: Google Reader's tag/list names
// each as a label (a tag, beside the categories' folders), its stream (contents, ids, atom) is the
// search's matches with the protocol's own filters, mark-all-as-read reads them, and filing an item
// under it is refused as for any label. Fever lists each as a group of the feeds holding its unread
// matches; marking the group read reads the matches.
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/crypto';
import { pinClockForFile } from '../test/clock';
import { fever } from '../test/fever';
import { greader, json } from '../test/greader';
import { call } from '../test/helpers';
import { followGrowingFeed, HOUR, personWithAppPassword, settleItemIds } from '../test/reader-apps';

pinClockForFile(Date.now() - 2 * HOUR);

const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

/** A reader-app person following two feeds, with a saved search "Rockets" over every feed. */
async function readerWithSavedSearch() {
  const person = await personWithAppPassword('Reeder', 'Space');
  const { cookie } = person;
  const space = await followGrowingFeed(cookie, {
    label: 'labels-a',
    feedName: 'Space news',
    categoryId: person.categoryId,
    stories: [
      { title: 'Rockets to the moon', pubDate: ago(1) },
      { title: 'Gardening in spring', pubDate: ago(2) },
    ],
  });
  const other = await followGrowingFeed(cookie, {
    label: 'labels-b',
    feedName: 'Other news',
    categoryId: null,
    stories: [
      { title: 'Rockets, reusable at last', pubDate: ago(3) },
      { title: 'Bread baking basics', pubDate: ago(4) },
    ],
  });
  const saved = await call('/api/saved-searches', { cookie, json: { name: 'Rockets', query: 'title:rockets' } });
  expect(saved.status).toBe(201);
  const login = await greader('/accounts/ClientLogin', { form: { Email: person.email, Passwd: person.appPassword } });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  const { id: searchId } = (await saved.json()) as { id: number };
  settleItemIds();
  return { ...person, auth, searchId, feedIds: [space.id, other.id] };
}

const LABEL = 'user/-/label/Rockets';

describe('saved searches as Google Reader labels', () => {
  it('lists each as a tag and answers its stream with the matches, as contents, ids and atom', async () => {
    const { auth } = await readerWithSavedSearch();
    const tags = await json<{ tags: { id: string; type?: string }[] }>(
      await greader('/reader/api/0/tag/list?output=json', { auth }),
    );
    expect(tags.tags).toEqual([
      { id: 'user/-/state/com.google/starred' },
      expect.objectContaining({ id: 'user/-/label/Space', type: 'folder' }),
      { id: LABEL, type: 'tag' },
    ]);
    const contents = await json<{ id: string; title: string; items: { title: string }[] }>(
      await greader(`/reader/api/0/stream/contents/${encodeURIComponent(LABEL)}?output=json&n=20`, { auth }),
    );
    expect(contents.title).toBe('Rockets');
    expect(contents.items.map((item) => item.title)).toEqual(['Rockets to the moon', 'Rockets, reusable at last']);
    // Oldest first, and by ?s= as some clients send it.
    const oldest = await json<{ items: { title: string }[] }>(
      await greader(`/reader/api/0/stream/contents?s=${encodeURIComponent(LABEL)}&r=o&output=json`, { auth }),
    );
    expect(oldest.items.map((item) => item.title)).toEqual(['Rockets, reusable at last', 'Rockets to the moon']);
    // A sync's "since" (ot) cannot narrow a search: every match comes, none is lost.
    const since = Math.floor((Date.now() - HOUR) / 1000);
    const ids = await json<{ itemRefs: { id: string }[] }>(
      await greader(`/reader/api/0/stream/items/ids?s=${encodeURIComponent(LABEL)}&n=100&ot=${since}&output=json`, {
        auth,
      }),
    );
    expect(ids.itemRefs).toHaveLength(2);
    const atom = await greader(`/reader/atom/${encodeURIComponent(LABEL)}`, { auth });
    expect(atom.status).toBe(200);
    const entries = [...(await atom.text()).matchAll(/<entry[\s\S]*?<title[^>]*>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(entries).toEqual(['Rockets to the moon', 'Rockets, reusable at last']);
  });

  it('marks its matches read with mark-all-as-read and leaves them out with xt=read; items cannot be filed under it', async () => {
    const { auth } = await readerWithSavedSearch();
    const token = await (await greader('/reader/api/0/token', { auth })).text();
    const unread = () =>
      greader(
        `/reader/api/0/stream/contents/${encodeURIComponent(LABEL)}?xt=${encodeURIComponent('user/-/state/com.google/read')}&output=json`,
        { auth },
      ).then((response) => json<{ items: { id: string; title: string }[] }>(response));
    const [first] = (await unread()).items;
    expect((await unread()).items).toHaveLength(2);
    const filed = await greader('/reader/api/0/edit-tag', { auth, form: { i: first?.id ?? '', a: LABEL, T: token } });
    expect(filed.status).toBe(400);
    const marked = await greader('/reader/api/0/mark-all-as-read', { auth, form: { s: LABEL, T: token } });
    expect(marked.status).toBe(200);
    expect((await unread()).items).toEqual([]);
    // Only its matches were read: the rest of the reading list is still unread.
    const counts = await json<{ unreadcounts: { id: string; count: number }[] }>(
      await greader('/reader/api/0/unread-count?output=json', { auth }),
    );
    expect(counts.unreadcounts.find((row) => row.id === 'user/-/state/com.google/reading-list')?.count).toBe(2);
  });
});

type FeverAnswer = {
  groups?: { id: number; title: string }[];
  feeds_groups?: { group_id: number; feed_ids: string }[];
  unread_item_ids?: string;
};

describe('saved searches as Fever groups', () => {
  it('lists each as a group of the feeds holding its unread matches, and marking it read reads the matches', async () => {
    const person = await readerWithSavedSearch();
    const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
    const answer = await fever<FeverAnswer>(apiKey, 'groups');
    const group = answer.groups?.find((one) => one.title === 'Rockets');
    expect(answer.groups?.map((one) => one.title)).toEqual(['Space', 'Rockets']);
    const feedsOf = (found: FeverAnswer, id: number | undefined) =>
      found.feeds_groups
        ?.find((entry) => entry.group_id === id)
        ?.feed_ids.split(',')
        .filter(Boolean)
        .map(Number);
    expect(feedsOf(answer, group?.id)?.sort()).toEqual([...person.feedIds].sort());
    // The feeds call carries the same feeds_groups, as Fever's clients may read either.
    expect(feedsOf(await fever<FeverAnswer>(apiKey, 'feeds'), group?.id)?.sort()).toEqual([...person.feedIds].sort());
    const unreadBefore = (await fever<FeverAnswer>(apiKey, 'unread_item_ids')).unread_item_ids?.split(',') ?? [];
    expect(unreadBefore).toHaveLength(4);
    const before = String(Math.floor(Date.now() / 1000) + 1);
    const marked = await fever<FeverAnswer>(apiKey, '', { mark: 'group', as: 'read', id: String(group?.id), before });
    // Only the two matches were read; gardening and bread stay unread, and the group now has no feeds.
    expect(marked.unread_item_ids?.split(',')).toHaveLength(2);
    expect(feedsOf(await fever<FeverAnswer>(apiKey, 'groups'), group?.id)).toEqual([]);
  });
});
