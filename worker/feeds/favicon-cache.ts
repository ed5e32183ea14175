// A site's icon, fetched once per site through the safe fetcher and kept in R2 (`favicons/<host>`), so
// Feedloom serves it from its own origin. The source is the icon the site's page declares (favicon.ts),
// else the site's /favicon.ico: never the third-party favicon service, which would learn what people
// follow. A site without a usable icon is remembered too (an empty object), and asked again after a week.

import type { UrlFetcher } from '../net/fetcher';
import { FAVICON_SERVICE } from './favicon';

const MAX_BYTES = 100_000;
const RETRY_MISSING_MS = 7 * 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;

export type SiteIcon = { body: Uint8Array<ArrayBuffer>; contentType: string };
export type IconFeed = { url: string; siteUrl: string | null; faviconUrl: string | null };
export type IconDeps = { bucket: R2Bucket; fetcher: UrlFetcher };

const siteOf = (feed: IconFeed) => feed.siteUrl || feed.url;

/** The R2 key of the feed's site, or null when neither its site nor its own URL is an address. */
export function siteKeyOf(feed: IconFeed): string | null {
  try {
    return `favicons/${new URL(siteOf(feed)).host.toLowerCase()}`;
  } catch {
    return null;
  }
}

function sourceOf(feed: IconFeed): string | null {
  if (feed.faviconUrl && !feed.faviconUrl.startsWith(FAVICON_SERVICE)) return feed.faviconUrl;
  try {
    return new URL('/favicon.ico', siteOf(feed)).href;
  } catch {
    return null;
  }
}

/** The image type of an icon, from its Content-Type or, for servers that send none useful, its bytes. */
function iconTypeOf(contentType: string | null, body: Uint8Array): string | null {
  if (contentType?.startsWith('image/')) return contentType;
  if (body[0] === 0 && body[1] === 0 && body[2] === 1 && body[3] === 0) return 'image/x-icon';
  if (body[0] === 0x89 && body[1] === 0x50 && body[2] === 0x4e && body[3] === 0x47) return 'image/png';
  return null;
}

/** The icon R2 holds for the feed's site: the icon, null (known to have none), undefined (not looked for). */
export async function cachedIcon(bucket: R2Bucket, feed: IconFeed, now = Date.now()) {
  const key = siteKeyOf(feed);
  if (!key) return null;
  const object = await bucket.get(key);
  if (!object) return undefined;
  const checkedAt = Number(object.customMetadata?.checkedAt ?? 0);
  if (object.size === 0) return now - checkedAt > RETRY_MISSING_MS ? undefined : null;
  const body = new Uint8Array(await object.arrayBuffer());
  return { body, contentType: object.httpMetadata?.contentType ?? 'image/x-icon' } satisfies SiteIcon;
}

/** The feed's site icon: from R2, else fetched once and kept there; null when the site has none usable. */
export async function siteIcon(deps: IconDeps, feed: IconFeed, now = Date.now()): Promise<SiteIcon | null> {
  const cached = await cachedIcon(deps.bucket, feed, now);
  if (cached !== undefined) return cached;
  const key = siteKeyOf(feed);
  const source = sourceOf(feed);
  if (!key || !source) return null;
  let icon: SiteIcon | null = null;
  try {
    const response = await deps.fetcher.fetch(source, {
      accept: 'image/*',
      maxBytes: MAX_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
    });
    const contentType = response.status === 200 ? iconTypeOf(response.contentType, response.body) : null;
    if (contentType && response.body.length > 0) icon = { body: new Uint8Array(response.body), contentType };
  } catch {
    // Unreachable, too large, a private address: the site has no icon we can serve.
  }
  await deps.bucket.put(key, icon?.body ?? new Uint8Array(), {
    httpMetadata: icon ? { contentType: icon.contentType } : undefined,
    customMetadata: { checkedAt: String(now) },
  });
  return icon;
}
