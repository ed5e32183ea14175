// The JavaScript a page downloads, as the SPA benchmark (bench/spa.mjs) and the landing page's browser
// test (e2e/auth.e2e.test.ts) both count it: every same-origin script answered 200, gzipped here with zlib
// (the size a visitor downloads from Cloudflare, whatever the local server sends).
import { gzipSync } from 'node:zlib';

/**
 * Starts recording the scripts `page` fetches from `baseURL`; call the returned function after the
 * page has settled (networkidle) for their count and total gzip size in bytes.
 * @param {import('playwright-core').Page} page
 * @param {string} baseURL
 */
export function recordScripts(page, baseURL) {
  const origin = new URL(baseURL).origin;
  const sizes = new Map();
  page.on('response', (response) => {
    const url = new URL(response.url());
    const javascript = /javascript/.test(response.headers()['content-type'] ?? '');
    if (url.origin !== origin || response.status() !== 200) return;
    if (response.request().resourceType() !== 'script' && !javascript) return;
    sizes.set(
      url.pathname,
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
  });
  return async () => {
    const all = await Promise.all(sizes.values());
    return { scripts: all.length, jsGzipBytes: all.reduce((sum, size) => sum + size, 0) };
  };
}
