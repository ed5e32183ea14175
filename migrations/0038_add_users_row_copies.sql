-- Issue 30: a copy of each person's users row in their people database (worker/db/users-row-copy.ts), read
-- with their session row, so the session check reads nothing in the primary. Every database has the table
-- (each is migrated alike); only people databases other than the primary hold rows. `users.version` counts
-- a row's changes, one more on every update whatever statement makes it (the trigger below), so a copy
-- written from an older read of the row never replaces one written from a newer. Only for people outside
-- people shard 0, who have a copy: D1 bills the trigger's write as a row written, and shard 0's rows
-- (their reading list is on the row) are written more often and copied never.
CREATE TABLE `users_row_copies` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text,
	`email_verified_at` integer,
	`plan` text DEFAULT 'free' NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`credits_reset_at` integer,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`group_stories` integer DEFAULT true NOT NULL,
	`page_span_ms` integer,
	`unread_page_span_ms` integer,
	`category_page_spans` text,
	`people_shard` integer DEFAULT 0 NOT NULL,
	`reading_list` text,
	`deleting_at` integer,
	`created_at` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`copied_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `users_version_counts_changes` AFTER UPDATE ON `users` FOR EACH ROW
WHEN new.`version` = old.`version` AND new.`people_shard` <> 0
BEGIN
	UPDATE `users` SET `version` = old.`version` + 1 WHERE `id` = new.`id`;
END;
