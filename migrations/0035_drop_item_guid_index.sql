-- Issue 30: no index of (feed, guid). A refresh finds the entries a feed lists among that feed's items
-- (item-store.ts knownItems, through the feed's own indexes), so the index only cost a row written for
-- every new item and ~90 bytes kept for each. The unique (feed_id, seq) index still refuses a second
-- refresh racing to number the same new item.
DROP INDEX `items_feed_guid_unique`;
