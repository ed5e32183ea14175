-- Issue 30: an item read on its own is a position on its subscription row (`read_above`, ",12,15,"), not
-- a row of read_marks: a read mark writes one row (the subscription's) where it wrote two (the mark and the
-- subscription's counter), and retention deletes nothing for it (a position the feed no longer holds is not
-- counted and goes the next time the row is written). read_marks keeps the kept-unread marks, few, and
-- `read_adjust` counts only them now: the read marks moved are added back to it.
ALTER TABLE `subscriptions` ADD `read_above` text;
--> statement-breakpoint
UPDATE `subscriptions` SET
  `read_adjust` = `read_adjust` + (SELECT count(*) FROM `read_marks` m WHERE m.`user_id` = `subscriptions`.`user_id`
    AND m.`feed_id` = `subscriptions`.`feed_id` AND m.`is_read` = 1 AND m.`seq` > `subscriptions`.`read_seq`),
  `read_above` = (SELECT ',' || group_concat(m.`seq`, ',') || ',' FROM `read_marks` m WHERE m.`user_id` = `subscriptions`.`user_id`
    AND m.`feed_id` = `subscriptions`.`feed_id` AND m.`is_read` = 1 AND m.`seq` > `subscriptions`.`read_seq`)
WHERE EXISTS (SELECT 1 FROM `read_marks` m WHERE m.`user_id` = `subscriptions`.`user_id`
  AND m.`feed_id` = `subscriptions`.`feed_id` AND m.`is_read` = 1);
--> statement-breakpoint
DELETE FROM `read_marks` WHERE `is_read` = 1;
