// A site's icon for the sidebar: the icons its page declares (<link rel="icon">, "shortcut icon",
// "apple-touch-icon"), choosing the size nearest 32 px, else the favicon service the spec names at 32 px.
// A pure function of the page the caller already fetched: no requests here, and nothing is stored.

import { descendants, documentBase, parseHtml } from '../html/html-tree';
import { safeUrl } from '../html/sanitize';

const SIZE = 32;
const HTTP = new Set(['http:', 'https:']);

export function faviconFor(siteUrl: string, html?: string): string {
  const declared = html ? declaredIcon(siteUrl, html) : null;
  return declared ?? faviconService(siteUrl);
}

/** The favicon service the spec names; Feedloom's own origin serves icons instead (favicon-cache.ts). */
export const FAVICON_SERVICE = 'https://www.google.com/s2/favicons';

export function faviconService(siteUrl: string): string {
  let host = siteUrl;
  try {
    host = new URL(siteUrl).hostname;
  } catch {
    // Not a URL: let the service make what it can of the text.
  }
  return `${FAVICON_SERVICE}?domain=${encodeURIComponent(host)}&sz=${SIZE}`;
}

function declaredIcon(siteUrl: string, html: string): string | null {
  const root = parseHtml(html);
  const base = documentBase(root, siteUrl);
  let best: { href: string; distance: number } | null = null;
  for (const link of descendants(root, 'link')) {
    const rel = (link.attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    const touch = rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed');
    if (!touch && !rel.includes('icon')) continue;
    const href = safeUrl(link.attrs.get('href'), base, HTTP);
    if (href === null) continue;
    const distance = sizeDistance(link.attrs.get('sizes'), touch);
    // The first of equally good icons wins; an exact 32 px icon ends the search.
    if (best === null || distance < best.distance) best = { href, distance };
    if (distance === 0) break;
  }
  return best?.href ?? null;
}

/**
 * How far an icon is from 32 px. `sizes` lists "WxH" pairs or "any" (a scalable SVG, as good as exact
 * but after a real 32 px bitmap). Undeclared sizes: an icon is usually a 16/32 px .ico, an Apple touch
 * icon 180 px.
 */
function sizeDistance(sizes: string | undefined, touch: boolean): number {
  const declared = (sizes ?? '').toLowerCase().trim();
  if (declared === 'any') return 0.5;
  const widths = [...declared.matchAll(/(\d+)x\d+/g)].map((m) => Number(m[1]));
  if (widths.length === 0) return touch ? 180 - SIZE : 8;
  return Math.min(...widths.map((w) => Math.abs(w - SIZE) + (w < SIZE ? 0.25 : 0)));
}
