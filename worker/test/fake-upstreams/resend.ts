// Resend's email API: POST /emails with a bearer key. The key "re_fail" makes it answer 500.
import type { FakeRoute } from './server';

export const routeResend: FakeRoute = (req, body, res) => {
  if (req.method !== 'POST' || req.url !== '/resend/emails') return false;
  res.setHeader('content-type', 'application/json');
  if (req.headers.authorization === 'Bearer re_fail') {
    res.statusCode = 500;
    res.end(JSON.stringify({ name: 'internal_server_error', message: 'Resend is down' }));
    return true;
  }
  const payload = JSON.parse(body) as { to?: string[] };
  if (!payload.to?.length) {
    res.statusCode = 422;
    res.end(JSON.stringify({ name: 'validation_error', message: 'Missing `to` field.' }));
    return true;
  }
  res.end(JSON.stringify({ id: crypto.randomUUID() }));
  return true;
};
