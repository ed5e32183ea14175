// What safeFetch refuses before any request leaves: private addresses in every spelling, other schemes,
// credentials in URLs, non-web ports and strings that are not URLs.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { failure, PRIVATE, SCHEME } from '../test/safe-fetch';
import { isPrivateHost, parseIPv4 } from './private-addresses';
import { assertFetchableUrl, isPublicUrl, safeFetch } from './safe-fetch';

const allowHosts = env.FETCH_ALLOW_HOSTS;
const upstream = env.FAKE_UPSTREAM_URL;

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
