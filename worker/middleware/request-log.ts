// One log line per API request in production, in place of Workers Logs' invocation logs, which record
// each request's full URL (wrangler.toml turns them off). Some reader apps put their credentials in the
// URL (Google Reader ClientLogin's Email and Passwd: Capy Reader and FeedMe did, and FreshRSS and
// Miniflux accept it, so Feedloom does too), and emailed links carry their token there: this line keeps
// the path and the query's names, with the value of every credential replaced (issue 28 L1).
//
// Workers Logs bills every line past 20 M a month, and a line per request was about a tenth of the bill
// at workload B (issue 30: $2,879 of $15,114 a month). So every sign-in, every failure and every slow
// request is logged, and one plain success in SUCCESS_SAMPLE stands for the others (`sampled` says so).
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { log } from '../lib/log';
import { readAgain } from './read-ahead';

/** Query names whose values never reach a log, compared case-insensitively: credentials and addresses. */
const SECRET_NAMES = new Set(['passwd', 'password', 'email', 'api_key', 'token', 'auth', 't', 'key', 'code']);

/** The query string with every secret value replaced by "[redacted]". */
export function redactedQuery(search: URLSearchParams) {
  return [...search]
    .map(([name, value]) => `${name}=${SECRET_NAMES.has(name.toLowerCase()) ? '[redacted]' : value}`)
    .join('&');
}

/** One plain success logged in this many. */
export const SUCCESS_SAMPLE = 20;
/** Requests at or past this many milliseconds are always logged. */
const SLOW_MS = 1000;
/** Where people and reader apps sign in: always logged, as failures are. */
const SIGN_IN_PATHS = ['/api/auth/', '/api/greader/accounts/'];

/** A sign-in, a failure or a slow request: its line is always written; others one in SUCCESS_SAMPLE. */
export const isAlwaysLogged = (path: string, status: number, ms: number) =>
  status >= 400 || ms >= SLOW_MS || SIGN_IN_PATHS.some((prefix) => path.startsWith(prefix));

export const logRequest = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  // Local runs print wrangler's own request lines; production has only this one. A request answered
  // again (middleware/read-ahead.ts) is logged by its second answer.
  if (c.var.config.development || readAgain.has(c.req.raw)) return;
  const url = new URL(c.req.url);
  const ms = Date.now() - started;
  const status = c.res.status;
  const always = isAlwaysLogged(url.pathname, status, ms);
  if (!always && Math.random() >= 1 / SUCCESS_SAMPLE) return;
  log.info('request', {
    method: c.req.method,
    path: url.pathname,
    query: redactedQuery(url.searchParams),
    status,
    ms,
    requestId: c.var.requestId,
    ...(always ? {} : { sampled: SUCCESS_SAMPLE }),
  });
});
