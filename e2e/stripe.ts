// Upgrades an account to Pro in the browser tests the way production does: a checkout.session.completed
// event signed with Stripe's own test-header helper, delivered to the webhook.

import { inject } from 'vitest';
import { signedCheckoutEvent } from '../scripts/stripe-test-event.mjs';
import { SESSION_COOKIE } from './people';

export async function upgradeToPro(userId: number) {
  const { payload, signature } = signedCheckoutEvent(userId, inject('stripeWebhookSecret'), 'e2e');
  const response = await fetch(`${inject('baseURL')}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!response.ok) throw new Error(`webhook refused: ${response.status} ${await response.text()}`);
}

/** Makes the person signed in with `cookie` (the session cookie's value) Pro, through the same webhook. */
export async function upgradeSignedInToPro(cookie: string) {
  const me = await fetch(`${inject('baseURL')}/api/users/me`, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
  const { id } = (await me.json()) as { id: number };
  await upgradeToPro(id);
}
