ALTER TABLE `users` ADD `page_span_ms` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `unread_page_span_ms` integer;