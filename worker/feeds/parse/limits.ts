// How much of a feed the parser hands on: every field has a cap, so a 4 MiB title or a million
// categories costs the rest of the pipeline (sanitiser, normaliser, database) no more than a real one.
// Text is cut at a character boundary (never half a surrogate pair), HTML also never inside a tag; an
// address over its cap is dropped rather than cut, since a cut address leads somewhere else.
// The caps (characters, UTF-16 code units as JavaScript counts them):
//   feed and item title          1,000      plain text
//   item author                    500      plain text
//   category                       200      plain text; at most 100 per item
//   summary, content, feed
//     description                200,000    HTML: what the refresher stores as content (item-size.ts)
//   id (guid)                    2,048
//   link, image, enclosure URL   2,048      longer ones are dropped
//   enclosures                     100      per item; their type 255
//   language                        64      longer ones are dropped
// The document itself is cleaned once, whether it came as text or bytes: C0 control characters other
// than tab, line feed and carriage return are removed (XML 1.0 §2.2 admits none; a reference to one,
// "&#1;", is dropped the same way by decodeEntities), and a lone surrogate becomes U+FFFD, as
// TextDecoder makes of bytes that encode one.

import { StringBuilder } from '../../lib/string-builder';
import type { ParsedFeed, ParsedItem } from './types';

export const LIMITS = {
  title: 1_000,
  author: 500,
  category: 200,
  categories: 100,
  html: 200_000,
  id: 2_048,
  url: 2_048,
  enclosures: 100,
  enclosureType: 255,
  language: 64,
} as const;

/** Plain-text fields read at most this much of their source (markup included) before it is turned into text. */
export const PLAIN_TEXT_SOURCE_CHARS = 16 * LIMITS.title;

/** `text` cut to at most `max` characters, not between the two halves of a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** HTML cut to at most `max` characters without leaving half a tag; the browser closes open elements. */
export function cutHtml(html: string, max: number): string {
  if (html.length <= max) return html;
  const cut = cutText(html, max);
  const openTag = cut.lastIndexOf('<');
  return openTag > cut.lastIndexOf('>') ? cut.slice(0, openTag) : cut;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\0-\x08\x0b\x0c\x0e-\x1f]/g;
const SURROGATE = /[\ud800-\udfff]/;

/**
 * The document without C0 controls (tab, LF, CR stay) and, when `surrogates` may be lone (text handed
 * over as a string; decoded bytes never hold one), with U+FFFD for each lone surrogate.
 */
export function cleanText(text: string, surrogates: boolean): string {
  CONTROL.lastIndex = 0;
  const clean = CONTROL.test(text) ? text.replace(CONTROL, '') : text;
  // Most documents have no surrogate at all; those with emoji have pairs, checked one by one.
  return surrogates && SURROGATE.test(clean) ? replaceLoneSurrogates(clean) : clean;
}

function replaceLoneSurrogates(text: string): string {
  let out: StringBuilder | null = null;
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    out ??= new StringBuilder();
    out.append(text.slice(copied, i));
    out.append('\ufffd');
    copied = i + 1;
  }
  if (out === null) return text;
  out.append(text.slice(copied));
  return out.toString();
}

const url = (value: string | null) => (value !== null && value.length > LIMITS.url ? null : value);
const html = (value: string | null) => (value === null ? null : cutHtml(value, LIMITS.html));
const text = (value: string | null, max: number) => (value === null ? null : cutText(value, max));

/** The feed with every field within its cap (the table above). */
export function capFeed(feed: ParsedFeed): ParsedFeed {
  return {
    ...feed,
    title: cutText(feed.title, LIMITS.title),
    link: url(feed.link),
    description: html(feed.description),
    language: feed.language !== null && feed.language.length > LIMITS.language ? null : feed.language,
    image: url(feed.image),
    items: feed.items.map(capItem),
  };
}

function capItem(item: ParsedItem): ParsedItem {
  return {
    ...item,
    id: text(item.id, LIMITS.id),
    title: cutText(item.title, LIMITS.title),
    link: url(item.link),
    summary: html(item.summary),
    content: html(item.content),
    author: text(item.author, LIMITS.author),
    enclosures: item.enclosures
      .filter((e) => e.url.length <= LIMITS.url)
      .slice(0, LIMITS.enclosures)
      .map((e) => ({ ...e, type: text(e.type, LIMITS.enclosureType) })),
    categories: item.categories.slice(0, LIMITS.categories).map((c) => cutText(c, LIMITS.category)),
  };
}
