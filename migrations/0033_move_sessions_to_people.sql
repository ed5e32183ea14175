-- Sessions move into each person's people database (worker/db/sessions.ts), which may not be the primary
-- holding `users`: the table loses its foreign key to users (ending sessions and deleting an account
-- delete the rows themselves), and every database, each migrated alike, has it. Rows already here stay,
-- read here for the tokens that name them until they expire (30 days at most); a live one is copied into
-- its person's people database when next seen (auth/session.ts checkSession). Nothing references sessions,
-- so the table is rebuilt without deferring foreign keys.
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_sessions`("id", "user_id", "expires_at", "created_at", "last_seen_at") SELECT "id", "user_id", "expires_at", "created_at", "last_seen_at" FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);