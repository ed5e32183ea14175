// Upgrades an account to Pro in the browser tests the way production does: a checkout.session.completed
// event signed with Stripe's own test-header helper, delivered to the webhook.

import Stripe from 'stripe';
import { inject } from 'vitest';

export async function upgradeToPro(userId: number) {
  const payload = JSON.stringify({
    id: `evt_e2e_${userId}_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_e2e_${userId}`,
        object: 'checkout.session',
        client_reference_id: String(userId),
        customer: `cus_e2e_${userId}`,
        subscription: `sub_e2e_${userId}`,
      },
    },
  });
  const stripe = new Stripe('sk_test_unused');
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: inject('stripeWebhookSecret') });
  const response = await fetch(`${inject('baseURL')}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!response.ok) throw new Error(`webhook refused: ${response.status} ${await response.text()}`);
}
