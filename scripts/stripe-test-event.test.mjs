import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signedCheckoutEvent } from './stripe-test-event.mjs';

describe('signedCheckoutEvent', () => {
  it('is a checkout for the account that Stripe’s own verifier accepts with the secret, and only with it', () => {
    const { payload, signature } = signedCheckoutEvent(7, 'whsec_test', 'local');
    const webhooks = new Stripe('sk_test_unused').webhooks;
    const event = webhooks.constructEvent(payload, signature, 'whsec_test');
    expect(event.type).toBe('checkout.session.completed');
    expect(event.data.object).toMatchObject({ client_reference_id: '7', customer: 'cus_local_7' });
    expect(() => webhooks.constructEvent(payload, signature, 'whsec_other')).toThrow();
  });
});
