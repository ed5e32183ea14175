// Stands in for the development server's own origin, which a worker test has no listener for: serves
// the sample feeds of web/public/dev/sample-feeds/ at /api/dev/sample-feeds/<file>, as
// worker/routes/dev-sample-feeds.ts does under `npm start`, with their image links on this origin.
import { readFileSync } from 'node:fs';
import type { FakeRoute } from './server';

const SAMPLES = new URL('../../../web/public/dev/sample-feeds/', import.meta.url);
const PATH = '/api/dev/sample-feeds/';

export const routeDevServer: FakeRoute = (req, _body, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const file = url.pathname.startsWith(PATH) ? url.pathname.slice(PATH.length) : '';
  if (!/^[a-z-]+\.(rss|atom|json)$/.test(file)) return false;
  const text = readFileSync(new URL(file, SAMPLES), 'utf8');
  res.setHeader('content-type', file.endsWith('.json') ? 'application/feed+json' : 'application/xml');
  res.end(text.replaceAll(`http://localhost:8787${PATH}`, `${url.origin}${PATH}`));
  return true;
};
