// Every surface asks the reading core (db/items) for its lists, so every filter runs in SQL before the
// limit: the Google Reader starred and read streams come in full pages however the read items fall, and
// contradictory or unknown list fields are refused, naming the field.
import { describe, expect, it } from 'vitest';
import { contentsOf, greader, type Item, readerFor } from '../test/greader';
import { call } from '../test/helpers';

const READ = 'user/-/state/com.google/read';
const STARRED = 'user/-/state/com.google/starred';

/** Marks these items (by position in the reading list) with a state, in one edit-tag. */
async function tag(auth: string, items: Item[], positions: number[], state: string) {
  const response = await greader('/reader/api/0/edit-tag', {
    auth,
    form: { i: positions.map((n) => items[n]?.id ?? ''), a: state },
  });
  expect(await response.text()).toBe('OK');
}

/** Every page of a stream, n at a time, following the continuations: each page's titles. */
async function pagesOf(auth: string, stream: string, query: string) {
  const pages: string[][] = [];
  let continuation: string | undefined;
  do {
    const page = await contentsOf(
      auth,
      stream,
      `${query}${continuation ? `&c=${encodeURIComponent(continuation)}` : ''}`,
    );
    pages.push(page.items.map((item) => item.title));
    continuation = page.continuation;
  } while (continuation && pages.length < 10);
  return pages;
}

describe('Google Reader streams with read items mixed in', () => {
  it('pages the starred stream without its read items in full pages of n', async () => {
    const { auth } = await readerFor({ feeds: 3 });
    const { items } = await contentsOf(auth, 'user/-/state/com.google/reading-list', '&n=20');
    expect(items).toHaveLength(9);
    await tag(
      auth,
      items,
      items.map((_, n) => n),
      STARRED,
    );
    // Read: the first two of every three. Left unread: 2, 5 and 8.
    await tag(auth, items, [0, 1, 3, 4, 6, 7], READ);
    const titles = (positions: number[]) => positions.map((n) => items[n]?.title);
    expect(await pagesOf(auth, STARRED, `&n=2&xt=${READ}`)).toEqual([titles([2, 5]), titles([8])]);
    // The same through it=starred on the reading list, and the starred ones among the read.
    expect(await pagesOf(auth, 'user/-/state/com.google/reading-list', `&n=2&xt=${READ}&it=${STARRED}`)).toEqual([
      titles([2, 5]),
      titles([8]),
    ]);
    expect(await pagesOf(auth, READ, `&n=4&it=${STARRED}`)).toEqual([titles([0, 1, 3, 4]), titles([6, 7])]);
  });

  it('pages the read stream in full pages of n, however few items are read', async () => {
    const { auth } = await readerFor({ feeds: 3 });
    const { items } = await contentsOf(auth, 'user/-/state/com.google/reading-list', '&n=20');
    await tag(auth, items, [1, 4, 7], READ);
    expect(await pagesOf(auth, READ, '&n=2')).toEqual([[items[1]?.title, items[4]?.title], [items[7]?.title]]);
  });
});

describe('list fields that contradict each other or mean nothing', () => {
  it('answers 400 naming the field: a cursor of another list, hasEnclosure=maybe, a limit past 100', async () => {
    const { cookie } = await readerFor({ feeds: 2 });
    const first = await call('/api/feed-items?limit=2', { cookie });
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const refused = async (query: string) => {
      const response = await call(`/api/feed-items?${query}`, { cookie });
      expect(response.status, query).toBe(400);
      return ((await response.json()) as { message: string }).message;
    };
    expect(await refused(`filter=starred&cursor=${encodeURIComponent(cursor ?? '')}`)).toMatch(/cursor/);
    expect(await refused(`filter=unread&cursor=${encodeURIComponent(cursor ?? '')}`)).toMatch(/cursor/);
    expect(await refused('hasEnclosure=maybe')).toBe('hasEnclosure must be true or false');
    expect(await refused('limit=101')).toMatch(/^limit /);
    expect(await refused('filter=saved')).toMatch(/^filter /);
    // The cursor still continues its own list.
    const next = await call(`/api/feed-items?limit=2&cursor=${encodeURIComponent(cursor ?? '')}`, { cookie });
    expect(next.status).toBe(200);
    expect(await next.json()).toHaveLength(2);
  });

  it('answers a Google Reader continuation of another stream with a 400', async () => {
    const { auth } = await readerFor({ feeds: 2 });
    const page = await contentsOf(auth, 'user/-/state/com.google/reading-list', '&n=2');
    expect(page.continuation).toBeTruthy();
    const response = await greader(
      `/reader/api/0/stream/contents/${encodeURIComponent(STARRED)}?output=json&c=${encodeURIComponent(page.continuation ?? '')}`,
      { auth },
    );
    expect(response.status).toBe(400);
  });
});
