-- Feeds and items can live in another database than the people who follow them (feed shards,
-- worker/db/shards.ts): subscriptions and stars lose their foreign keys to feeds and items (the code
-- deletes what those cascades did: unsubscribe, account deletion). Retention can no longer look at the
-- stars beside the items, so each item counts its stars itself (star_count), filled in from the stars.
-- Subscriptions stay WITHOUT ROWID (migration 0009).
CREATE TABLE `__new_stars` (
	`user_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_stars`("user_id", "item_id", "feed_id", "created_at") SELECT "user_id", "item_id", "feed_id", "created_at" FROM `stars`;--> statement-breakpoint
DROP TABLE `stars`;--> statement-breakpoint
ALTER TABLE `__new_stars` RENAME TO `stars`;--> statement-breakpoint
CREATE INDEX `stars_item_idx` ON `stars` (`item_id`);--> statement-breakpoint
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
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_subscriptions`("user_id", "feed_id", "name", "category_id", "include_in_ai", "read_seq", "read_adjust", "created_at") SELECT "user_id", "feed_id", "name", "category_id", "include_in_ai", "read_seq", "read_adjust", "created_at" FROM `subscriptions`;--> statement-breakpoint
DROP TABLE `subscriptions`;--> statement-breakpoint
ALTER TABLE `__new_subscriptions` RENAME TO `subscriptions`;--> statement-breakpoint
CREATE INDEX `subscriptions_feed_idx` ON `subscriptions` (`feed_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_category_idx` ON `subscriptions` (`category_id`);--> statement-breakpoint
ALTER TABLE `items` ADD `star_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `items` SET `star_count` = (SELECT count(*) FROM `stars` WHERE `stars`.`item_id` = `items`.`id`)
	WHERE `id` IN (SELECT `item_id` FROM `stars`);
