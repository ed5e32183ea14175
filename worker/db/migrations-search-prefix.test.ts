// Migration 0029 makes the search index again with a prefix index (issue 29): FTS5 sets one only when a
// table is created. The index is contentless, so an item's content words exist nowhere else: the
// migration reads them back from the old index. Upgrading must keep every item findable by its content,
// its phrases and their prefixes, and the index must be the prefix-indexed one.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migrations';

const PREFIX_INDEX = '0029_add_search_prefix_index';

describe('upgrading the search index to a prefix index', () => {
  it('keeps the content words of items indexed before, in order, and indexes 3-letter prefixes', async () => {
    const { d1, upgradeTo } = await databaseBefore(PREFIX_INDEX);
    const now = Date.now();
    await d1.batch([
      d1.prepare(
        `insert into feeds (id, url, next_fetch_at, created_at) values (71, 'https://f71.example/feed', ${now}, ${now})`,
      ),
      d1.prepare(
        `insert into items (id, feed_id, seq, guid_hash, title, description, content, author, pub_date, created_at)
         values (7101, 71, 1, 'a', 'Airships return', 'A summary', '<p>The zeppelin appears over Crème brûlée Street</p>', 'Ada', ${now}, ${now}),
                (7102, 71, 2, 'b', 'Nothing here', null, null, null, ${now}, ${now})`,
      ),
      // As storeItems indexes an item: its content as text, made by the refresh (db/search.ts).
      d1.prepare(
        `insert into item_search (rowid, title, summary, content, author, feed, feed_id, seq, pub_date) values
         (7101, 'Airships return', 'A summary', 'The zeppelin appears over Crème brûlée Street', 'Ada', 'f71', 71, 1, ${now}),
         (7102, 'Nothing here', '', '', '', 'f71', 71, 2, ${now})`,
      ),
    ]);
    await upgradeTo();

    const found = async (match: string) =>
      (
        await d1
          .prepare('select rowid as id from search_index where search_index match ? order by rowid')
          .bind(match)
          .all<{ id: number }>()
      ).results.map((row) => row.id);
    expect(await found('content : zeppelin')).toEqual([7101]);
    expect(await found('content : "zeppelin appears"')).toEqual([7101]);
    expect(await found('content : "creme brulee street"')).toEqual([7101]);
    expect(await found('content : zep*')).toEqual([7101]);
    expect(await found('title : airships AND author : ada')).toEqual([7101]);
    expect(await found('feed : f71')).toEqual([7101, 7102]);
    const unindexed = await d1.prepare('select feed_id, seq, pub_date from search_index where rowid = 7101').first();
    expect(unindexed).toEqual({ feed_id: 71, seq: 1, pub_date: now });
    const table = await d1
      .prepare("select sql from sqlite_master where name = 'search_index'")
      .first<{ sql: string }>();
    expect(table?.sql).toContain("prefix='3'");
    // Nothing of the rebuild is left, and a deleted item still leaves the index (the triggers came back).
    const leftovers = await d1
      .prepare(
        "select name from sqlite_master where name in ('item_search', 'item_search_words', 'item_search_instances')",
      )
      .all();
    expect(leftovers.results).toEqual([]);
    await d1.prepare('delete from items where id = 7101').run();
    expect(await found('feed : f71')).toEqual([7102]);
  });
});
