// Stripe for the Pro plan: Checkout to subscribe, the customer portal to manage or cancel, and the
// webhook that applies what happened. The SDK is loaded only by the routes that need it, with its
// fetch HTTP client and SubtleCrypto for signatures (the Workers way; no Node crypto).
import type Stripe from 'stripe';
import type { StripeConfig } from '../config';
import type { Db } from '../db/client';
import { topUpCredits } from '../db/credits';
import {
  endProPlan,
  findUserByStripeCustomer,
  isEventProcessed,
  recordProcessedEvent,
  setProPlan,
} from '../db/payments';
import { findUserById } from '../db/users';
import { ApiError } from '../lib/errors';
import { errorFields, log } from '../lib/log';
import { PLANS } from '../lib/plans';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's keys: config.ts defines them and reads them from the STRIPE_* secrets. */
export type { StripeConfig } from '../config';

// The calls of an account deletion (cancelling the subscription, deleting the customer) are waited on
// by the person deleting their account, so each waits 10 s at most (the SDK's default is 80 s) and is
// not retried: they can send the deletion again, and the daily cleanup retries deleting the customer.
const DELETION_TIMEOUT_MS = 10_000;

const NOT_CONFIGURED = 'Payments are not configured on this server.';

/** Stripe on the service context: whether Checkout can run, the SDK client, and webhook verification. */
export type Payments = {
  /** A secret key and our price: Checkout can run. */
  configured: boolean;
  /** A secret key: calls to Stripe (portal, cancelling) can run. */
  canCallStripe: boolean;
  publishableKey: string | null;
  priceId: string | undefined;
  /** How long a call of an account deletion waits for Stripe's answer. */
  deletionTimeoutMs: number;
  /** The SDK client; a 503 with the spec's text when no secret key is set. */
  client(): Promise<Stripe>;
  /** The event a signed webhook carries; a 400 when the signature is wrong or stale. */
  verifyWebhook(payload: string, signature: string | undefined): Promise<Stripe.Event>;
};

