-- Issue 30: who keeps an item starred, beside the item in its feed's shard, written with its star_count in
-- one batch, so that a star or unstar sent again after stopping between its two databases moves the count
-- once (worker/db/stars.ts). WITHOUT ROWID: the key is the table, a keeper one row written.
CREATE TABLE `star_keepers` (
	`item_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`item_id`, `user_id`)
) WITHOUT ROWID;
