DROP INDEX `items_story_idx`;--> statement-breakpoint
CREATE INDEX `items_feed_story_idx` ON `items` (`feed_id`,`seq`,`story_id`) WHERE story_id is not null;--> statement-breakpoint
CREATE INDEX `items_story_idx` ON `items` (`story_id`,`feed_id`,`created_at`) WHERE story_id is not null;