// A Fever API call as its clients make it: POST, a form body with the api_key, no Origin.
import { expect } from 'vitest';
import { call } from './helpers';

/** `/api/fever/?api&<query>` with `apiKey` and `form`, expected 200; its JSON as `T`. */
export async function fever<T>(apiKey: string, query: string, form: Record<string, string> = {}) {
  const response = await call(`/api/fever/?api&${query}`, {
    method: 'POST',
    headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: apiKey, ...form }).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
