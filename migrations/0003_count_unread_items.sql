-- Unread counts without counting items: feeds keep how many items they hold, and each read mark names
-- its item's feed, so a feed's unread count is item_count minus one index range of item_reads.
ALTER TABLE `feeds` ADD `item_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `feeds` SET `item_count` = (SELECT count(*) FROM `items` WHERE `items`.`feed_id` = `feeds`.`id`);--> statement-breakpoint
CREATE TABLE `__new_item_reads` (
	`user_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_item_reads` (`user_id`, `item_id`, `feed_id`, `read_at`)
	SELECT r.`user_id`, r.`item_id`, i.`feed_id`, r.`read_at` FROM `item_reads` r JOIN `items` i ON i.`id` = r.`item_id`;--> statement-breakpoint
DROP TABLE `item_reads`;--> statement-breakpoint
ALTER TABLE `__new_item_reads` RENAME TO `item_reads`;--> statement-breakpoint
CREATE INDEX `item_reads_item_idx` ON `item_reads` (`item_id`);--> statement-breakpoint
CREATE INDEX `item_reads_user_feed_idx` ON `item_reads` (`user_id`,`feed_id`);
