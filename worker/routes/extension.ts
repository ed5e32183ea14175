// GET /api/extension/download: the browser extension zip, stamped with the origin it is downloaded
// from (issue 11 item 9), so the installed extension opens this app and not localhost.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { stampedExtensionZip } from '../extension/stamp-zip';
import { ApiError } from '../lib/errors';

/** The zip as a download, or a 404 saying how to build it. */
export async function extensionDownload(assets: Fetcher, requestUrl: string) {
  const zip = await stampedExtensionZip(assets, requestUrl, new URL(requestUrl).origin);
  if (!zip) throw new ApiError('NOT_FOUND', 'The extension has not been built. Run `npm run build:extension`.');
  return new Response(zip, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="feedloom-extension.zip"',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const extensionRoutes = new Hono<AppEnv>().get('/download', (c) =>
  extensionDownload(c.var.services.assets, c.req.url),
);
