-- Before the index: an older pending import of someone who has two is marked failed.
UPDATE `opml_imports` SET `status` = 'failed' WHERE `status` = 'pending' AND `id` NOT IN (SELECT max(`id`) FROM `opml_imports` WHERE `status` = 'pending' GROUP BY `user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `opml_imports_one_pending` ON `opml_imports` (`user_id`) WHERE status = 'pending';
