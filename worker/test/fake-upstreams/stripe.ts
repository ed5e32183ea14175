// Stripe's API for the calls we make: Checkout Sessions and billing portal sessions (form-encoded
// POSTs under /v1, as the SDK sends them), cancelling a subscription, and deleting a customer (DELETE)
// and retrieving one (GET, for tests to see it deleted); the SDK is pointed here with STRIPE_API_BASE.
// Every `cus_` id is a customer (Checkout made it) until it is deleted: retrieving it then answers the
// deleted object, deleting it again Stripe's 404 `resource_missing`. A test takes Stripe down for one
// customer or subscription, so that tests running at once elsewhere are not touched:
//   PUT /stripe-outage/<id>?as=<kind>  calls about that customer or subscription answer as `kind` says:
//       stripe-500  Stripe's 500 `api_error` (the default)
//       bare-500    a 500 with a JSON body that is not Stripe's error (a proxy, another fake)
//       bare-404    a 404 with a plain-text body (a server that has no such route)
//       silent      no answer until the outage ends (the caller's timeout gives up first)
//   DELETE /stripe-outage/<id>  Stripe answers again (a silent call held till then gets a 503)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeRoute } from './server';

const OUTAGE_KINDS = ['stripe-500', 'bare-500', 'bare-404', 'silent'] as const;
type OutageKind = (typeof OUTAGE_KINDS)[number];

/** One fake server's Stripe: each test runner has its own (vitest.config.ts). */
type Stripe = {
  deletedCustomers: Set<string>;
  idsDown: Map<string, OutageKind>;
  heldAnswers: Map<string, ServerResponse[]>;
};

/** Stripe's error body (https://docs.stripe.com/api/errors). */
function answerError(res: ServerResponse, status: number, error: { type: string; code?: string; message: string }) {
  res.statusCode = status;
  res.end(JSON.stringify({ error }));
}

function setOutage({ idsDown, heldAnswers }: Stripe, id: string, kind: OutageKind | null) {
  if (kind) idsDown.set(id, kind);
  else idsDown.delete(id);
  for (const held of heldAnswers.get(id)?.splice(0) ?? []) {
    held.statusCode = 503;
    held.end();
  }
}

/** The answer of an outage of `kind`. */
function answerOutage({ heldAnswers }: Stripe, res: ServerResponse, id: string, kind: OutageKind) {
  if (kind === 'silent') {
    heldAnswers.set(id, [...(heldAnswers.get(id) ?? []), res]);
    return;
  }
  if (kind === 'stripe-500') {
    // Stripe marks a 500 not to be retried (Stripe-Should-Retry): the SDK gives up at once, as it would there.
    res.setHeader('stripe-should-retry', 'false');
    answerError(res, 500, { type: 'api_error', message: 'An unknown error occurred' });
    return;
  }
  res.statusCode = kind === 'bare-404' ? 404 : 500;
  if (kind === 'bare-404') res.setHeader('content-type', 'text/plain');
  res.end(kind === 'bare-404' ? 'Not Found' : JSON.stringify({ message: 'Internal Server Error' }));
}

export function stripeRoute(): FakeRoute {
  const stripe: Stripe = { deletedCustomers: new Set(), idsDown: new Map(), heldAnswers: new Map() };
  return (req, body, res) => routeStripe(stripe, req, body, res);
}

function routeStripe(stripe: Stripe, req: IncomingMessage, body: string, res: ServerResponse): boolean {
  const { deletedCustomers, idsDown } = stripe;
  const outage = req.url?.match(/^\/stripe-outage\/([\w-]+)(?:\?as=([\w-]+))?$/);
  if (outage?.[1]) {
    const kind = (outage[2] ?? 'stripe-500') as OutageKind;
    if (!OUTAGE_KINDS.includes(kind)) {
      res.statusCode = 400;
      res.end(`unknown outage kind ${kind}`);
      return true;
    }
    setOutage(stripe, outage[1], req.method === 'PUT' ? kind : null);
    res.end('ok');
    return true;
  }
  if (!req.url?.startsWith('/v1/')) return false;
  res.setHeader('content-type', 'application/json');
  if (req.headers.authorization !== 'Bearer sk_test_feedloom') {
    answerError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    return true;
  }
  const form = new URLSearchParams(body);
  const subscription = req.method === 'DELETE' ? req.url.match(/^\/v1\/subscriptions\/([\w-]+)$/) : null;
  const customer = req.url.match(/^\/v1\/customers\/([\w-]+)$/)?.[1];
  if (customer && (req.method === 'DELETE' || req.method === 'GET')) {
    const deleted = deletedCustomers.has(customer);
    const outageKind = idsDown.get(customer);
    if (outageKind) {
      answerOutage(stripe, res, customer, outageKind);
    } else if (!customer.startsWith('cus_') || (deleted && req.method === 'DELETE')) {
      answerError(res, 404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such customer: '${customer}'`,
      });
    } else if (req.method === 'GET' && !deleted) {
      res.end(JSON.stringify({ id: customer, object: 'customer', email: `${customer}@example.com` }));
    } else {
      deletedCustomers.add(customer);
      res.end(JSON.stringify({ id: customer, object: 'customer', deleted: true }));
    }
  } else if (subscription?.[1]) {
    const outageKind = idsDown.get(subscription[1]);
    // Cancelling: "sub_gone" plays one Stripe no longer knows.
    if (outageKind) {
      answerOutage(stripe, res, subscription[1], outageKind);
    } else if (subscription[1] === 'sub_gone') {
      answerError(res, 404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such subscription',
      });
    } else {
      res.end(JSON.stringify({ id: subscription[1], object: 'subscription', status: 'canceled' }));
    }
  } else if (req.method !== 'POST') {
    return false;
  } else if (req.url === '/v1/checkout/sessions') {
    res.end(
      JSON.stringify({
        id: 'cs_test_123',
        object: 'checkout.session',
        client_reference_id: form.get('client_reference_id'),
        url: 'https://checkout.stripe.com/c/pay/cs_test_123',
      }),
    );
  } else if (req.url === '/v1/billing_portal/sessions') {
    res.end(
      JSON.stringify({
        id: 'bps_123',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.com/p/session/test_123',
      }),
    );
  } else {
    answerError(res, 404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
  }
  return true;
}
