-- Read state as a watermark per subscription plus exceptions (read_marks), instead of a row per item
-- read: marking a feed read moves one number. Items get their feed's arrival sequence; existing read
-- marks move over as exceptions above a watermark of 0, so nothing a person has read turns unread.
CREATE TABLE `read_marks` (
	`user_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`is_read` integer NOT NULL,
	`marked_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `feed_id`, `seq`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `feeds` ADD `last_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `feeds` ADD `trimmed_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `feeds` ADD `content_hash` text;--> statement-breakpoint
ALTER TABLE `items` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `read_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `read_adjust` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing items are numbered oldest first within their feed, as if they had arrived in date order.
UPDATE `items` SET `seq` = ranked.`n` FROM (
	SELECT `id`, row_number() OVER (PARTITION BY `feed_id` ORDER BY `pub_date`, `id`) AS `n` FROM `items`
) AS ranked WHERE ranked.`id` = `items`.`id`;--> statement-breakpoint
UPDATE `feeds` SET `last_seq` = (SELECT coalesce(max(`seq`), 0) FROM `items` WHERE `items`.`feed_id` = `feeds`.`id`);--> statement-breakpoint
INSERT INTO `read_marks` (`user_id`, `feed_id`, `seq`, `is_read`, `marked_at`)
	SELECT r.`user_id`, i.`feed_id`, i.`seq`, 1, r.`read_at` FROM `item_reads` r
	JOIN `items` i ON i.`id` = r.`item_id`
	JOIN `subscriptions` s ON s.`user_id` = r.`user_id` AND s.`feed_id` = i.`feed_id`;--> statement-breakpoint
UPDATE `subscriptions` SET `read_adjust` = -(SELECT count(*) FROM `read_marks` m
	WHERE m.`user_id` = `subscriptions`.`user_id` AND m.`feed_id` = `subscriptions`.`feed_id`);--> statement-breakpoint
DROP TABLE `item_reads`;--> statement-breakpoint
ALTER TABLE `feeds` DROP COLUMN `item_count`;--> statement-breakpoint
CREATE UNIQUE INDEX `items_feed_seq_unique` ON `items` (`feed_id`,`seq`);--> statement-breakpoint
CREATE INDEX `read_marks_feed_seq_idx` ON `read_marks` (`feed_id`,`seq`);
--> statement-breakpoint
-- The cron picks due feeds in 64 slices, each through its own index range (worker/db/refresh-leases.ts).
ALTER TABLE `feeds` ADD `pick_slot` integer GENERATED ALWAYS AS (id % 64) VIRTUAL;--> statement-breakpoint
CREATE INDEX `feeds_pick_idx` ON `feeds` (`pick_slot`,`next_fetch_at`);
