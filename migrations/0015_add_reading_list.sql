-- A copy of each person's categories and subscriptions on their users row, read with the session (worker/db/reading-list.ts).
-- Null until first needed: the first page or sidebar after the upgrade builds it from the rows.
ALTER TABLE `users` ADD `reading_list` text;