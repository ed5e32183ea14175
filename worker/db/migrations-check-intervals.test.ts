// A database made by the version whose leases only moved next_fetch_at upgrades with every feed's wait
// between checks kept: migration 0021 takes it from the last refresh's writes (next check − last fetch),
// so the first pick after the upgrade already sets each feed's next check (refresh-leases.ts).
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migrations';
import { createDb } from './client';
import { leaseDueFeeds, PICK_SLICES } from './refresh-leases';

const KEEP_INTERVALS = '0021_keep_check_intervals';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

describe('upgrading a database whose feeds keep no wait between checks', () => {
  it("keeps each feed's last wait, at most a day, and a pick after the upgrade schedules from it", async () => {
    const { d1, upgradeTo } = await databaseBefore(KEEP_INTERVALS);

    const now = Date.now();
    const feed = (id: number, lastFetched: number | null, next: number) =>
      `(${id}, 'https://f${id}.example/feed', ${lastFetched}, ${next}, ${now - DAY_MS})`;
    await d1
      .prepare(
        `insert into feeds (id, url, last_fetched_at, next_fetch_at, created_at) values
           ${feed(64, now - 10 * MINUTE_MS, now + 20 * MINUTE_MS)},
           ${feed(65, null, now)},
           ${feed(66, now - 3 * DAY_MS, now + 5 * MINUTE_MS)}`,
      )
      .run();
    await upgradeTo();

    const { results } = await d1
      .prepare('select id, check_interval_ms, leased_until from feeds where id in (64, 65, 66) order by id')
      .all();
    expect(results).toEqual([
      // Refreshed ten minutes ago, next in twenty: every half hour.
      { id: 64, check_interval_ms: 30 * MINUTE_MS, leased_until: null },
      // Never fetched: no wait yet; its first lease holds it for the lease alone.
      { id: 65, check_interval_ms: null, leased_until: null },
      // Leased at the upgrade, its last fetch days ago: a day at most, and its refresh corrects it.
      { id: 66, check_interval_ms: DAY_MS, leased_until: null },
    ]);

    const pickedAt = now + 20 * MINUTE_MS;
    const db = createDb({ DB: d1 });
    const leased = await leaseDueFeeds(db, 64 % PICK_SLICES, pickedAt, pickedAt + 15 * MINUTE_MS, 10);
    expect(leased.map((row) => row.id)).toEqual([64]);
    const next = await d1.prepare('select next_fetch_at from feeds where id = 64').first('next_fetch_at');
    expect(next).toBe(pickedAt + 30 * MINUTE_MS);
  });
});
