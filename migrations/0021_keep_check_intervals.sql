-- A feed keeps the wait between checks its last refresh chose, and a lease of its own (worker/db/
-- refresh-leases.ts), so that a pick sets the next check and an unchanged refresh writes one row.
-- Existing feeds: the last refresh wrote next_fetch_at = last_fetched_at + that wait, so the difference
-- is it (a feed leased at this moment gives a wrong one, which its refresh corrects), at most a day.
ALTER TABLE `feeds` ADD `check_interval_ms` integer;--> statement-breakpoint
ALTER TABLE `feeds` ADD `leased_until` integer;--> statement-breakpoint
UPDATE `feeds` SET `check_interval_ms` = min(`next_fetch_at` - `last_fetched_at`, 86400000)
WHERE `last_fetched_at` IS NOT NULL AND `next_fetch_at` > `last_fetched_at`;
