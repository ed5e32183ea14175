-- An account being deleted (worker/auth/account-deletion.ts): marked first, so nobody signs in as it while its
-- rows go from the person's people database and then from here; the daily cleanup finishes a deletion left
-- half-done. Null for every account there is: nothing to move.
ALTER TABLE `users` ADD `deleting_at` integer;--> statement-breakpoint
CREATE INDEX `users_deleting_idx` ON `users` (`deleting_at`) WHERE "users"."deleting_at" is not null;