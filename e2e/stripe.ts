// Upgrades an account to Pro in the browser tests the way production does: a checkout.session.completed
// event signed with Stripe's own test-header helper, delivered to the webhook.

import { inject } from 'vitest';
import { signedCheckoutEvent } from '../scripts/stripe-test-event.mjs';

export async function upgradeToPro(userId: number) {
  const { payload, signature } = signedCheckoutEvent(userId, inject('stripeWebhookSecret'), 'e2e');
  const response = await fetch(`${inject('baseURL')}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!response.ok) throw new Error(`webhook refused: ${response.status} ${await response.text()}`);
}
