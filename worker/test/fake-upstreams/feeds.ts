// Web sites and feeds under /feeds/…, for safeFetch, discovery and refresh tests: redirect chains (some
// pointing inward to private addresses), an empty 200, a server that never answers, bodies past any cap,
// a gzip bomb, HTML pages with and without feed links, and fixture feeds from
// worker/feeds/testdata/fixtures/ at /feeds/fixtures/<file name>.
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FakeRoute } from './server';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../feeds/testdata/fixtures');

const rss = (title: string, link: string) => `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>${title}</title><link>${link}</link><description>Test feed</description>
<item><title>Hello</title><link>${link}hello</link><guid>${link}hello</guid><pubDate>Mon, 06 Jan 2025 10:00:00 GMT</pubDate></item>
</channel></rss>`;

const atom = (title: string, link: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title><link href="${link}"/><id>urn:test:${title}</id>
<updated>2025-01-06T10:00:00Z</updated><entry><title>Hello</title><id>urn:test:hello</id><link href="${link}hello"/>
<updated>2025-01-06T10:00:00Z</updated></entry></feed>`;

const page = (head: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>A site</title>${head}</head><body>${body}</body></html>`;

/** Static pages and feeds: path → [content type, body]. */
const PAGES: Record<string, [string, string]> = {
  '/feeds/site/': [
    'text/html; charset=utf-8',
    page(
      `<link rel="alternate" type="application/rss+xml" title="Comments" href="comments.xml">
       <link rel="alternate" type="application/rss+xml" title="Posts (RSS)" href="/feeds/site/feed.xml">
       <link rel="alternate" type="application/atom+xml" title="Posts (Atom)" href="atom.xml">
       <link rel="alternate" type="application/rss+xml" href="missing.xml">
       <link rel="icon" href="/feeds/site/icon-32.png" sizes="32x32">`,
      '<h1>A site with feeds</h1>',
    ),
  ],
  '/feeds/site/feed.xml': ['application/rss+xml; charset=utf-8', rss('Posts (RSS)', 'https://site.example/')],
  '/feeds/site/atom.xml': ['application/atom+xml', atom('Posts (Atom)', 'https://site.example/')],
  '/feeds/site/comments.xml': ['application/rss+xml', rss('Comments on A site', 'https://site.example/')],
  '/feeds/nofeed/': ['text/html', page('', '<h1>No feeds here</h1><p><a href="/feeds/nofeed/about">About</a></p>')],
  '/feeds/wk/': ['text/html', page('', '<h1>Feeds only at a well-known path</h1>')],
  '/feeds/wk/index.xml': ['text/xml', rss('Well known', 'https://wk.example/')],
  '/feeds/html-as-feed': ['application/rss+xml', page('', '<p>Not a feed at all</p>')],
};

let bomb: Buffer | null = null;

export const routeFeeds: FakeRoute = (req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  if (!path.startsWith('/feeds/')) return false;
  const staticPage = PAGES[path];
  if (staticPage) {
    res.setHeader('content-type', staticPage[0]);
    res.end(staticPage[1]);
    return true;
  }
  const chain = /^\/feeds\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const left = Number(chain[1]);
    if (left === 0) {
      res.setHeader('content-type', 'text/plain');
      res.end('end of chain');
    } else redirect(res, 302, String(left - 1)); // relative: resolved against the current URL
    return true;
  }
  switch (path) {
    case '/feeds/redirect':
      redirect(res, Number(url.searchParams.get('status') ?? 302), url.searchParams.get('to') ?? '/');
      return true;
    case '/feeds/echo':
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, body, headers: req.headers }));
      return true;
    case '/feeds/empty':
      res.setHeader('content-type', 'application/rss+xml');
      res.setHeader('content-length', '0');
      res.end();
      return true;
    case '/feeds/slow':
      // Never answers; gives up after a minute so the server can close.
      hold(res, () => res.end());
      return true;
    case '/feeds/slow-body':
      res.setHeader('content-type', 'text/plain');
      res.write('the first bytes arrive, the rest never do');
      hold(res, () => res.end());
      return true;
    case '/feeds/big':
      sendBig(res, Number(url.searchParams.get('bytes') ?? 0), url.searchParams.has('length'));
      return true;
    case '/feeds/gzip-bomb':
      // 11 MB of zeros compress to about 11 KB: past the 4 MB cap only once inflated.
      bomb ??= gzipSync(Buffer.alloc(11 * 1024 * 1024), { level: 9 });
      res.setHeader('content-type', 'application/rss+xml');
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('content-length', String(bomb.length));
      res.end(bomb);
      return true;
  }
  if (path.startsWith('/feeds/fixtures/')) {
    const file = join(FIXTURES, basename(path));
    if (!existsSync(file)) return false;
    res.setHeader('content-type', file.endsWith('.json') ? 'application/feed+json' : 'application/xml');
    res.end(readFileSync(file));
    return true;
  }
  return false;
};

function redirect(res: ServerResponse, status: number, location: string) {
  res.statusCode = status;
  res.setHeader('location', location);
  res.end();
}

function hold(res: ServerResponse, finish: () => void) {
  const timer = setTimeout(finish, 60_000);
  timer.unref();
  res.on('close', () => clearTimeout(timer));
}

function sendBig(res: ServerResponse, bytes: number, withLength: boolean) {
  res.setHeader('content-type', 'text/plain');
  if (withLength) res.setHeader('content-length', String(bytes));
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let left = bytes;
  const pump = () => {
    while (left > 0) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => {
    left = 0;
  });
  pump();
}
