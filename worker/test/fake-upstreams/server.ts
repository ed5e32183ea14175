// One Node HTTP server on 127.0.0.1 that plays every outside service the Worker talks to. Each
// service is a small router under its own path prefix (e.g. /resend/emails), so tests point a
// base-URL setting at `${FAKE_UPSTREAM_URL}/resend`. Requests are recorded for tests to inspect at
// GET /__requests?prefix=…, and cleared with DELETE /__requests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cloudflareAiRoute } from './cloudflare-ai.ts';
import { routeDevServer } from './dev-server.ts';
import { routeFeeds } from './feeds.ts';
import { routeOpenAi } from './openai.ts';
import { replicateRoute } from './replicate.ts';
import { routeResend } from './resend.ts';
import { scriptedFeedsRoute } from './scripted-feeds.ts';
import { stripeRoute } from './stripe.ts';
import { wordPressRoute } from './wordpress.ts';

export type RecordedRequest = { method: string; path: string; headers: Record<string, string>; body: string };
export type FakeRoute = (req: IncomingMessage, body: string, res: ServerResponse) => boolean;

// The servers started in this process, for worker/test/global-setup.ts to close at the end of the run:
// on globalThis, as vitest.config.ts and the global setup each load their own copy of this module.
const globals = globalThis as { feedloomFakeUpstreams?: (() => Promise<void>)[] };
globals.feedloomFakeUpstreams ??= [];
export const startedFakeUpstreams = globals.feedloomFakeUpstreams;

/**
 * Starts one fake server, with state of its own (recorded requests, scripted feeds, Stripe's customers
 * and outages, WordPress tags, Replicate's predictions): each Worker test runner gets one
 * (vitest.config.ts), so runners that run at once never see or clear each other's.
 */
export async function startFakeUpstream() {
  const routes: FakeRoute[] = [
    routeFeeds,
    scriptedFeedsRoute(),
    routeResend,
    wordPressRoute(),
    stripeRoute(),
    routeOpenAi,
    replicateRoute(),
    routeDevServer,
    cloudflareAiRoute(),
  ];
  const recorded: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/__requests') {
      if (req.method === 'DELETE') recorded.length = 0;
      const prefix = url.searchParams.get('prefix') ?? '';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(recorded.filter((r) => r.path.startsWith(prefix))));
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    recorded.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers, body });
    for (const route of routes) if (route(req, body, res)) return;
    res.statusCode = 404;
    res.end('not found');
  });
  // One workerd serves many test files (vitest.config.ts) and keeps its connections here open between
  // them: were Node to close an idle one after its usual 5 seconds, a request workerd sent on it at that
  // moment would fail with "Network connection lost". workerd decides when a connection is done.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  startedFakeUpstreams.push(close);
  return { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, close };
}
