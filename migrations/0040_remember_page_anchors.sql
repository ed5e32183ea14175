-- Issue 23: a first page's remembered span counts from its newest row, whose date (the anchor) is kept
-- beside it, so the time between now and the newest item (a quiet night) no longer counts as span
-- (worker/db/items/windows.ts). Null for spans kept before: they count from now until next kept.
ALTER TABLE `users` ADD `page_anchor_ms` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `unread_page_anchor_ms` integer;--> statement-breakpoint
ALTER TABLE `users_row_copies` ADD `page_anchor_ms` integer;--> statement-breakpoint
ALTER TABLE `users_row_copies` ADD `unread_page_anchor_ms` integer;