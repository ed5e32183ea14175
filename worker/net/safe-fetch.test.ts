import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isPrivateHost, parseIPv4 } from './private-addresses';
import { assertFetchableUrl, isPublicUrl, SafeFetchError, safeFetch, USER_AGENT } from './safe-fetch';

const allowHosts = env.FETCH_ALLOW_HOSTS;
const upstream = env.FAKE_UPSTREAM_URL;
const PRIVATE = 'This address points to a private network and cannot be fetched';
const SCHEME = 'Only http and https URLs can be fetched';

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error('expected a SafeFetchError');
}

describe('refusing private addresses in every spelling', () => {
  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'http://localhost:8787/',
    'http://app.localhost/',
    'http://printer.local/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/',
    'http://router.home.arpa/',
    'http://127.0.0.1/',
    'http://127.0.0.1./',
    'http://127.1/',
    'http://127.0.1/',
    'http://0x7f000001/',
    'http://0X7F.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0177.1/',
    'http://017700000001/',
    'http://0x7f.1/',
    'http://127.000.000.001/',
    'http://%31%32%37.0.0.1/',
    'http://１２７.０.０.１/',
    'http://127。0。0。1/',
    'http://0x7f000001./',
    'http://LocalHost/',
    'http://localhost.localdomain/',
    'http://0/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::FFFF:7F00:1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::8.8.8.8]/',
    'http://[2002:7f00:1::]/',
    'http://[2001:0::1]/',
    'http://[fd00::1]/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[FE80::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://10.0.0.1/',
    'http://10.1/',
    'http://012.0.0.1/',
    'http://10.255.255.255/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://0xac.0x10.0.1/',
    'http://192.168.0.1/',
    'http://192.168.1/',
    'http://3232235777/',
    'http://100.64.0.1/',
    'http://100.127.255.255/',
    'http://224.0.0.1/',
    'http://239.255.255.250/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://192.0.2.1/',
    'http://198.18.0.1/',
    'https://127.0.0.1:443/',
    // Our own fake server on another port than the allowed one is still private.
    'http://127.0.0.1:1/',
  ])('refuses %s', async (url) => {
    expect(() => assertFetchableUrl(url, allowHosts)).toThrow(PRIVATE);
    expect(isPublicUrl(url, allowHosts)).toBe(false);
    const error = await failure(safeFetch(url, { allowHosts }));
    expect(error.reason).toBe('private-address');
    expect(error.refused).toBe(true);
    expect(error.message).toBe(PRIVATE);
  });

  it.each([
    'https://example.com/feed',
    'http://8.8.8.8/',
    'http://[2606:4700:4700::1111]/',
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::8.8.8.8]/',
    'http://172.32.0.1/',
    'http://100.128.0.1/',
    'http://192.169.0.1/',
    'http://11.0.0.1/',
    'https://xn--bcher-kva.example/feed',
    'https://localhost.example.com/',
    'https://blog.internal-affairs.com/',
  ])('lets the public address %s through', (url) => {
    expect(isPublicUrl(url, allowHosts)).toBe(true);
  });

  it('checks the canonical form the URL parser gives, and parses loose spellings itself too', () => {
    expect(new URL('http://0x7f.1/').hostname).toBe('127.0.0.1');
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
    for (const host of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0x7f.0.0.1.', '127.0.0.1']) {
      expect(parseIPv4(host)).toBe(0x7f000001);
      expect(isPrivateHost(host)).toBe(true);
    }
    expect(isPrivateHost('[::ffff:127.0.0.1]')).toBe(true);
    expect(isPrivateHost('1.2.3.09')).toBe(true);
    expect(parseIPv4('example.com')).toBeNull();
  });

  it('exempts exactly the allowed host:port pairs and nothing else', () => {
    const allowed = `http://${allowHosts.split(',')[0]}/x`;
    expect(isPublicUrl(allowed, allowHosts)).toBe(true);
    expect(isPublicUrl('http://127.0.0.1:9999/', '127.0.0.1:9999, localhost:8787')).toBe(true);
    expect(isPublicUrl('http://localhost:8787/', '127.0.0.1:9999, localhost:8787')).toBe(true);
    expect(isPublicUrl('http://127.0.0.1:9998/', '127.0.0.1:9999')).toBe(false);
    expect(isPublicUrl('http://127.0.0.2:9999/', '127.0.0.1:9999')).toBe(false);
    expect(isPublicUrl('http://localhost:9999/', '127.0.0.1:9999')).toBe(false);
    expect(isPublicUrl('http://127.0.0.1/', '127.0.0.1:9999')).toBe(false);
    expect(isPublicUrl('http://127.0.0.1:9999/', '')).toBe(false);
    // The exemption does not lift the other rules.
    expect(() => assertFetchableUrl('ftp://127.0.0.1:9999/', '127.0.0.1:9999')).toThrow(SCHEME);
  });
});

describe('refusing other schemes, credentials and nonsense', () => {
  it.each([
    'file:///etc/passwd',
    'FILE:///etc/passwd',
    'data:application/rss+xml,<rss/>',
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'ftp://example.com/feed',
    'gopher://example.com/',
    'blob:https://example.com/uuid',
    'ws://example.com/',
  ])('refuses %s', async (url) => {
    const error = await failure(safeFetch(url, { allowHosts }));
    expect(error.reason).toBe('unsupported-scheme');
    expect(error.message).toBe(SCHEME);
  });

  it.each([
    'https://user:secret@example.com/feed',
    'https://user@example.com/',
    `${upstream.replace('//', '//a:b@')}/feeds/empty`,
  ])('refuses credentials in %s', async (url) => {
    const error = await failure(safeFetch(url, { allowHosts }));
    expect(error.message).toBe('URLs with a user name or password cannot be fetched');
  });

  it.each(['https://example.com:8443/feed', 'http://example.com:22/', 'http://feeds.example:6379/'])(
    'refuses the non-web port of %s (L13)',
    async (url) => {
      const error = await failure(safeFetch(url, { allowHosts }));
      expect(error.reason).toBe('port');
      expect(error.refused).toBe(true);
      expect(error.message).toBe('Only addresses on the standard web ports (80 and 443) can be fetched');
    },
  );

  it('accepts the standard ports written out', () => {
    expect(isPublicUrl('https://example.com:443/feed', '')).toBe(true);
    expect(isPublicUrl('http://example.com:80/feed', '')).toBe(true);
  });

  it.each(['', 'not a url', 'example.com/feed', 'http://', 'http://256.0.0.1/', 'http://[::1/'])(
    'refuses %j as invalid',
    async (url) => {
      const error = await failure(safeFetch(url, { allowHosts }));
      expect(error.reason).toBe('invalid-url');
      expect(error.message).toBe('This is not a valid URL');
    },
  );
});

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

  it('counts decoded bytes, so a gzip bomb stops at the 10 MB cap', async () => {
    const error = await failure(safeFetch(`${upstream}/feeds/gzip-bomb`, { allowHosts }));
    expect(error.reason).toBe('too-large');
    expect(error.message).toBe('The response is larger than 10 MB');
  });
});
