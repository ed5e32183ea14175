-- Full-text search of items (issue 14). A contentless FTS5 index: the words of each item's title, summary,
-- content (plain text, written by worker/db/search.ts when items are stored) and author, plus a token
-- naming its feed (`f<feed id>`) so a search is scoped to a person's feeds inside the index. Only the
-- index and three small numbers per item are stored (feed_id, seq, pub_date: filtering and ordering a
-- search need no items row); the text itself lives once, in items. contentless_delete lets a row go by
-- rowid alone, which the triggers below use: whatever removes or rewrites an item (retention, a feed
-- nobody follows any more, a changed entry) removes its index row in the same statement.
CREATE VIRTUAL TABLE `item_search` USING fts5(
	title, summary, content, author, feed,
	feed_id UNINDEXED, seq UNINDEXED, pub_date UNINDEXED,
	content='', contentless_delete=1, contentless_unindexed=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `items_search_delete` AFTER DELETE ON `items` BEGIN
	DELETE FROM `item_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- A changed entry is indexed again by the refresh that changed it (search.ts indexes rows without one).
CREATE TRIGGER `items_search_update` AFTER UPDATE OF title, description, content, author ON `items` BEGIN
	DELETE FROM `item_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Items stored before search: title, summary (the first 500 characters of the entry as text) and author.
-- Their HTML content cannot be turned into text in SQL; new and changed items are indexed in full.
INSERT INTO `item_search` (rowid, title, summary, content, author, feed, feed_id, seq, pub_date)
	SELECT id, title, coalesce(description, ''), '', coalesce(author, ''), 'f' || feed_id, feed_id, seq, pub_date FROM `items`;