export function createPayments(config: StripeConfig): Payments {
  const { secretKey, webhookSecret } = config;
  return {
    configured: Boolean(secretKey && config.priceId),
    canCallStripe: Boolean(secretKey),
    publishableKey: config.publishableKey ?? null,
    priceId: config.priceId,
    deletionTimeoutMs: config.deletionTimeoutMs ?? DELETION_TIMEOUT_MS,
    async client() {
      if (!secretKey) throw new ApiError('UNAVAILABLE', NOT_CONFIGURED);
      // The SDK is loaded only by the routes that need it.
      const { default: StripeSdk } = await import('stripe');
      const base = config.apiBase ? new URL(config.apiBase) : null;
      return new StripeSdk(secretKey, {
        httpClient: StripeSdk.createFetchHttpClient(),
        maxNetworkRetries: 1,
        ...(base
          ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https' }
          : {}),
      });
    },
    async verifyWebhook(payload, signature) {
      if (!webhookSecret) throw new ApiError('UNAVAILABLE', NOT_CONFIGURED);
      if (!signature) throw new ApiError('BAD_REQUEST', 'Missing Stripe-Signature header');
      const { default: StripeSdk } = await import('stripe');
      const stripe = new StripeSdk(secretKey ?? 'sk_unused', { httpClient: StripeSdk.createFetchHttpClient() });
      try {
        return await stripe.webhooks.constructEventAsync(
          payload,
          signature,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          StripeSdk.createSubtleCryptoProvider(),
        );
      } catch {
        throw new ApiError('BAD_REQUEST', 'Invalid or expired Stripe signature');
      }
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

async function userByCustomer(db: Db, customerId: string | null) {
  return customerId ? findUserByStripeCustomer(db, customerId) : null;
}

/**
 * Applies one event, once: the event id is recorded after its effects, and every effect is itself
 * idempotent (credit movements carry the event id as their ledger key), so a redelivery that races a
 * crash changes nothing twice. Events for an unknown account change nothing and are logged.
 */
/**
 * A completed Checkout pays for Pro only when the money is in (`payment_status` paid; an async payment
 * is granted by its `async_payment_succeeded` event) and the session is one we created for our price:
 * another product sold on the same Stripe account must not make anyone Pro (issue 10 L9).
 */
function paysForPro(session: Stripe.Checkout.Session, priceId: string | undefined) {
  return session.payment_status === 'paid' && (!priceId || session.metadata?.priceId === priceId);
}

export async function applyStripeEvent(db: Db, event: Stripe.Event, ours: { priceId?: string } = {}) {
  if (await isEventProcessed(db, event.id)) return { applied: false, reason: 'duplicate' };

  let applied = true;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const userId = Number(session.client_reference_id);
      const user = Number.isSafeInteger(userId) ? await findUserById(db, userId) : null;
      if (!user || !paysForPro(session, ours.priceId)) {
        applied = false;
        break;
      }
      await setProPlan(db, user.id, {
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      });
      await topUpCredits(db, user.id, PLANS.pro.monthlyCredits, 'Pro plan monthly credits', `stripe:${event.id}`);
      break;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const user = await userByCustomer(db, idOf(invoice.customer));
      if (!user) {
        applied = false;
        break;
      }
      // The first invoice is paid with the checkout, whose event already granted this month.
      if (invoice.billing_reason !== 'subscription_create') {
        await setProPlan(db, user.id);
        await topUpCredits(db, user.id, PLANS.pro.monthlyCredits, 'Pro plan monthly credits', `stripe:${event.id}`);
      }
      break;
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const user = await userByCustomer(db, idOf(subscription.customer));
      // Stripe sends this at the end of the paid period. An old subscription's event (arriving late or
      // replayed) must not downgrade someone who has subscribed again since.
      if (!user || (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id)) {
        applied = false;
        break;
      }
      await endProPlan(db, user.id);
      break;
    }
    default:
      applied = false;
  }
  if (!applied) log.warn('stripe.event_ignored', { eventId: event.id, type: event.type });
  await recordProcessedEvent(db, event.id, `stripe:${event.type}`);
  return { applied, reason: applied ? 'applied' : 'ignored' };
}

/**
 * One call of an account deletion, bounded (DELETION_TIMEOUT_MS, no retry), and how Stripe answered:
 * `gone` when it did what was asked or answered 404, whatever the body (no such object: nothing left to
 * cancel or delete). The HTTP status comes from the SDK's response event: the SDK reads a 404 without
 * Stripe's error body as an unreadable answer (an error with no status), and any JSON without `error` as
 * success, whatever the status.
 */
async function askStripeToDelete(
  payments: Payments,
  call: (stripe: Stripe, options: Stripe.RequestOptions) => Promise<unknown>,
) {
  let status: number | undefined;
  try {
    const stripe = await payments.client();
    stripe.on('response', (response: { status: number }) => {
      status = response.status;
    });
    await call(stripe, { timeout: payments.deletionTimeoutMs, maxNetworkRetries: 0 });
    return { gone: status !== undefined && status < 300, status, failure: null };
  } catch (failure) {
    return { gone: status === 404, status, failure };
  }
}

const failureFields = ({ status, failure }: { status?: number; failure: unknown }) => ({
  status,
  ...(failure ? errorFields(failure) : {}),
});

/**
 * Ends a subscription now (the account is going away): Stripe bills it no more. A 404 means Stripe has no
 * such subscription (cancelled before, or never there): nothing left to bill. A failure or no answer in
 * time refuses the deletion (502), before anything is deleted, so the person can send it again.
 */
export async function cancelSubscription(payments: Payments, subscriptionId: string) {
  const answer = await askStripeToDelete(payments, (stripe, options) =>
    stripe.subscriptions.cancel(subscriptionId, {}, options),
  );
  if (answer.gone) return;
  log.warn('stripe.cancel_failed', { subscriptionId, ...failureFields(answer) });
  throw new ApiError('UPSTREAM_FAILED', 'We could not cancel your subscription with Stripe. Please try again.');
}

/**
 * Deletes a customer at Stripe (the last step of deleting an account): their email, name and saved
 * payment methods go, and Stripe cancels their subscriptions with it; their invoices stay with Stripe,
 * which keeps them for accounting. True once the customer is gone (a 404 too) and when this server has
 * no secret key (it cannot reach Stripe at all). False when Stripe failed, refused or did not answer in
 * time (logged): the caller keeps the id to try again later.
 */
export async function deleteStripeCustomer(payments: Payments, customerId: string) {
  if (!payments.canCallStripe) return true;
  const answer = await askStripeToDelete(payments, (stripe, options) => stripe.customers.del(customerId, {}, options));
  if (!answer.gone) log.warn('stripe.customer_delete_failed', { customerId, ...failureFields(answer) });
  return answer.gone;
}
