-- Rules, mute words and saved searches (issue 26). hidden_items and rule_notices are WITHOUT ROWID, as
-- read_marks (0009): the primary key is the table, so a row costs one row written and a probe that finds
-- nothing costs no row read.
CREATE TABLE `hidden_items` (
	`user_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`user_id`, `feed_id`, `seq`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `rule_notices` (
	`user_id` integer NOT NULL,
	`rule_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`rule_name` text NOT NULL,
	`item_title` text NOT NULL,
	`item_link` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `rule_id`, `item_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text DEFAULT 'rule' NOT NULL,
	`name` text NOT NULL,
	`scope_type` text NOT NULL,
	`scope_id` integer,
	`match` text NOT NULL,
	`actions` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`last_matched_at` integer,
	`match_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rules_user_idx` ON `rules` (`user_id`) WHERE "rules"."enabled" = 1;--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`scope_type` text NOT NULL,
	`scope_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`);