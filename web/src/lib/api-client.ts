// The one way the SPA talks to the API (spec §7): cookies on every request, JSON answers. Any non-2xx
// answer becomes an Error whose message is "{status}: {body text}" (spec §8); the toast helpers below read
// the server's `{ message, code }` back out of it.
//
// `client` is Hono's typed client over the Worker's own routes (worker/app.ts exports their type, and
// only the type reaches the SPA): paths, params, bodies and answers are checked against the routes, so
// changing a route breaks the SPA's typecheck. Every feature's api/ module calls the API through it.
import type { AppType } from '@worker/app';
import { hc } from 'hono/client';

/** The fetch under every call: the cookie, a JSON Accept unless the call says otherwise, errors thrown. */
async function request(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const response = await fetch(url, { ...init, credentials: 'include', headers });
  if (!response.ok) {
    const text = await response.text();
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  return response;
}

export const client = hc<AppType>('/', {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => request(String(input), init),
}).api;

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status of an error thrown by `client`, or undefined (network failure, other errors). */
export function apiErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = STATUS_PREFIX.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/** The server's `message` from an error thrown by `client`, for toasts; undefined when there is none. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = STATUS_PREFIX.exec(error.message)?.[2];
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || undefined;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): the caller shows its own fallback text.
  }
  return undefined;
}
