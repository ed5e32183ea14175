// Responses built in memory have a byte budget (issue 29): items may each carry 200,000 characters of
// content, and 1,000 of them were 200 MB in one Google Reader answer. Each route here gets a person whose
// feed holds 60 items at the content cap (12 MB in all): a page stops near the budget with the protocol's
// continuation, and following it gives every item once; where the protocol has none
// (stream/items/contents) the answer is sent in parts. No answer, and no part of one, holds 8 MB.
import { describe, expect, it } from 'vitest';
import { findFeed, storeItems } from '../db/item-store';
import { MAX_CONTENT_CHARS } from '../feeds/item-size';
import { md5Hex } from '../lib/crypto';
import { ITEMS_PER_READ } from '../lib/response-budget';
import { pinClockForFile } from '../test/clock';
import { storedItem } from '../test/feeds';
import { greader } from '../test/greader';
import { call, db } from '../test/helpers';
import { meteredEnv } from '../test/metered-env';
import { followStoryFeed, HOUR, personWithAppPassword, settleItemIds } from '../test/reader-apps';

const BIG_ITEMS = 60;
const MB = 1_000_000;
/** The most any answer (or streamed part of one) may hold here: the budget is 6 M characters. */
const MOST_BYTES = 8 * MB;

// Fever pages only settled item ids (db/shards.ts): the file moves a pinned clock past them.
pinClockForFile(Date.now() - HOUR);

/** A reader-app person following one feed of 3 small stories and BIG_ITEMS items at the content cap. */
async function personWithBigItems() {
  const person = await personWithAppPassword('Budget app', 'Big');
  const feed = await followStoryFeed(person.cookie, {
    label: 'budget',
    feedName: 'Big feed',
    categoryId: null,
    hoursAgo: (n) => n,
  });
  const row = await findFeed(db, feed.id);
  if (!row) throw new Error('no feed row');
  const content = `<p>${'x'.repeat(MAX_CONTENT_CHARS - 7)}</p>`;
  const now = Date.now();
  await storeItems(
    db,
    row,
    Array.from({ length: BIG_ITEMS }, (_, n) =>
      storedItem(`big-${n}`, `Big ${n}`, { content, pubDate: now - n * 60_000 }),
    ),
    1_000,
    now,
  );
  settleItemIds();
  const login = await greader('/accounts/ClientLogin', {
    form: { service: 'reader', Email: person.email, Passwd: person.appPassword, accountType: 'HOSTED_OR_GOOGLE' },
  });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  return { ...person, auth, feverKey: await md5Hex(`${person.email}:${person.appPassword}`) };
}

let bigItems: ReturnType<typeof personWithBigItems> | undefined;
/**
 * The file's one reader-app person with BIG_ITEMS at the content cap, made by the first test that asks
 * (under the file's pinned clock, which later tests carry on from): the tests only read their items, and
 * 12 MB of items written once instead of once a test.
 */
const readerWithBigItems = () => {
  bigItems ??= personWithBigItems();
  return bigItems;
};

/** The answer's bytes, and the largest part its body came in. */
async function bytesOf(response: Response) {
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const parts: Uint8Array[] = [];
  for (let part = await reader.read(); !part.done; part = await reader.read()) parts.push(part.value);
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return {
    total,
    largestPart: Math.max(0, ...parts.map((part) => part.length)),
    text: new TextDecoder().decode(joined),
  };
}

describe('answers built in memory stop at a byte budget', () => {
  it('Google Reader stream/contents: n=1000 pages end near the budget with a continuation, and every item comes once', async () => {
    const { auth } = await readerWithBigItems();
    const seen: string[] = [];
    let continuation: string | undefined;
    let pages = 0;
    do {
      const path = `/reader/api/0/stream/contents/${encodeURIComponent('user/-/state/com.google/reading-list')}?output=json&n=1000${continuation ? `&c=${encodeURIComponent(continuation)}` : ''}`;
      const { total, text } = await bytesOf(await greader(path, { auth }));
      expect(total).toBeLessThan(MOST_BYTES);
      const page = JSON.parse(text) as { items: { title: string }[]; continuation?: string };
      seen.push(...page.items.map((item) => item.title));
      continuation = page.continuation;
      pages++;
    } while (continuation);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(BIG_ITEMS + 3);
    expect(seen.length).toBe(BIG_ITEMS + 3);
  });

  it('Google Reader reader/atom: the same budget, with its continuation', async () => {
    const { auth } = await readerWithBigItems();
    const response = await greader(
      `/reader/atom/${encodeURIComponent('user/-/state/com.google/reading-list')}?n=1000`,
      { auth },
    );
    const { total, text } = await bytesOf(response);
    expect(total).toBeLessThan(MOST_BYTES);
    expect(text).toMatch(/<gr:continuation>[^<]+<\/gr:continuation>/);
  });

  it('Google Reader stream/items/contents: 63 ids all come, read and sent a part at a time as the client takes them', async () => {
    const { auth } = await readerWithBigItems();
    const ids = await greader(
      `/reader/api/0/stream/items/ids?output=json&s=${encodeURIComponent('user/-/state/com.google/reading-list')}&n=1000`,
      { auth },
    );
    const refs = ((await ids.json()) as { itemRefs: { id: string }[] }).itemRefs.map((ref) => ref.id);
    expect(refs.length).toBe(BIG_ITEMS + 3);
    const metered = meteredEnv();
    const form = new URLSearchParams();
    for (const id of refs) form.append('i', id);
    const response = await call('/api/greader/reader/api/0/stream/items/contents', {
      method: 'POST',
      headers: {
        origin: '',
        authorization: `GoogleLogin auth=${auth}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
      env: metered.env,
    });
    // The answer has begun before its items are read: they are read as the client takes the parts, so
    // the Worker holds one part's items (ITEMS_PER_READ at the content cap: 5 MB), never all 12 MB.
    const callsBeforeBody = Object.values(metered.calls()).reduce((sum, n) => sum + n, 0);
    const { total, largestPart, text } = await bytesOf(response);
    const callsAfterBody = Object.values(metered.calls()).reduce((sum, n) => sum + n, 0);
    expect(callsAfterBody - callsBeforeBody).toBeGreaterThanOrEqual(Math.ceil((BIG_ITEMS + 3) / ITEMS_PER_READ));
    expect(total).toBeGreaterThan(BIG_ITEMS * MAX_CONTENT_CHARS);
    expect(largestPart).toBeLessThan(MOST_BYTES);
    const answer = JSON.parse(text) as { id: string; items: { title: string }[] };
    expect(answer.id).toBe('user/-/state/com.google/reading-list');
    expect(new Set(answer.items.map((item) => item.title)).size).toBe(BIG_ITEMS + 3);
  });

  it('Fever items: since_id pages end at the budget, and the app gets every item going on from the last id', async () => {
    const { feverKey } = await readerWithBigItems();
    const fever = (query: string) =>
      call(`/api/fever/?api&${query}`, {
        method: 'POST',
        headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_key: feverKey }).toString(),
      });
    const seen: number[] = [];
    let sinceId = 0;
    for (let page = 0; page < 10; page++) {
      const { total, text } = await bytesOf(await fever(`items&since_id=${sinceId}`));
      expect(total).toBeLessThan(MOST_BYTES);
      const items = (JSON.parse(text) as { items: { id: number }[] }).items;
      if (items.length === 0) break;
      seen.push(...items.map((item) => item.id));
      sinceId = Math.max(...items.map((item) => item.id));
    }
    expect(new Set(seen).size).toBe(BIG_ITEMS + 3);
  });
});
