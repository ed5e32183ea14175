// Plans and payments (issue 5): the payment page's state, Stripe Checkout, the customer portal, and
// the signed webhook (exempt from the Origin check in middleware/origin.ts; its signature is the proof).
import { Hono } from 'hono';
import { applyStripeEvent } from '../billing/stripe';
import type { AppEnv, AuthedEnv } from '../env';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';
import { PLANS } from '../lib/plans';
import { requireUser } from '../middleware/session';

const accountRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/status', (c) =>
    c.json({
      configured: c.var.services.payments.configured,
      publishableKey: c.var.services.payments.publishableKey,
      plan: c.var.user.plan,
      credits: c.var.user.credits,
      plans: PLANS,
      canManage: Boolean(c.var.user.stripeCustomerId),
    }),
  )
  .post('/checkout', async (c) => {
    const { payments } = c.var.services;
    if (!payments.configured) throw new ApiError('UNAVAILABLE', 'Payments are not configured on this server.');
    if (c.var.user.plan === 'pro') throw new ApiError('CONFLICT', 'You are already on the Pro plan.');
    const stripe = await payments.client();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: payments.priceId, quantity: 1 }],
      client_reference_id: String(c.var.user.id),
      ...(c.var.user.stripeCustomerId
        ? { customer: c.var.user.stripeCustomerId }
        : { customer_email: c.var.user.email }),
      // Stripe fills in {CHECKOUT_SESSION_ID}; it must reach Stripe unencoded.
      success_url: `${c.var.config.appOrigin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${c.var.config.appOrigin}/payment-cancel`,
      // The webhook grants Pro only for sessions that name our price (billing/stripe.ts).
      metadata: { userId: String(c.var.user.id), priceId: payments.priceId ?? '' },
    });
    if (!session.url) throw new ApiError('UPSTREAM_FAILED', 'Stripe did not return a checkout page.');
    return c.json({ url: session.url });
  })
  .post('/portal', async (c) => {
    if (!c.var.user.stripeCustomerId) throw new ApiError('CONFLICT', 'There is no subscription to manage yet.');
    const stripe = await c.var.services.payments.client();
    const portal = await stripe.billingPortal.sessions.create({
      customer: c.var.user.stripeCustomerId,
      return_url: new URL('/payment', c.var.config.appUrl).toString(),
    });
    return c.json({ url: portal.url });
  });

export const paymentRoutes = new Hono<AppEnv>()
  .post('/webhook', async (c) => {
    const payload = await c.req.text();
    const { payments } = c.var.services;
    const event = await payments.verifyWebhook(payload, c.req.header('stripe-signature'));
    const outcome = await applyStripeEvent(c.var.db, event, { priceId: payments.priceId });
    log.info('stripe.webhook', { eventId: event.id, type: event.type, ...outcome });
    return c.json({ received: true, ...outcome });
  })
  .route('/', accountRoutes);
