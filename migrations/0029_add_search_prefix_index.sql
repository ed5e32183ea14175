-- The search index gets a prefix index of 3 characters (issue 29): `search_index` replaces `item_search`
-- (migration 0010), the same columns and tokenizer with prefix='3'. A prefix (`str*`, at least 3 letters:
-- search/parse-query.ts) was the union of the doclists of every word starting with it, hundreds of them
-- for a common start; with prefix='3' it is one doclist. Measured at 100,000 index rows (bench/search.mjs,
-- load ~10 on 2 cores): two prefixes and six words within 25 feeds ranked in 491 ms against 957, by date
-- in 189 against 416. '2' is not kept: no search may use a 2-letter prefix.
--
-- FTS5 sets its prefix index when a table is created, so the index is made again, under a new name: with
-- contentless_unindexed, SQLite's FTS5 leaves the `_content` shadow table behind when its table is
-- dropped or renamed, and in the same connection that orphan may be neither dropped nor renamed (it
-- still counts as a shadow table), so `item_search` cannot be made again. The old index is emptied
-- ('delete-all') and dropped; its empty `item_search_content` stays.
--
-- The index is contentless: the words of its content column (an item's content as text, made by the
-- refresh) are stored nowhere else, so they are read back from the old index, in order, through an
-- fts5vocab 'instance' table: the indexed tokens, joined by spaces, give the same tokens to the same
-- tokenizer, and phrases still match. Title, summary and author are plain text in the items row, as 0010
-- indexed them. D1 runs the file in one transaction (no BEGIN or COMMIT here) and limits a statement's
-- time: reading back 100,000 items' words took about 20 s on the local runtime at load 10.
-- scripts/deploy-preflight.mjs creates a prefix index and an fts5vocab table before a deploy migrates.
CREATE VIRTUAL TABLE `item_search_instances` USING fts5vocab(`item_search`, 'instance');
--> statement-breakpoint
CREATE TABLE `item_search_words` (`id` integer PRIMARY KEY NOT NULL, `content` text NOT NULL);
--> statement-breakpoint
INSERT INTO `item_search_words` (`id`, `content`)
	SELECT `doc`, group_concat(`term`, ' ') FROM (
		SELECT `doc`, `term` FROM `item_search_instances` WHERE `col` = 'content' ORDER BY `doc`, `offset`
	) GROUP BY `doc`;
--> statement-breakpoint
DROP TABLE `item_search_instances`;
--> statement-breakpoint
DROP TRIGGER `items_search_delete`;
--> statement-breakpoint
DROP TRIGGER `items_search_update`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_index` USING fts5(
	title, summary, content, author, feed,
	feed_id UNINDEXED, seq UNINDEXED, pub_date UNINDEXED,
	content='', contentless_delete=1, contentless_unindexed=1,
	tokenize='unicode61 remove_diacritics 2', prefix='3'
);
--> statement-breakpoint
-- Every item has an index row (0010 indexed those stored before it, the refresh every one since).
INSERT INTO `search_index` (rowid, title, summary, content, author, feed, feed_id, seq, pub_date)
	SELECT i.id, i.title, coalesce(i.description, ''), coalesce(w.content, ''), coalesce(i.author, ''),
		'f' || i.feed_id, i.feed_id, i.seq, i.pub_date
	FROM `items` i LEFT JOIN `item_search_words` w ON w.id = i.id;
--> statement-breakpoint
DROP TABLE `item_search_words`;
--> statement-breakpoint
INSERT INTO `item_search` (`item_search`) VALUES ('delete-all');
--> statement-breakpoint
DROP TABLE `item_search`;
--> statement-breakpoint
CREATE TRIGGER `items_search_delete` AFTER DELETE ON `items` BEGIN
	DELETE FROM `search_index` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- A changed entry is indexed again by the refresh that changed it (db/search.ts indexes rows without one).
CREATE TRIGGER `items_search_update` AFTER UPDATE OF title, description, content, author ON `items` BEGIN
	DELETE FROM `search_index` WHERE rowid = old.id;
END;
