// The fake Stripe (fake-upstreams/stripe.ts) from a test's side: this server's Stripe keys pointed at it
// for the tests of a file, a customer as Stripe sees it, and an outage of Stripe for one customer or
// subscription.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach } from 'vitest';

/** The fake's secret key: any other is refused with Stripe's 401. */
export const STRIPE_TEST_KEY = 'sk_test_feedloom';

/** For every test of the calling file (or describe): a secret key set, and the SDK sent to the fake. */
export function pointStripeAtFake() {
  const saved = { key: env.STRIPE_SECRET_KEY, base: env.STRIPE_API_BASE };
  beforeEach(() => {
    env.STRIPE_SECRET_KEY = STRIPE_TEST_KEY;
    env.STRIPE_API_BASE = env.FAKE_UPSTREAM_URL;
  });
  afterEach(() => {
    env.STRIPE_SECRET_KEY = saved.key;
    env.STRIPE_API_BASE = saved.base;
  });
}

/** A customer id no other test (in this file or another running at once) uses. */
export const uniqueCustomerId = () => `cus_${crypto.randomUUID().replaceAll('-', '')}`;

/** The customer as Stripe answers for it: `deleted: true` once it is deleted. */
export async function stripeCustomer(customerId: string) {
  const response = await fetch(`${env.FAKE_UPSTREAM_URL}/v1/customers/${customerId}`, {
    headers: { authorization: `Bearer ${STRIPE_TEST_KEY}` },
  });
  if (!response.ok) throw new Error(`Stripe answered ${response.status} for ${customerId}`);
  return (await response.json()) as { id: string; object: 'customer'; deleted?: true };
}

/** Deletes the customer at Stripe directly, as someone in Stripe's dashboard would. */
export async function deleteAtStripe(customerId: string) {
  const response = await fetch(`${env.FAKE_UPSTREAM_URL}/v1/customers/${customerId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${STRIPE_TEST_KEY}` },
  });
  if (!response.ok) throw new Error(`Stripe answered ${response.status} for ${customerId}`);
}

/** How Stripe fails, in fake-upstreams/stripe.ts's words; false: it answers again. */
export type StripeOutage = 'stripe-500' | 'bare-500' | 'bare-404' | 'silent' | false;

/** Stripe fails as `outage` says for calls about this customer or subscription, until it is set to false. */
export async function setStripeDown(id: string, outage: StripeOutage) {
  const response = await fetch(`${env.FAKE_UPSTREAM_URL}/stripe-outage/${id}${outage ? `?as=${outage}` : ''}`, {
    method: outage ? 'PUT' : 'DELETE',
  });
  if (!response.ok) throw new Error(`The fake Stripe refused the outage: ${await response.text()}`);
}
