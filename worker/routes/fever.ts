// The Fever API (issue 15) at /api/fever/?api, for older reader apps: the protocol's entry. The key is
// checked in fever/auth.ts and the answer made in fever/answer.ts. Like /api/greader it never reads the
// session cookie (so it is exempt from the Origin check).
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { answerFor } from '../fever/answer';
import { answerSignedCall } from '../fever/auth';

// Clients append "?api" to whatever address the person typed: /api/fever, /api/fever/ or a path below it.
export const feverRoutes = new Hono<AppEnv>().on(['GET', 'POST'], ['/', '/*'], async (c) => {
  const params = new URL(c.req.url).searchParams;
  // The key is read from the POST body only, as Fever's documentation says and its clients send it: in
  // the URL it would sit in every log that records addresses (issue 28 L1).
  params.delete('api_key');
  if (c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? '';
    if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
      for (const [key, value] of Object.entries(await c.req.parseBody())) {
        if (typeof value === 'string') params.set(key, value);
      }
    }
  }
  return answerSignedCall(c, params, (user) => answerFor(c, params, user));
});
