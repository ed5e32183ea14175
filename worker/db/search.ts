// The full-text index of items (issue 14), table `search_index` (migration 0010; 0029 made it again with
// a prefix index of 3 characters): contentless FTS5 over each item's title, summary, content as plain text and author, with a token `f<feed id>` that scopes a
// search to a person's feeds inside the index, and feed_id, seq and pub_date kept beside it so a search
// is filtered, ordered and paged without reading items rows. Triggers on `items` drop an item's index
// row whenever the item is deleted (retention, a feed nobody follows) or rewritten; storeItems puts
// the rows back through indexItemsStatements in the same batch.
//
// Everything here works on an items database and the feed ids it is given; a page of results, with the
// person's read state and stars, is search-page.ts's.
import { sql } from 'drizzle-orm';
import { jsonParts } from './json-parts';

/** The plain text indexed as an item's content (its HTML turned to text by the refresh). */
export type IndexedText = { guidHash: string; contentText: string };

/**
 * Statements that index the feed's items among `rows` that have no index row: new items, and items the
 * upsert just rewrote (whose row the update trigger dropped). Title, summary and author are plain text
 * already in the items row; the content's text comes with the rows. Run after the upsert, in its batch.
 */
export function indexItemsStatements(d1: D1Database, feedId: number, rows: IndexedText[]): D1PreparedStatement[] {
  const entries = rows.map((row) => ({ g: row.guidHash, t: row.contentText }));
  return jsonParts(entries).map((part) =>
    d1
      .prepare(
        `insert into search_index (rowid, title, summary, content, author, feed, feed_id, seq, pub_date)
         select i.id, i.title, coalesce(i.description, ''), j.value ->> 't', coalesce(i.author, ''),
           'f' || i.feed_id, i.feed_id, i.seq, i.pub_date
         from json_each(?2) j join items i on i.feed_id = ?1 and i.guid_hash = j.value ->> 'g'
         where not exists (select 1 from search_index_docsize d where d.id = i.id)`,
      )
      .bind(feedId, part),
  );
}

export type SearchOrder = 'newest' | 'oldest' | 'relevance';

// bm25 weights per column: a word in the title says most about the item, the feed token nothing.
const RANK = sql`bm25(search_index, 10.0, 4.0, 1.0, 3.0, 0.0, 0.0, 0.0, 0.0)`;
const WORD_COLUMNS = '{title summary content author}';

/**
 * Feeds a ranked search scopes inside its MATCH (issue 29). bm25 scores every phrase of the MATCH on
 * every matching row, feed tokens too (weight 0, but still read), so past a few dozen feeds filtering
 * the word matches by feed_id costs less. Measured at 100,000 index rows (bench/search.mjs' shard, load
 * ~10 on 2 cores): following 25 feeds (10 % of the rows), two prefixes and six common words ranked in
 * 190–340 ms inside the MATCH against 200–545 ms filtered; following 100 feeds, 510–740 against 435–570.
 */
export const FEEDS_IN_RANKED_MATCH = 32;

/**
 * Which index rows match, scoped to the feeds. The feeds are part of the MATCH (their tokens, OR-ed):
 * the index intersects the words with the feeds' own rows, however many other feeds the database holds,
 * so neither ranking nor ordering touches another person's matches. By relevance with more than
 * FEEDS_IN_RANKED_MATCH feeds, the feeds filter the word matches instead (bm25 reads every phrase).
 */
export function matchingRows(filter: { match: string; order: SearchOrder; feedIds: number[] }) {
  const words = `${WORD_COLUMNS} : (${filter.match})`;
  const feeds = `feed : (${filter.feedIds.map((id) => `f${id}`).join(' OR ')})`;
  if (filter.order === 'relevance') {
    if (filter.feedIds.length <= FEEDS_IN_RANKED_MATCH) {
      return sql`select rowid as id, feed_id, seq, pub_date, ${RANK} as rank from search_index
        where search_index match ${`${words} AND ${feeds}`}`;
    }
    return sql`select rowid as id, feed_id, seq, pub_date, ${RANK} as rank from search_index
      where search_index match ${words} and feed_id in (select value from json_each(${JSON.stringify(filter.feedIds)}))`;
  }
  return sql`select rowid as id, feed_id, seq, pub_date, 0 as rank from search_index
    where search_index match ${`${words} AND ${feeds}`}`;
}
