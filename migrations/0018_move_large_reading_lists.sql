-- A reading list copy stays on its users row only while it is at most 8192 bytes of JSON (worker/db/reading-list.ts
-- ON_USERS_ROW_MAX_BYTES; the number is this migration's, fixed when it was written): the session reads the whole
-- row on every request. Larger copies made by the previous version move to `reading_lists` beside the same rows,
-- and the users row says null ("look in reading_lists"), in one migration, so no reader finds two copies.
INSERT INTO `reading_lists` (`user_id`, `list`)
  SELECT `id`, `reading_list` FROM `users` WHERE length(CAST(`reading_list` AS BLOB)) > 8192
  ON CONFLICT (`user_id`) DO UPDATE SET `list` = excluded.`list`;--> statement-breakpoint
UPDATE `users` SET `reading_list` = NULL WHERE length(CAST(`reading_list` AS BLOB)) > 8192;
