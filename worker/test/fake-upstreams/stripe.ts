// Stripe's API for the calls we make: Checkout Sessions and billing portal sessions (form-encoded
// POSTs under /v1, as the SDK sends them) and cancelling a subscription (DELETE); the SDK is pointed
// here with STRIPE_API_BASE.
import type { FakeRoute } from './server';

export const routeStripe: FakeRoute = (req, body, res) => {
  if (!req.url?.startsWith('/v1/')) return false;
  res.setHeader('content-type', 'application/json');
  if (req.headers.authorization !== 'Bearer sk_test_feedloom') {
    res.statusCode = 401;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
    return true;
  }
  const form = new URLSearchParams(body);
  const subscription = req.method === 'DELETE' ? req.url.match(/^\/v1\/subscriptions\/([\w-]+)$/) : null;
  if (subscription) {
    // Cancelling: "sub_gone" plays one Stripe no longer knows.
    if (subscription[1] === 'sub_gone') {
      res.statusCode = 404;
      res.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
        }),
      );
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
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
  }
  return true;
};
