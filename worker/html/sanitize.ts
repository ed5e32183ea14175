// The server-side allow-list sanitiser for every piece of HTML we did not write: feed content, extracted
// articles and AI output, before it is stored, mailed or posted. The input is parsed into a tree
// (html-tree.ts) and written out again from scratch, so nothing the author typed reaches the output
// unless it is an allowed element or attribute, and every text and attribute value is escaped anew. The
// browser renders through DOMPurify as well; this module does not rely on that. It also turns HTML into
// plain text (card descriptions, AI input) and finds a thumbnail.

import { escapeAttribute, escapeText } from './entities';
import { type HtmlElement, type HtmlNode, names, parseHtml } from './html-tree';

export type SanitizeOptions = {
  /** False for HTML mailed to people: remote images (and audio, video) are dropped, as they track opens. */
  allowImages?: boolean;
};

const ALLOWED = names(
  'p br hr a b strong i em u s sub sup small mark code pre kbd samp blockquote q cite ul ol li dl dt dd ' +
    'h1 h2 h3 h4 h5 h6 table thead tbody tfoot tr th td caption figure figcaption img picture source abbr ' +
    'time span div details summary audio video',
);
/** Elements whose meaning survives under an allowed name; sectioning elements keep their line breaks. */
const RENAMED: Record<string, string> = {
  article: 'div',
  section: 'div',
  header: 'div',
  footer: 'div',
  main: 'div',
  aside: 'div',
  nav: 'div',
  center: 'div',
  address: 'div',
  hgroup: 'div',
  search: 'div',
  del: 's',
  strike: 's',
  ins: 'u',
  tt: 'code',
  var: 'i',
  dfn: 'i',
};
/** Removed with everything inside: scripts and styles must not turn into visible text, forms into junk. */
export const DROPPED_WITH_CONTENT = names(
  'script style iframe frame frameset object embed applet param form input button textarea select ' +
    'option optgroup datalist link meta base svg math template noscript noembed noframes xmp plaintext ' +
    'head title canvas map area track dialog portal',
);
const MEDIA = new Set(['img', 'picture', 'source', 'audio', 'video']);
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);

/**
 * Image hosts and paths that count readers rather than show anything: FeedBurner's per-item pixel (~r)
 * and FeedFlare (~ff), WordPress.com stats, and the big ad and analytics networks.
 */
