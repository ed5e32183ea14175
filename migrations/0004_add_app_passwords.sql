CREATE TABLE `app_passwords` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`secret_hash` text NOT NULL,
	`fever_key_hash` text NOT NULL,
	`last_used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_passwords_user_idx` ON `app_passwords` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `app_passwords_secret_unique` ON `app_passwords` (`secret_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `app_passwords_fever_key_unique` ON `app_passwords` (`fever_key_hash`);