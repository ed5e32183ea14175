-- A deleted account's tombstone keeps the person's Stripe customer id until Stripe confirms the customer
-- deleted (worker/auth/account-deletion.ts, step 5). A new nullable column: existing tombstones name none,
-- nothing to move.
ALTER TABLE `deleted_accounts` ADD `stripe_customer_id` text;