const TRACKERS: readonly { host: string; path?: RegExp }[] = [
  { host: 'feeds.feedburner.com', path: /^\/~(?:r|ff)\// },
  { host: 'feedproxy.google.com', path: /^\/~r\// },
  { host: 'feeds.feedblitz.com', path: /^\/~\/i\// },
  { host: 'pixel.wp.com' },
  { host: 'stats.wordpress.com' },
  { host: 'doubleclick.net' },
  { host: 'google-analytics.com' },
  { host: 'pixel.quantserve.com' },
  { host: 'sb.scorecardresearch.com' },
  { host: 'api.mixpanel.com' },
  { host: 'www.facebook.com', path: /^\/tr\/?$/ },
  { host: 'medium.com', path: /^\/_\/stat/ },
];

export function sanitizeHtml(html: string, baseUrl?: string, options: SanitizeOptions = {}): string {
  return sanitizeNodes(parseHtml(html).children, baseUrl, options);
}

/** Sanitises already-parsed nodes (the article extractor hands over the subtree it chose). */
export function sanitizeNodes(nodes: HtmlNode[], baseUrl?: string, options: SanitizeOptions = {}): string {
  const context = { baseUrl, allowImages: options.allowImages !== false };
  return nodes.map((node) => writeNode(node, context)).join('');
}

type Context = { baseUrl: string | undefined; allowImages: boolean };

function writeNode(node: HtmlNode, context: Context): string {
  if (node.kind === 'text') return escapeText(node.text);
  const name = RENAMED[node.name] ?? node.name;
  if (DROPPED_WITH_CONTENT.has(name)) return '';
  if (!context.allowImages && MEDIA.has(name)) return '';
  const inner = () => node.children.map((child) => writeNode(child, context)).join('');
  if (!ALLOWED.has(name)) return inner(); // unknown or presentational (font, label, custom elements): unwrap
  const attrs = allowedAttributes(node, name, context);
  if (attrs === null) return name === 'a' ? inner() : '';
  const open = `<${name}${attrs.map(([key, value]) => (value === '' && key === 'controls' ? ` ${key}` : ` ${key}="${escapeAttribute(value)}"`)).join('')}>`;
  if (name === 'img' || name === 'br' || name === 'hr' || name === 'source') return open;
  const content = inner();
  // A link left empty (a FeedFlare button whose image was a tracker) is noise.
  if (name === 'a' && content.trim() === '') return '';
  return `${open}${content}</${name}>`;
}

/** The attributes to keep, in a fixed order; null when the element is useless without one it lacks. */
function allowedAttributes(node: HtmlElement, name: string, context: Context): [string, string][] | null {
  const get = (key: string) => node.attrs.get(key);
  const out: [string, string][] = [];
  switch (name) {
    case 'a': {
      const href = safeUrl(get('href'), context.baseUrl, LINK_SCHEMES);
      if (href === null) return null;
      // The page opens in a new tab that cannot reach back into ours (window.opener) nor learn where
      // the reader came from.
      out.push(['href', href], ['rel', 'noopener noreferrer'], ['target', '_blank']);
      break;
    }
    case 'img': {
      const src = safeUrl(get('src'), context.baseUrl, IMAGE_SCHEMES);
      if (src === null || isTrackingPixel(src, get('width'), get('height'))) return null;
      out.push(['src', src]);
      keep(out, node, 'alt', (v) => v);
      keep(out, node, 'width', dimension);
      keep(out, node, 'height', dimension);
      break;
    }
    case 'source': {
      const srcset = safeSrcset(get('srcset'), context.baseUrl);
      const src = safeUrl(get('src'), context.baseUrl, IMAGE_SCHEMES);
      if (srcset === null && src === null) return null;
      if (srcset !== null) out.push(['srcset', srcset]);
      if (src !== null) out.push(['src', src]);
      keep(out, node, 'type', (v) => (/^[\w.+-]+\/[\w.+-]+(?:\s*;.*)?$/.test(v) ? v.slice(0, 200) : null));
      keep(out, node, 'media', (v) => v.slice(0, 200));
      break;
    }
    case 'audio':
    case 'video': {
      const src = safeUrl(get('src'), context.baseUrl, IMAGE_SCHEMES);
      if (src !== null) out.push(['src', src]);
      const poster = name === 'video' ? safeUrl(get('poster'), context.baseUrl, IMAGE_SCHEMES) : null;
      if (poster !== null) out.push(['poster', poster]);
      out.push(['controls', '']); // never autoplay; always playable
      break;
    }
    case 'td':
    case 'th':
      keep(out, node, 'colspan', (v) => (/^\d{1,3}$/.test(v.trim()) ? v.trim() : null));
      keep(out, node, 'rowspan', (v) => (/^\d{1,3}$/.test(v.trim()) ? v.trim() : null));
      break;
    case 'time':
      keep(out, node, 'datetime', (v) => v.slice(0, 100));
      break;
  }
  keep(out, node, 'title', (v) => v.slice(0, 1000));
  keep(out, node, 'lang', (v) => (/^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i.test(v.trim()) ? v.trim() : null));
  keep(out, node, 'dir', (v) => (/^(?:ltr|rtl|auto)$/i.test(v.trim()) ? v.trim().toLowerCase() : null));
  return out;
}

function keep(out: [string, string][], node: HtmlElement, key: string, check: (value: string) => string | null) {
  const value = node.attrs.get(key);
  if (value === undefined) return;
  const checked = check(value);
  if (checked !== null) out.push([key, checked]);
}

const dimension = (value: string) => (/^\s*\d{1,5}%?\s*$/.test(value) ? value.trim() : null);

/**
 * An absolute URL with an allowed scheme, or null. The WHATWG URL parser decides the scheme exactly as
 * the browser will: it strips surrounding controls and spaces and the tabs and newlines inside
 * ("jav\tascript:"), and entities were decoded by the tokenizer ("jav&#x09;ascript:"). We write out
 * the parser's serialisation, so what we checked is what the browser gets. Without a base URL a
 * relative reference cannot be resolved and is dropped.
 */
export function safeUrl(
  value: string | undefined,
  baseUrl: string | undefined,
  schemes: ReadonlySet<string>,
): string | null {
  if (value === undefined || value.trim() === '') return null;
  try {
    const url = new URL(value, baseUrl);
    return schemes.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * srcset (HTML §4.8.4.3.10, simplified): a URL runs to the next whitespace, its optional descriptor to the
 * next comma. Each URL is checked like src; a descriptor must be a width ("640w") or a density ("2x").
 */
function safeSrcset(value: string | undefined, baseUrl: string | undefined): string | null {
  if (value === undefined) return null;
  const candidates: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i] ?? '')) i++;
    const start = i;
    while (i < value.length && !/\s/.test(value[i] ?? '')) i++;
    let href = value.slice(start, i);
    let descriptor = '';
    if (href.endsWith(',')) href = href.replace(/,+$/, '');
    else {
      const comma = value.indexOf(',', i);
      descriptor = value.slice(i, comma === -1 ? value.length : comma).trim();
      i = comma === -1 ? value.length : comma + 1;
    }
    if (href === '' || (descriptor !== '' && !/^\d+(?:\.\d+)?[wx]$/.test(descriptor))) continue;
    const url = safeUrl(href, baseUrl, IMAGE_SCHEMES);
    if (url !== null) candidates.push(descriptor ? `${url} ${descriptor}` : url);
  }
  return candidates.length > 0 ? candidates.join(', ') : null;
}

/** A 1×1 (or 0×0) image, or one served by a known tracker. */
export function isTrackingPixel(src: string, width?: string, height?: string): boolean {
  const w = width === undefined ? null : Number.parseFloat(width);
  const h = height === undefined ? null : Number.parseFloat(height);
  const tiny = (n: number | null) => n !== null && !Number.isNaN(n) && n <= 1;
  if ((tiny(w) && (h === null || tiny(h))) || (tiny(h) && w === null)) return true;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return TRACKERS.some(
    ({ host, path }) =>
      (url.hostname === host || url.hostname.endsWith(`.${host}`)) && (path === undefined || path.test(url.pathname)),
  );
}

/** The first real image (not a tracking pixel) for a thumbnail, as an absolute http(s) URL, or null. */
export function firstImage(html: string, baseUrl?: string): string | null {
  let found: string | null = null;
  const visit = (node: HtmlNode) => {
    if (found !== null || node.kind === 'text' || DROPPED_WITH_CONTENT.has(node.name)) return;
    if (node.name === 'img') {
      const src = safeUrl(node.attrs.get('src'), baseUrl, IMAGE_SCHEMES);
      if (src !== null && !isTrackingPixel(src, node.attrs.get('width'), node.attrs.get('height'))) found = src;
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(parseHtml(html));
  return found;
}
