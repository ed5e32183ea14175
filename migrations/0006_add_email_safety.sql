ALTER TABLE `preferences` ADD `email_delivery_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `opml_imports` ADD `total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `emails` ADD `about` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `idempotency_key` text;--> statement-breakpoint
CREATE INDEX `emails_user_kind_created_idx` ON `emails` (`user_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `emails_idempotency_key_unique` ON `emails` (`idempotency_key`);--> statement-breakpoint
UPDATE `opml_imports` SET `total` = json_array_length(`entries`);
