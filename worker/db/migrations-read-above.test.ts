// A database made by the version that kept every read mark as a row of read_marks upgrades with the read
// state each person sees unchanged: migration 0036 moves the items read on their own above the watermark
// onto their subscription rows (`read_above`, db/read-above.ts), keeps the kept-unread marks as rows, and
// leaves each counter counting only those. Lists, unread pages and counts say what they said before, and
// marking goes on from there.
import { describe, expect, it } from 'vitest';
import { listPage } from '../test/item-pages';
import { databaseBefore } from '../test/migrations';
import { primaryPeopleDb } from '../test/people';
import { listCategoriesWithFeeds } from './categories';
import { createDb } from './client';
import { setItemRead } from './item-row';
import { rebuildReadingList } from './reading-list';

const MOVE = '0036_move_read_marks_to_subscriptions';
const PERSON = 1;
const OTHER = 2;
const BUSY = 10;
const QUIET = 11;

describe('upgrading a database whose read marks are rows', () => {
  it('moves the read marks onto the subscription rows and every list and count stays as it was', async () => {
    const { d1, upgradeTo } = await databaseBefore(MOVE);
    const now = Date.now();
    const item = (feed: number, seq: number) =>
      `(${feed * 100 + seq}, ${feed}, ${seq}, 'g-${feed}-${seq}', 'Item ${feed}.${seq}', ${now - (100 - seq) * 60_000}, ${now})`;
    await d1.batch([
      d1.prepare(`insert into users (id, email, name, created_at)
        values (${PERSON}, 'one@example.com', 'One', ${now}), (${OTHER}, 'two@example.com', 'Two', ${now})`),
      d1.prepare(`insert into feeds (id, url, next_fetch_at, created_at, last_seq, trimmed_seq)
        values (${BUSY}, 'https://busy.example/feed', ${now}, ${now}, 8, 0),
          (${QUIET}, 'https://quiet.example/feed', ${now}, ${now}, 6, 2)`),
      d1.prepare(`insert into items (id, feed_id, seq, guid_hash, title, pub_date, created_at) values
        ${[1, 2, 3, 4, 5, 6, 7, 8].map((seq) => item(BUSY, seq)).join(', ')},
        ${[3, 4, 5, 6].map((seq) => item(QUIET, seq)).join(', ')}`),
      // The person read Busy up to 3 on a mark-all, then 5 and 7 on their own, and keeps 2 unread
      // (counter +1 − 2); of Quiet (retention took 1 and 2) they read 4 on their own (−1). The other
      // person read Busy's 8 on their own (−1).
      d1.prepare(`insert into subscriptions (user_id, feed_id, name, read_seq, read_adjust, created_at) values
        (${PERSON}, ${BUSY}, 'Busy', 3, -1, ${now}), (${PERSON}, ${QUIET}, 'Quiet', 0, -1, ${now}),
        (${OTHER}, ${BUSY}, 'Busy', 0, -1, ${now})`),
      d1.prepare(`insert into read_marks (user_id, feed_id, seq, is_read, marked_at) values
        (${PERSON}, ${BUSY}, 5, 1, ${now}), (${PERSON}, ${BUSY}, 7, 1, ${now}), (${PERSON}, ${BUSY}, 2, 0, ${now}),
        (${PERSON}, ${QUIET}, 4, 1, ${now}), (${OTHER}, ${BUSY}, 8, 1, ${now})`),
    ]);

    await upgradeTo();

    expect(
      (await d1.prepare('select user_id, feed_id, seq, is_read from read_marks order by user_id, feed_id, seq').all())
        .results,
    ).toEqual([{ user_id: PERSON, feed_id: BUSY, seq: 2, is_read: 0 }]);
    expect(
      (
        await d1
          .prepare(
            'select user_id, feed_id, read_seq, read_adjust, read_above from subscriptions order by user_id, feed_id',
          )
          .all()
      ).results,
    ).toEqual([
      { user_id: PERSON, feed_id: BUSY, read_seq: 3, read_adjust: 1, read_above: ',5,7,' },
      { user_id: PERSON, feed_id: QUIET, read_seq: 0, read_adjust: 0, read_above: ',4,' },
      { user_id: OTHER, feed_id: BUSY, read_seq: 0, read_adjust: 0, read_above: ',8,' },
    ]);

    const db = createDb({ DB: d1 });
    const people = primaryPeopleDb(db);
    for (const userId of [PERSON, OTHER]) await rebuildReadingList(people, userId);
    const counts = async (userId: number) =>
      Object.fromEntries(
        (await listCategoriesWithFeeds(people, userId))
          .flatMap((group) => group.feeds)
          .map((feed) => [feed.name, feed.unreadCount]),
      );
    const readFlags = async (userId: number, feedId: number) =>
      (await listPage(people, userId, 'UTC', { feedId, limit: 20 })).items.map((row) => [row.title, row.isRead]);
    const unreadTitles = async (userId: number, filter: 'unread' | 'read' = 'unread') =>
      (await listPage(people, userId, 'UTC', { filter, limit: 20 })).items.map((row) => row.title);

    // What the old version showed: Busy unread 2, 4, 6, 8; Quiet unread 3, 5, 6; the other unread 1 to 7.
    expect(await counts(PERSON)).toEqual({ Busy: 4, Quiet: 3 });
    expect(await counts(OTHER)).toEqual({ Busy: 7 });
    expect(await readFlags(PERSON, BUSY)).toEqual([
      ['Item 10.8', false],
      ['Item 10.7', true],
      ['Item 10.6', false],
      ['Item 10.5', true],
      ['Item 10.4', false],
      ['Item 10.3', true],
      ['Item 10.2', false],
      ['Item 10.1', true],
    ]);
    expect(await unreadTitles(PERSON)).toEqual([
      'Item 10.8',
      'Item 11.6',
      'Item 10.6',
      'Item 11.5',
      'Item 10.4',
      'Item 11.3',
      'Item 10.2',
    ]);
    expect(await unreadTitles(PERSON, 'read')).toEqual([
      'Item 10.7',
      'Item 10.5',
      'Item 11.4',
      'Item 10.3',
      'Item 10.1',
    ]);
    expect((await readFlags(OTHER, BUSY)).filter(([, isRead]) => isRead)).toEqual([['Item 10.8', true]]);

    // Marking goes on from the moved state: read on its own, back to unread, kept unread below the line.
    await setItemRead(people, PERSON, BUSY * 100 + 8, true);
    await setItemRead(people, PERSON, BUSY * 100 + 5, false);
    await setItemRead(people, PERSON, BUSY * 100 + 2, true);
    expect(await counts(PERSON)).toEqual({ Busy: 3, Quiet: 3 });
    expect((await readFlags(PERSON, BUSY)).filter(([, isRead]) => !isRead).map(([title]) => title)).toEqual([
      'Item 10.6',
      'Item 10.5',
      'Item 10.4',
    ]);
  });
});
