import { describe, expect, it } from 'vitest';
import { probeWellKnownFeeds } from './well-known';

type Route = { status: number; type?: string; body?: string; redirectedTo?: string };

/** A fake site: each path answers HEAD and GET alike (HEAD without a body), and records what was asked. */
function fakeSite(routes: Record<string, Route>) {
  const requests: string[] = [];
  const fetchFn = async (input: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const path = new URL(input).pathname;
    requests.push(`${method} ${path}`);
    const route = routes[path] ?? { status: 404, type: 'text/html', body: '<h1>Not found</h1>' };
    const headers = route.type ? { 'content-type': route.type } : undefined;
    const response = new Response(method === 'HEAD' ? null : (route.body ?? ''), { status: route.status, headers });
    if (route.redirectedTo) {
      Object.defineProperties(response, { url: { value: route.redirectedTo }, redirected: { value: true } });
    }
    return response;
  };
  return { fetchFn, requests };
}

const RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>Weekly &amp; more</title></channel></rss>';

describe('probeWellKnownFeeds', () => {
  it('finds feeds at well-known paths by type or by body, and follows redirects to the final URL', async () => {
    const site = fakeSite({
      '/feed': { status: 200, type: 'application/rss+xml', body: RSS, redirectedTo: 'https://site.example/feed/' },
      '/atom.xml': { status: 200, type: 'text/html', body: '<feed>' },
      '/index.xml': { status: 405, type: 'text/plain' },
      '/feed.xml': {
        status: 200,
        type: 'text/xml; charset=utf-8',
        body: '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title><![CDATA[Site <Atom>]]></title></feed>',
      },
    });
    const found = await probeWellKnownFeeds('https://site.example/post/1', new Set(), site.fetchFn);
    expect(found).toEqual([
      { url: 'https://site.example/feed/', title: 'Weekly & more', type: 'rss' },
      { url: 'https://site.example/feed.xml', title: 'Site <Atom>', type: 'atom' },
    ]);
    // Missing paths and HTML pages are settled by HEAD alone.
    expect(site.requests).not.toContain('GET /rss');
    expect(site.requests).not.toContain('GET /atom.xml');
    expect(site.requests).toContain('GET /index.xml');
  });

  it('skips the feeds the page already links', async () => {
    const site = fakeSite({ '/rss.xml': { status: 200, type: 'application/rss+xml', body: RSS } });
    const known = new Set(['https://site.example/rss.xml']);
    expect(await probeWellKnownFeeds('https://site.example/', known, site.fetchFn)).toEqual([]);
    expect(site.requests.some((request) => request.endsWith('/rss.xml'))).toBe(false);
  });

  it('finds a JSON Feed served as text/plain', async () => {
    const body = '{"version":"https://jsonfeed.org/version/1.1","title":"Loom \\u0026 JSON","items":[]}';
    const site = fakeSite({ '/rss': { status: 200, type: 'text/plain', body } });
    expect(await probeWellKnownFeeds('http://site.example/', new Set(), site.fetchFn)).toEqual([
      { url: 'http://site.example/rss', title: 'Loom & JSON', type: 'json' },
    ]);
  });

  it('treats network failures as no feed', async () => {
    const failing = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    expect(await probeWellKnownFeeds('https://site.example/', new Set(), failing)).toEqual([]);
  });
});
