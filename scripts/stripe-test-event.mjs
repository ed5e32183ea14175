// A checkout.session.completed event for `userId`, signed with Stripe's own test-header helper and
// `secret` (the app's STRIPE_WEBHOOK_SECRET): what the webhook receives when someone subscribes. The
// browser tests (e2e/stripe.ts) and `npm run dev:pro` upgrade accounts with it, the way production does.
import Stripe from 'stripe';

/**
 * @param {number} userId
 * @param {string} secret
 * @param {string} label names the sender in the ids (`evt_<label>_…`), so its events are told apart
 * @returns {{ payload: string, signature: string }}
 */
export function signedCheckoutEvent(userId, secret, label) {
  const payload = JSON.stringify({
    id: `evt_${label}_${userId}_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${label}_${userId}`,
        object: 'checkout.session',
        client_reference_id: String(userId),
        customer: `cus_${label}_${userId}`,
        subscription: `sub_${label}_${userId}`,
        payment_status: 'paid',
      },
    },
  });
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
