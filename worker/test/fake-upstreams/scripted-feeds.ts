// Feeds whose answers a test scripts at run time, to drive refresh end to end:
//   PUT /scripted/<name>  {body, contentType?, status?, etag?, lastModified?, headers?, delayMs?, held?}
//   GET /scripted/<name>  serves it, answering 304 when If-None-Match matches the ETag (RFC 9110 §13.1.2)
//   GET /scripted-hits/<name> → {hits, notModified, accept}: accept is the last request's Accept header
//   POST /scripted-release/<name> answers the requests a `held` script kept waiting, and every one after

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Script } from './script';
import type { FakeRoute } from './server';

type Scripted = {
  scripts: Map<string, Script>;
  hits: Map<string, { hits: number; notModified: number; accept?: string }>;
  /** The answers a held script keeps until its release. */
  waiting: Map<string, (() => void)[]>;
};

/** The scripted feeds of one fake server: each test runner has its own (vitest.config.ts). */
export function scriptedFeedsRoute(): FakeRoute {
  const state: Scripted = { scripts: new Map(), hits: new Map(), waiting: new Map() };
  return (req, body, res) => routeScriptedFeeds(state, req, body, res);
}

function routeScriptedFeeds(
  { scripts, hits, waiting }: Scripted,
  req: IncomingMessage,
  body: string,
  res: ServerResponse,
): boolean {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const [, prefix, name] = url.pathname.split('/');
  if (!name || (prefix !== 'scripted' && prefix !== 'scripted-hits' && prefix !== 'scripted-release')) return false;
  if (prefix === 'scripted-release') {
    const script = scripts.get(name);
    if (script) script.held = false;
    for (const answer of waiting.get(name) ?? []) answer();
    waiting.delete(name);
    res.end('ok');
    return true;
  }
  if (prefix === 'scripted-hits') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(hits.get(name) ?? { hits: 0, notModified: 0 }));
    return true;
  }
  if (req.method === 'PUT') {
    scripts.set(name, JSON.parse(body) as Script);
    res.end('ok');
    return true;
  }
  const script = scripts.get(name);
  const count = hits.get(name) ?? { hits: 0, notModified: 0 };
  count.hits++;
  count.accept = req.headers.accept;
  hits.set(name, count);
  if (!script) {
    res.statusCode = 404;
    res.end('no such scripted feed');
    return true;
  }
  const answer = () => {
    if (script.etag && req.headers['if-none-match'] === script.etag) {
      count.notModified++;
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = script.status ?? 200;
    res.setHeader('content-type', script.contentType ?? 'application/rss+xml; charset=utf-8');
    if (script.etag) res.setHeader('etag', script.etag);
    if (script.lastModified) res.setHeader('last-modified', script.lastModified);
    for (const [key, value] of Object.entries(script.headers ?? {})) res.setHeader(key, value);
    res.end(script.body);
  };
  if (script.held) waiting.set(name, [...(waiting.get(name) ?? []), answer]);
  else if (script.delayMs) setTimeout(answer, script.delayMs);
  else answer();
  return true;
}
