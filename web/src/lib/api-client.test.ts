import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiErrorMessage, apiErrorStatus } from './api-client';

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

    await expect(api.post('/api/auth/register', { name: 'Ada', email: 'a@b.co' })).resolves.toEqual({
      email: 'a@b.co',
    });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/register');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Ada","email":"a@b.co"}' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns a non-2xx answer into "{status}: {body}" and reads the server message back', async () => {
    const body = '{"message":"Invalid username or password","code":"UNAUTHORIZED"}';
    vi.stubGlobal('fetch', respond(body, { status: 401 }));

    const error = await failure(api.post('/api/auth/login', { username: 'a@b.co', password: 'wrong-pass' }));

    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(`401: ${body}`);
    expect(apiErrorStatus(error)).toBe(401);
    expect(apiErrorMessage(error)).toBe('Invalid username or password');
  });

  it('uses the status text when the body is empty, and has no message to show', async () => {
    vi.stubGlobal('fetch', respond('', { status: 503, statusText: 'Service Unavailable' }));

    const error = await failure(api.get('/api/users/me'));

    expect(error.message).toBe('503: Service Unavailable');
    expect(apiErrorMessage(error)).toBeUndefined();
  });

  it('has no server message for a network failure or a non-JSON body', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(apiErrorMessage(new Error('502: <html>Bad gateway</html>'))).toBeUndefined();
    expect(apiErrorStatus(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
