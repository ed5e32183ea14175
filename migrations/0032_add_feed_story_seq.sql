ALTER TABLE `feeds` ADD `story_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A feed's newest item that joined a story at ingest (issue 24; worker/db/story-members.ts): the items of
-- a story that are not its first item (story_id is the first item's id), through items_feed_story_idx.
UPDATE `feeds` SET `story_seq` = coalesce((SELECT max(`seq`) FROM `items` WHERE `items`.`feed_id` = `feeds`.`id` AND `items`.`story_id` IS NOT NULL AND `items`.`story_id` <> `items`.`id`), 0);
