// One log line per API request in production, in place of Workers Logs' invocation logs, which record
// each request's full URL (wrangler.toml turns them off). Some reader apps put their credentials in the
// URL (Google Reader ClientLogin's Email and Passwd: Capy Reader and FeedMe did, and FreshRSS and
// Miniflux accept it, so Feedloom does too), and emailed links carry their token there: this line keeps
// the path and the query's names, with the value of every credential replaced (issue 28 L1).
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { log } from '../lib/log';

/** Query names whose values never reach a log, compared case-insensitively: credentials and addresses. */
const SECRET_NAMES = new Set(['passwd', 'password', 'email', 'api_key', 'token', 'auth', 't', 'key', 'code']);

/** The query string with every secret value replaced by "[redacted]". */
export function redactedQuery(search: URLSearchParams) {
  return [...search]
    .map(([name, value]) => `${name}=${SECRET_NAMES.has(name.toLowerCase()) ? '[redacted]' : value}`)
    .join('&');
}

export const logRequest = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  // Local runs print wrangler's own request lines; production has only this one.
  if (c.var.config.development) return;
  const url = new URL(c.req.url);
  log.info('request', {
    method: c.req.method,
    path: url.pathname,
    query: redactedQuery(url.searchParams),
    status: c.res.status,
    ms: Date.now() - started,
    requestId: c.var.requestId,
  });
});
