// CSRF defence (DESIGN.md): every state-changing request must carry an Origin equal to the app's own.
// The session cookie is SameSite=Lax already; this closes the rest (old browsers, same-site subdomains).
// Signed webhooks are exempt: their signature is the proof. So are the reader apps' APIs: they never
// read the session cookie (a header carries their token), so a cross-site page cannot act through them.
// The only origin accepted is APP_URL's: the
// request's own Host is whatever the client put there, so it proves nothing.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EXEMPT_PATHS = new Set(['/api/payments/webhook']);
const EXEMPT_PREFIXES = ['/api/greader/', '/api/fever'];

const isExempt = (path: string) => EXEMPT_PATHS.has(path) || EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));

export const checkOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !isExempt(c.req.path)) {
    const origin = c.req.header('origin');
    if (!origin || origin !== c.var.config.appOrigin) throw new ApiError('FORBIDDEN', 'Cross-origin request refused');
  }
  await next();
});
