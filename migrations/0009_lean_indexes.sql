-- Fewer rows written per operation (D1 bills each index entry as a row): the cron picks through
-- feeds_pick_idx, so feeds_next_fetch_idx only cost a write per schedule change; read marks become a
-- WITHOUT ROWID table, their primary key the only copy, and retention finds them through subscriptions;
-- subscriptions too, keyed by (person, feed): a person's subscriptions are one range, read once.
DROP INDEX `feeds_next_fetch_idx`;--> statement-breakpoint
CREATE TABLE `__new_read_marks` (
	`user_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`is_read` integer NOT NULL,
	`marked_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `feed_id`, `seq`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `__new_read_marks` (`user_id`, `feed_id`, `seq`, `is_read`, `marked_at`)
	SELECT `user_id`, `feed_id`, `seq`, `is_read`, `marked_at` FROM `read_marks`;--> statement-breakpoint
DROP TABLE `read_marks`;--> statement-breakpoint
ALTER TABLE `__new_read_marks` RENAME TO `read_marks`;--> statement-breakpoint
CREATE TABLE `__new_subscriptions` (
	`user_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`name` text NOT NULL,
	`category_id` integer,
	`include_in_ai` integer DEFAULT true NOT NULL,
	`read_seq` integer DEFAULT 0 NOT NULL,
	`read_adjust` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `feed_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`feed_id`) REFERENCES `feeds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_subscriptions`("user_id", "feed_id", "name", "category_id", "include_in_ai", "read_seq", "read_adjust", "created_at") SELECT "user_id", "feed_id", "name", "category_id", "include_in_ai", "read_seq", "read_adjust", "created_at" FROM `subscriptions`;--> statement-breakpoint
DROP TABLE `subscriptions`;--> statement-breakpoint
ALTER TABLE `__new_subscriptions` RENAME TO `subscriptions`;--> statement-breakpoint
CREATE INDEX `subscriptions_feed_idx` ON `subscriptions` (`feed_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_category_idx` ON `subscriptions` (`category_id`);