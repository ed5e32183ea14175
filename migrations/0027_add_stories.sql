ALTER TABLE `items` ADD `story_id` integer;--> statement-breakpoint
CREATE INDEX `items_story_idx` ON `items` (`story_id`) WHERE story_id is not null;--> statement-breakpoint
-- The story index (issue 24, docs/stories.md): one row per story, its first item's keys (LSH positions and
-- feed + title, worker/stories/grouping.ts storyKeys) as the indexed text of a contentless FTS5 table, and
-- beside them, not indexed, what a new item is compared with. rowid is the story's id, its first item's id:
-- ids are minted from the clock, so stories past the 72-hour window are a range of rowids to delete. Only
-- the primary database's is used; the other databases carry it empty, as they carry every table.
CREATE VIRTUAL TABLE `story_index` USING fts5(
	keys,
	feed_id UNINDEXED, arrived_at UNINDEXED, published_at UNINDEXED, title_key UNINDEXED, signature UNINDEXED,
	content='', contentless_delete=1, contentless_unindexed=1,
	tokenize='unicode61'
);
