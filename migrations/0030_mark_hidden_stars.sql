-- A star says whether a rule of its person hid the item (issue 26), so the starred count and ids, which
-- read only the stars, leave hidden items out as every list does. Stars of items hidden before this
-- migration are marked here where the item and its hidden row are in the same database, which is every
-- database a deployment of one database has (items in other shards never reached production: shards.ts).
ALTER TABLE `stars` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `stars` SET `hidden` = 1 WHERE EXISTS (
	SELECT 1 FROM `items` `i` JOIN `hidden_items` `h` ON `h`.`feed_id` = `i`.`feed_id` AND `h`.`seq` = `i`.`seq`
	WHERE `i`.`id` = `stars`.`item_id` AND `h`.`user_id` = `stars`.`user_id`
);
