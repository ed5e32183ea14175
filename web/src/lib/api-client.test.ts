import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorMessage, apiErrorStatus, client } from './api-client';

const respond = (body: string, init: ResponseInit) => vi.fn(async () => new Response(body, init));

async function failure(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends cookies and a JSON body, and parses the JSON answer', async () => {
    const fetchMock = respond('{"email":"a@b.co"}', { status: 201, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', fetchMock);

    const response = await client.auth.register.$post({ json: { name: 'Ada', email: 'a@b.co' } });
    await expect(response.json()).resolves.toEqual({ email: 'a@b.co' });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/register');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Ada","email":"a@b.co"}' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init.headers).get('Accept')).toBe('application/json');
  });

  it('fills in path params and query strings, and leaves out an absent query value', async () => {
    const fetchMock = respond('{"message":"Category deleted"}', { status: 200 });
    vi.stubGlobal('fetch', fetchMock);

    await client.categories[':categoryId'].$delete({ param: { categoryId: '7' } });
    await client.auth.verify.$get({ query: { token: 'abc', switch: undefined } });
    await client.auth.verify.$get({ query: { token: 'abc', switch: '1' } });

    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'DELETE /api/categories/7',
      'GET /api/auth/verify?token=abc',
      'GET /api/auth/verify?token=abc&switch=1',
    ]);
  });

  it('sends a raw body with its own content type when the call gives one (an OPML file)', async () => {
    const fetchMock = respond('{"id":1,"status":"pending"}', { status: 202 });
    vi.stubGlobal('fetch', fetchMock);

    await client.opml.$post(undefined, { headers: { 'Content-Type': 'text/x-opml' }, init: { body: '<opml/>' } });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/opml');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '<opml/>' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('text/x-opml');
  });

  it('turns a non-2xx answer into "{status}: {body}" and reads the server message back', async () => {
    const body = '{"message":"Invalid username or password","code":"UNAUTHORIZED"}';
    vi.stubGlobal('fetch', respond(body, { status: 401 }));

    const error = await failure(client.auth.login.$post({ json: { username: 'a@b.co', password: 'wrong-pass' } }));

    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(`401: ${body}`);
    expect(apiErrorStatus(error)).toBe(401);
    expect(apiErrorMessage(error)).toBe('Invalid username or password');
  });

  it('uses the status text when the body is empty, and has no message to show', async () => {
    vi.stubGlobal('fetch', respond('', { status: 503, statusText: 'Service Unavailable' }));

    const error = await failure(client.users.me.$get());

    expect(error.message).toBe('503: Service Unavailable');
    expect(apiErrorMessage(error)).toBeUndefined();
  });

  it('has no server message for a network failure or a non-JSON body', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(apiErrorMessage(new Error('502: <html>Bad gateway</html>'))).toBeUndefined();
    expect(apiErrorStatus(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
