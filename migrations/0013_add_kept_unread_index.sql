CREATE INDEX `read_marks_kept_unread_idx` ON `read_marks` (`user_id`) WHERE `is_read` = 0;
