-- People shards (worker/db/people.ts): a person's reading state (categories, subscriptions, read marks,
-- stars) lives in their people database, which may not be the primary one holding `users`, so those
-- tables lose their foreign keys to users (account deletion deletes their rows itself); each users row
-- says which people database holds its person's state: 0, the primary, for everyone already here.
-- Subscriptions are kept aside while categories are rebuilt: dropping the old categories table would
-- otherwise set every subscription's category to null (its ON DELETE SET NULL). Subscriptions and read
-- marks stay WITHOUT ROWID (migration 0009).
CREATE TABLE `__keep_subscriptions` AS SELECT * FROM `subscriptions`;--> statement-breakpoint
DROP TABLE `subscriptions`;--> statement-breakpoint
CREATE TABLE `__new_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_categories`("id", "user_id", "name", "created_at") SELECT "id", "user_id", "name", "created_at" FROM `categories`;--> statement-breakpoint
DROP TABLE `categories`;--> statement-breakpoint
ALTER TABLE `__new_categories` RENAME TO `categories`;--> statement-breakpoint
CREATE UNIQUE INDEX `categories_user_name_unique` ON `categories` (`user_id`,`name`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`user_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`name` text NOT NULL,
	`category_id` integer,
	`include_in_ai` integer DEFAULT true NOT NULL,
	`read_seq` integer DEFAULT 0 NOT NULL,
	`read_adjust` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `feed_id`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `subscriptions`("user_id", "feed_id", "name", "category_id", "include_in_ai", "read_seq", "read_adjust", "created_at") SELECT "user_id", "feed_id", "name", "category_id", "include_in_ai", "read_seq", "read_adjust", "created_at" FROM `__keep_subscriptions`;--> statement-breakpoint
DROP TABLE `__keep_subscriptions`;--> statement-breakpoint
CREATE INDEX `subscriptions_feed_idx` ON `subscriptions` (`feed_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_category_idx` ON `subscriptions` (`category_id`);--> statement-breakpoint
CREATE TABLE `__new_read_marks` (
	`user_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`is_read` integer NOT NULL,
	`marked_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `feed_id`, `seq`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_read_marks`("user_id", "feed_id", "seq", "is_read", "marked_at") SELECT "user_id", "feed_id", "seq", "is_read", "marked_at" FROM `read_marks`;--> statement-breakpoint
DROP TABLE `read_marks`;--> statement-breakpoint
ALTER TABLE `__new_read_marks` RENAME TO `read_marks`;--> statement-breakpoint
CREATE INDEX `read_marks_kept_unread_idx` ON `read_marks` (`user_id`) WHERE "read_marks"."is_read" = 0;--> statement-breakpoint
CREATE TABLE `__new_stars` (
	`user_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `item_id`)
);
--> statement-breakpoint
INSERT INTO `__new_stars`("user_id", "item_id", "feed_id", "created_at") SELECT "user_id", "item_id", "feed_id", "created_at" FROM `stars`;--> statement-breakpoint
DROP TABLE `stars`;--> statement-breakpoint
ALTER TABLE `__new_stars` RENAME TO `stars`;--> statement-breakpoint
CREATE INDEX `stars_item_idx` ON `stars` (`item_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `people_shard` integer DEFAULT 0 NOT NULL;
