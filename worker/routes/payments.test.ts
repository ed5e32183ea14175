// Payments: Stripe Checkout and the signed webhook (Pro, monthly credits, downgrades), against the fake Stripe API.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../schema';
import { copyUsersRow } from '../db/users-row-copy';
import { recordedRequests } from '../test/ai';
import { call, db, signUp } from '../test/helpers';

describe('payments', () => {
  const secret = 'whsec_test_feedloom';
  const stripe = new Stripe('sk_test_feedloom', { httpClient: Stripe.createFetchHttpClient() });
  const saved: Record<string, string | undefined> = {};

  beforeEach(() => {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const)
      saved[key] = env[key];
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_feedloom',
      STRIPE_PRICE_ID: 'price_pro',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: env.FAKE_UPSTREAM_URL,
    });
  });
  afterEach(() => {
    Object.assign(env, saved);
  });

  async function deliver(event: Record<string, unknown>, options: { timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify(event);
    const signature = await stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: options.secret ?? secret,
      timestamp: options.timestamp,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    return call('/api/payments/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': signature, origin: '', 'content-type': 'application/json' },
    });
  }

  const checkoutCompleted = (id: string, userId: number, session: Record<string, unknown> = {}) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_1',
        object: 'checkout.session',
        client_reference_id: String(userId),
        customer: `cus_${userId}`,
        subscription: `sub_${userId}`,
        payment_status: 'paid',
        metadata: { userId: String(userId), priceId: 'price_pro' },
        ...session,
      },
    },
  });

  it('starts Checkout with the user id as client_reference_id', async () => {
    const { cookie, userId } = await signUp();
    const response = await call('/api/payments/checkout', { cookie, method: 'POST' });
    expect(await response.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_123' });
    const [sent] = (await recordedRequests('/v1/checkout/sessions')).slice(-1);
    const form = new URLSearchParams(sent?.body);
    expect(form.get('client_reference_id')).toBe(String(userId));
    expect(form.get('line_items[0][price]')).toBe('price_pro');
    expect(form.get('success_url')).toBe('http://localhost:8787/payment-success?session_id={CHECKOUT_SESSION_ID}');
  });

  it('grants Pro only for a paid Checkout of our own price (L9)', async () => {
    const { cookie, userId } = await signUp();
    const plan = async () => ((await (await call('/api/users/me', { cookie })).json()) as { plan: string }).plan;
    const unpaid = checkoutCompleted(`evt_unpaid_${userId}`, userId, { payment_status: 'unpaid' });
    expect(await (await deliver(unpaid)).json()).toMatchObject({ applied: false });
    const otherPrice = checkoutCompleted(`evt_other_${userId}`, userId, { metadata: { priceId: 'price_other' } });
    expect(await (await deliver(otherPrice)).json()).toMatchObject({ applied: false });
    expect(await plan()).toBe('free');
    const settled = {
      ...checkoutCompleted(`evt_settled_${userId}`, userId),
      type: 'checkout.session.async_payment_succeeded',
    };
    expect(await (await deliver(settled)).json()).toMatchObject({ applied: true });
    expect(await plan()).toBe('pro');
  });

  it('says payments are not configured without keys', async () => {
    const { cookie } = await signUp();
    env.STRIPE_SECRET_KEY = undefined;
    const status = await (await call('/api/payments/status', { cookie })).json();
    expect(status).toMatchObject({ configured: false, plan: 'free', credits: 5 });
    expect((await call('/api/payments/checkout', { cookie, method: 'POST' })).status).toBe(503);
  });

  it('applies a completed checkout once: Pro and the month’s credits; a replay changes nothing', async () => {
    const { cookie, userId } = await signUp();
    const event = checkoutCompleted(`evt_checkout_${userId}`, userId);
    expect((await deliver(event)).status).toBe(200);
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ plan: 'pro', credits: 100 });
    const replay = await deliver(event);
    expect(await replay.json()).toMatchObject({ applied: false, reason: 'duplicate' });
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(ledger.map((row) => row.delta)).toEqual([5, 95]);
  });

  it('tops up on a renewal invoice and downgrades when the subscription ends, ignoring stale events', async () => {
    const { cookie, userId } = await signUp();
    await deliver(checkoutCompleted(`evt_c_${userId}`, userId));
    await db.update(users).set({ credits: 10 }).where(eq(users.id, userId));
    await copyUsersRow(db, userId);
    await deliver({
      id: `evt_inv_${userId}`,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: { id: 'in_1', object: 'invoice', customer: `cus_${userId}`, billing_reason: 'subscription_cycle' },
      },
    });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ plan: 'pro', credits: 100 });
    const oldSubscription = await deliver({
      id: `evt_old_${userId}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_old', object: 'subscription', customer: `cus_${userId}` } },
    });
    expect(await oldSubscription.json()).toMatchObject({ applied: false });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ plan: 'pro' });
    await deliver({
      id: `evt_del_${userId}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: `sub_${userId}`, object: 'subscription', customer: `cus_${userId}` } },
    });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ plan: 'free' });
  });

  it('answers 400 to forged and stale signatures, and ignores unknown accounts', async () => {
    const { userId } = await signUp();
    const forged = await deliver(checkoutCompleted('evt_forged', userId), { secret: 'whsec_wrong' });
    expect(forged.status).toBe(400);
    const stale = await deliver(checkoutCompleted('evt_stale', userId), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.status).toBe(400);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user?.plan).toBe('free');
    const unknown = await deliver(checkoutCompleted('evt_unknown', 99_999_999));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ applied: false });
    const missing = await call('/api/payments/webhook', { method: 'POST', body: '{}', headers: { origin: '' } });
    expect(missing.status).toBe(400);
  });
});
