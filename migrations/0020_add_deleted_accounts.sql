-- Tombstones of deleted accounts (worker/auth/account-deletion.ts): the daily cleanup sweeps their people
-- database once more for a write in flight when the deletion began. A new, empty table: nothing to move.
CREATE TABLE `deleted_accounts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`people_shard` integer NOT NULL,
	`deleted_at` integer NOT NULL
);
