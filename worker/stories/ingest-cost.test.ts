// What grouping at ingest writes (issue 24, docs/stories.md "Costs per new item"), in D1 rows as D1 counts
// them, through the production refresh: a new story is its one story_index row; an item joining a story
// adds its entries in items_story_idx and items_feed_story_idx, and the story's first item takes the
// story's id (its row and its two entries), once; an item never merged writes nothing more than any item.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../db/client';
import { meteredD1, newMeter } from '../db/metered-d1';
import { shardOfId } from '../db/shards';
import { refreshFeed } from '../feeds/refresh';
import { createUrlFetcher } from '../net/fetcher';
import { advanceClock, HOUR_MS, pinClock } from '../test/clock';
import { follow, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

const RECALL = [
  'Acme recalls 1.2 million cars over faulty brake sensors',
  'Acme Motors is recalling 1.2 million sedans worldwide because a faulty brake sensor can delay emergency braking, the carmaker said on Monday. Owners will be contacted by dealers from next month.',
] as const;
const RECALL_AGAIN = [
  'Brake sensor fault forces Acme to recall 1.2m sedans',
  'Carmaker Acme Motors said on Monday it would recall 1.2 million sedans around the world after finding a faulty brake sensor that can delay emergency braking. Dealers will contact owners next month.',
] as const;
const PLANT = [
  'Acme opens battery plant in Ohio',
  'Acme Motors opened a battery factory near Columbus that will employ 900 people and supply cells for its electric pickup from next spring, the state governor said at the ribbon cutting.',
] as const;

async function refresh(feedId: number) {
  const meter = newMeter();
  const metered = createDb(env, (d1) => meteredD1(d1, meter));
  const outcome = await refreshFeed({ db: metered, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, feedId);
  return { outcome, meter };
}

/** A followed feed with one old entry, whose next refresh brings `entries`. */
async function feedBringing(entries: (readonly [string, string])[]) {
  const name = uniqueName('ingest-cost');
  const old = { guid: 'old', title: 'Old note', pubDate: new Date(Date.now() - 48 * HOUR_MS) };
  const url = await scriptFeed(name, { body: rss(name, [old]) });
  const { cookie } = await signUp();
  const feedId = await follow(call, cookie, url);
  const fresh = entries.map(([title, description], n) => ({
    guid: `new-${n}`,
    title,
    description,
    pubDate: new Date(),
  }));
  await scriptFeed(name, { body: rss(name, [...fresh, old]) });
  advanceClock(5_000);
  return feedId;
}

describe('grouping at ingest writes', () => {
  it('one story index row per new story, and for a joining item its index entry and its story’s first item', async () => {
    pinClock('2026-06-15T12:00:00Z');
    const first = await feedBringing([RECALL, PLANT]);
    const started = await refresh(first);
    expect(started.outcome).toMatchObject({ kind: 'updated', stored: 3 });
    // 4 rows an item and 4 besides (refresh-cost.test.ts: 3, and the pick-index entry, since this refresh
    // moves the feed's next check), and 1 story_index row for each new story.
    expect(started.meter.rowsWritten).toBe(2 * 4 + 4 + 2);

    const second = await feedBringing([RECALL_AGAIN]);
    const joined = await refresh(second);
    // 4 + 4, its own entries in items_story_idx and items_feed_story_idx (the unread counts' index of a
    // feed's items in stories), and the first item's story_id (its row and its two index entries).
    expect(joined.meter.rowsWritten).toBe(4 + 4 + 2 + 3);

    // A third outlet's report joins too: its own entries, and the first item's list of the story's items
    // takes it (one row; before the list was kept, nothing: the first item had its story already).
    const third = await feedBringing([RECALL]);
    const again = await refresh(third);
    expect(again.meter.rowsWritten).toBe(4 + 4 + 2 + 1);
    // The list a page reads for the story's sources (db/story-members.ts): every item of it, in order.
    const recallOf = async (feedId: number) =>
      (
        await createDb(env)
          .shards.at(shardOfId(feedId))
          .$client.prepare(
            'select id, feed_id, created_at, story_id, story_sources from items where feed_id = ?1 and story_id is not null',
          )
          .bind(feedId)
          .all<{ id: number; feed_id: number; created_at: number; story_id: number; story_sources: string | null }>()
      ).results;
    const [story] = await recallOf(first);
    const items = [story, ...(await recallOf(second)), ...(await recallOf(third))];
    expect(items.map((row) => row?.story_id)).toEqual([story?.id, story?.id, story?.id]);
    expect(JSON.parse(story?.story_sources ?? 'null')).toEqual(
      items.map((row) => [row?.feed_id, row?.id, row?.created_at]),
    );
  });

  it('nothing more for an item that can never be merged', async () => {
    pinClock('2026-06-15T12:00:00Z');
    const feedId = await feedBringing([['Untitled', PLANT[1]]]);
    const { meter } = await refresh(feedId);
    expect(meter.rowsWritten).toBe(4 + 4);
  });
});
