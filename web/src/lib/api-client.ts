// The one way the SPA talks to the API (spec §7): cookies on every request, JSON bodies, JSON answers.
// Any non-2xx answer becomes an Error whose message is "{status}: {body text}" (spec §8); the toast
// helpers below read the server's `{ message, code }` back out of it.
//
// `client` is Hono's typed client over the Worker's own routes (worker/app.ts exports their type, and
// only the type reaches the SPA): paths, params, bodies and answers are checked against the routes, so
// changing a route breaks the SPA's typecheck. The feed and item calls use it; `api` is the untyped
// fallback the other features still use until their routes are typed end to end.
import type { AppType } from '@worker/app';
import { hc } from 'hono/client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The fetch under every call, for the few that need the Response itself: a header (the item list's
 * next-page cursor), a non-JSON body (an OPML file) or a file download (the account export).
 */
export async function requestRaw(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const response = await fetch(url, { ...init, credentials: 'include', headers });
  if (!response.ok) {
    const text = await response.text();
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  return response;
}

async function request<T>(method: Method, url: string, body?: unknown, init?: RequestInit): Promise<T> {
  const response = await requestRaw(url, {
    ...init,
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init?.headers as Record<string, string> | undefined),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const client = hc<AppType>('/', {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => requestRaw(String(input), init),
}).api;

export const api = {
  get: <T>(url: string, init?: RequestInit) => request<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('POST', url, body, init),
  put: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('PUT', url, body, init),
  patch: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('PATCH', url, body, init),
  delete: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('DELETE', url, body, init),
};

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status of an error thrown by `api`, or undefined (network failure, other errors). */
export function apiErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = STATUS_PREFIX.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/** The server's `message` from an error thrown by `api`, for toasts; undefined when there is none. */
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
