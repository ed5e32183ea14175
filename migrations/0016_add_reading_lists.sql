-- A person's reading list in their people database when that is not the primary one (worker/db/reading-list.ts):
-- rebuilt by the batch that changes their subscriptions or categories, read as one row by pages and the sidebar.
CREATE TABLE `reading_lists` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`list` text NOT NULL
);
