// What retention costs in D1 rows written (issue 12's money): a feed past its newest-kept items deletes
// as many as it stores, in the same batch (item-store.ts). bench/projection.mjs takes its rows written
// per deleted item from here (TRIM_ROWS_WRITTEN_PER_ITEM), so the projection cannot quietly drift from it.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { follow, hoursAgo, rss, scriptFeed, storedItem, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { createDb } from './client';
import { findFeed, storeItems } from './item-store';
import { meteredD1, newMeter } from './metered-d1';

/**
 * The projection's figure (bench/projection.mjs): rows written per item retention deletes, read on its own
 * or not (the item and its search row; its read mark was a third row until issue 30 made it a position on
 * the subscription row, which retention does not write: read-above.ts).
 */
const TRIM_ROWS_WRITTEN_PER_ITEM = 2;
const HELD = 20;
const NEW = 5;

/**
 * A followed feed holding HELD items, and the rows written by storing NEW more while keeping `keep`; with
 * `readOldest`, the follower first read the NEW oldest on their own, one by one.
 */
async function rowsWrittenStoringNew(keep: number, readOldest = false) {
  const { cookie } = await signUp();
  const held = Array.from({ length: HELD }, (_, i) => ({
    guid: `h${i}`,
    title: `Held ${i}`,
    pubDate: hoursAgo(i + 1),
  }));
  const feedId = await follow(call, cookie, await scriptFeed(uniqueName('kept'), { body: rss('Kept', held) }));
  if (readOldest) {
    const listed = (await (await call(`/api/feed-items?feedId=${feedId}&limit=${HELD}`, { cookie })).json()) as {
      id: number;
    }[];
    expect(listed).toHaveLength(HELD);
    for (const item of listed.slice(-NEW)) {
      const marked = await call(`/api/feed-items/${item.id}`, { method: 'PATCH', cookie, json: { isRead: true } });
      expect(marked.status).toBe(200);
    }
  }
  const feed = await findFeed(db, feedId);
  if (!feed) throw new Error('no feed');
  const fresh = Array.from({ length: NEW }, (_, i) =>
    storedItem(`new-${i}`, `New ${i}`, { pubDate: Date.now() - i, content: `<p>Body ${i}</p>` }),
  );
  const meter = newMeter();
  await storeItems(
    createDb(env, (d1) => meteredD1(d1, meter)),
    feed,
    fresh,
    keep,
    Date.now(),
  );
  return meter.rowsWritten;
}

describe('retention', () => {
  it(`writes at most ${TRIM_ROWS_WRITTEN_PER_ITEM} rows for each item it deletes`, async () => {
    const stored = await rowsWrittenStoringNew(HELD + NEW);
    // Keeping HELD: the NEW oldest go in the same batch.
    const storedAndTrimmed = await rowsWrittenStoringNew(HELD);
    const perDeleted = (storedAndTrimmed - stored) / NEW;
    expect(perDeleted).toBeGreaterThan(0);
    expect(perDeleted).toBeLessThanOrEqual(TRIM_ROWS_WRITTEN_PER_ITEM);
  });

  it('writes nothing more for the read marks of the items it deletes', async () => {
    const stored = await rowsWrittenStoringNew(HELD + NEW, true);
    const storedAndTrimmed = await rowsWrittenStoringNew(HELD, true);
    const unread = (await rowsWrittenStoringNew(HELD)) - (await rowsWrittenStoringNew(HELD + NEW));
    // Every item deleted was read on its own: the same rows as when nobody read them.
    expect(storedAndTrimmed - stored).toBe(unread);
    expect((storedAndTrimmed - stored) / NEW).toBeLessThanOrEqual(TRIM_ROWS_WRITTEN_PER_ITEM);
  });
});
