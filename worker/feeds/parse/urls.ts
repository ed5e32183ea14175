// Links in a feed may be relative. RFC 4287 §4.2 / XML Base (RFC 3986 §5.1) resolve them against xml:base,
// then the document's own address; RSS has no xml:base in its spec, but feeds use it, and otherwise the
// channel <link> is the best base (what readers such as feedparser and miniflux do), then the feed URL.
// Only http(s) links come out: a javascript: or data: link in a feed must never reach an href.

const SAFE_SCHEME = /^https?:$/;

/** Resolves `href` against `base`; null when it is blank, unparsable or not http(s). */
export function resolveUrl(href: string | null | undefined, base: string | null | undefined): string | null {
  if (href == null) return null;
  const trimmed = href.trim();
  if (trimmed === '') return null;
  const url = parse(trimmed, base ?? undefined);
  if (url === null) return base ? null : looksRelative(trimmed) ? trimmed : null;
  return SAFE_SCHEME.test(url.protocol) ? url.href : null;
}

/** A base for the children of an element: its xml:base resolved against the parent's base. */
export function childBase(xmlBase: string | undefined, parentBase: string | null): string | null {
  if (xmlBase === undefined || xmlBase.trim() === '') return parentBase;
  const url = parse(xmlBase.trim(), parentBase ?? undefined);
  return url ? url.href : parentBase;
}

function parse(href: string, base: string | undefined): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

function looksRelative(href: string): boolean {
  return !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(href);
}

const URL_ATTR = /(\s(?:href|src|poster|cite)\s*=\s*)(["'])([^"'<>]*)\2/gi;

/**
 * Makes relative href/src attributes in HTML absolute (feedparser does the same, RFC 4287 §7 relies on
 * xml:base for content). Absolute and unparsable values are left for the sanitiser to judge.
 */
export function absolutizeHtml(html: string, base: string | null): string {
  if (!base || (html.indexOf('href') === -1 && html.indexOf('src') === -1)) return html;
  return html.replace(URL_ATTR, (whole, lead: string, quote: string, value: string) => {
    const v = value.trim();
    if (v === '' || v.startsWith('#') || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(v)) return whole;
    const url = parse(v.replace(/&amp;/g, '&'), base);
    return url ? `${lead}${quote}${url.href.replace(/&/g, '&amp;')}${quote}` : whole;
  });
}
