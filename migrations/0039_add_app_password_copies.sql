-- Issue 30: reader apps' credential checks off the primary (worker/db/app-password-copies.ts). Every
-- database has both tables (each is migrated alike). `app_password_copies`: each app password's hashes in
-- its person's people database, read in one batch with their users row's copy; none for people in people
-- shard 0, whose `app_passwords` rows are their own copies. `fever_key_directory`: a Fever key's hash to
-- its person and people shard, in the people database the hash picks. Nothing is backfilled here: an app
-- password made before is copied when a reader app first signs in or calls with it (the primary answers
-- until then, as before).
CREATE TABLE `app_password_copies` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`secret_hash` text NOT NULL,
	`fever_key_hash` text NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `app_password_copies_user_idx` ON `app_password_copies` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `app_password_copies_fever_key_unique` ON `app_password_copies` (`fever_key_hash`);--> statement-breakpoint
CREATE TABLE `fever_key_directory` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`people_shard` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fever_key_directory_user_idx` ON `fever_key_directory` (`user_id`);