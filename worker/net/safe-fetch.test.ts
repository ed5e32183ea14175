import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { failure, PRIVATE, SCHEME } from '../test/safe-fetch';
import { safeFetch, USER_AGENT } from './safe-fetch';

const allowHosts = env.FETCH_ALLOW_HOSTS;
const upstream = env.FAKE_UPSTREAM_URL;

describe('fetching', () => {
  it('answers status, headers, bytes, content type and charset, with our User-Agent', async () => {
    const result = await safeFetch(`${upstream}/feeds/site/feed.xml`, { allowHosts });
    expect(result.status).toBe(200);
    expect(result.url).toBe(`${upstream}/feeds/site/feed.xml`);
    expect(result.contentType).toBe('application/rss+xml');
    expect(result.charset).toBe('utf-8');
    expect(new TextDecoder().decode(result.body)).toContain('<title>Posts (RSS)</title>');
    const echo = await safeFetch(`${upstream}/feeds/echo`, { allowHosts, accept: 'application/rss+xml' });
    const seen = JSON.parse(new TextDecoder().decode(echo.body)) as { headers: Record<string, string> };
    expect(seen.headers['user-agent']).toBe(USER_AGENT);
    expect(seen.headers.accept).toBe('application/rss+xml');
  });

  it('answers a 0-byte 200 with an empty body', async () => {
    const result = await safeFetch(`${upstream}/feeds/empty`, { allowHosts });
    expect(result.status).toBe(200);
    expect(result.body.byteLength).toBe(0);
  });

  it('returns error statuses for the caller to judge', async () => {
    const result = await safeFetch(`${upstream}/feeds/no-such-page`, { allowHosts });
    expect(result.status).toBe(404);
  });

  it('reports a server that cannot be reached', async () => {
    const error = await failure(safeFetch('http://127.0.0.1:1/', { allowHosts: '127.0.0.1:1' }));
    expect(error.reason).toBe('network');
    expect(error.refused).toBe(false);
    expect(error.message).toBe('Could not connect to 127.0.0.1:1');
  });
});

describe('redirects', () => {
  it('follows up to 5 hops, resolving relative locations', async () => {
    const result = await safeFetch(`${upstream}/feeds/chain/5`, { allowHosts });
    expect(result.status).toBe(200);
    expect(result.url).toBe(`${upstream}/feeds/chain/0`);
    expect(new TextDecoder().decode(result.body)).toBe('end of chain');
  });

  it('refuses a sixth hop', async () => {
    const error = await failure(safeFetch(`${upstream}/feeds/chain/6`, { allowHosts }));
    expect(error.reason).toBe('too-many-redirects');
    expect(error.message).toBe('Too many redirects (more than 5)');
  });

  it.each([
    'http://127.0.0.1:1/',
    'http://localhost/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:80/',
    'http://2130706433/',
    'http://10.0.0.1/admin',
    'http://192.168.1.1/',
  ])('checks every hop: a redirect to %s is refused', async (target) => {
    const url = `${upstream}/feeds/redirect?to=${encodeURIComponent(target)}`;
    const error = await failure(safeFetch(url, { allowHosts }));
    expect(error.message).toBe(PRIVATE);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'data:text/plain,hi'])(
    'refuses a redirect to %s',
    async (target) => {
      const error = await failure(
        safeFetch(`${upstream}/feeds/redirect?to=${encodeURIComponent(target)}`, { allowHosts }),
      );
      expect(error.message).toBe(SCHEME);
    },
  );

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const to = encodeURIComponent('/feeds/echo');
    const init = { allowHosts, method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } };
    const after303 = await safeFetch(`${upstream}/feeds/redirect?status=303&to=${to}`, init);
    expect(JSON.parse(new TextDecoder().decode(after303.body))).toMatchObject({ method: 'GET', body: '' });
    const after307 = await safeFetch(`${upstream}/feeds/redirect?status=307&to=${to}`, init);
    expect(JSON.parse(new TextDecoder().decode(after307.body))).toMatchObject({ method: 'POST', body: 'payload' });
  });
});

describe('time and size caps', () => {
  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    const error = await failure(safeFetch(`${upstream}/feeds/slow`, { allowHosts, timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The server took longer than 300 milliseconds to answer');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up on a body that stops half-way', async () => {
    const error = await failure(safeFetch(`${upstream}/feeds/slow-body`, { allowHosts, timeoutMs: 1000 }));
    expect(error.message).toBe('The server took longer than 1 second to answer');
  });

  it('stops reading past maxBytes, with or without a Content-Length', async () => {
    for (const query of ['bytes=300000', 'bytes=300000&length=1']) {
      const error = await failure(safeFetch(`${upstream}/feeds/big?${query}`, { allowHosts, maxBytes: 100 * 1024 }));
      expect(error.reason).toBe('too-large');
      expect(error.message).toBe('The response is larger than 100 KB');
    }
    const fits = await safeFetch(`${upstream}/feeds/big?bytes=100000`, { allowHosts, maxBytes: 100_000 });
    expect(fits.body.byteLength).toBe(100_000);
  });

  it('counts decoded bytes, so a gzip bomb stops at the 4 MB cap', async () => {
    const error = await failure(safeFetch(`${upstream}/feeds/gzip-bomb`, { allowHosts }));
    expect(error.reason).toBe('too-large');
    expect(error.message).toBe('The response is larger than 4 MB');
  });
});
