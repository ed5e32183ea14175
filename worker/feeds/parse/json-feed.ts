// JSON Feed 1.0 and 1.1 (jsonfeed.org/version/1.1). 1.1 replaced "author" with "authors" and added
// "language"; both are read. Every value is type-checked: a JSON document can hold anything.

import { escapeText } from '../../html/entities';
import { parseDate } from './dates';
import { addCategory, addEnclosure, categoriesFull, enclosuresFull } from './extensions';
import { cutHtml, cutText, LIMITS } from './limits';
import { nonEmpty, plainText } from './text';
import { MAX_ITEMS, type ParsedFeed, type ParsedItem } from './types';
import { absolutizeHtml, resolveUrl } from './urls';

type Json = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? nonEmpty(v) : null);
const obj = (v: unknown): Json | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function isJsonFeed(doc: unknown): boolean {
  const o = obj(doc);
  if (!o) return false;
  return (
    (typeof o.version === 'string' && o.version.includes('jsonfeed.org')) ||
    (Array.isArray(o.items) && typeof o.title === 'string')
  );
}

export function parseJsonFeed(doc: unknown, url: string | undefined): ParsedFeed {
  const feed = obj(doc) ?? {};
  const link = resolveUrl(str(feed.home_page_url), url) ?? null;
  const base = resolveUrl(str(feed.feed_url), url) ?? url ?? null;
  const feedAuthor = authorName(feed);
  const items: ParsedItem[] = [];
  for (const raw of arr(feed.items)) {
    if (items.length >= MAX_ITEMS) break;
    const item = obj(raw);
    if (item) items.push(readItem(item, link ?? base, feedAuthor));
  }
  return {
    format: 'json-feed',
    title: plainText(str(feed.title) ?? ''),
    link,
    description: str(feed.description),
    language: str(feed.language),
    image: resolveUrl(str(feed.icon), base) ?? resolveUrl(str(feed.favicon), base),
    items,
  };
}

function readItem(item: Json, base: string | null, feedAuthor: string | null): ParsedItem {
  const enclosures: ParsedItem['enclosures'] = [];
  for (const a of arr(item.attachments)) {
    if (enclosuresFull(enclosures)) break;
    const att = obj(a);
    if (!att) continue;
    const size = att.size_in_bytes;
    addEnclosure(
      enclosures,
      resolveUrl(str(att.url), base),
      str(att.mime_type) ?? undefined,
      typeof size === 'number' ? String(size) : undefined,
    );
  }
  const categories: string[] = [];
  for (const tag of arr(item.tags)) {
    if (categoriesFull(categories)) break;
    if (typeof tag === 'string') addCategory(categories, tag);
  }
  const id = item.id;
  const html = str(item.content_html);
  const text = str(item.content_text);
  const summary = str(item.summary);
  return {
    // JSON Feed 1.1: "id" is a string, but 1.0 feeds also send numbers.
    id: typeof id === 'string' ? nonEmpty(id) : typeof id === 'number' ? String(id) : null,
    title: plainText(str(item.title) ?? ''),
    link: resolveUrl(str(item.url), base) ?? resolveUrl(str(item.external_url), base),
    summary: summary === null ? null : escapeText(cutText(summary, LIMITS.html)),
    content:
      html !== null
        ? absolutizeHtml(cutHtml(html, LIMITS.html), base)
        : text !== null
          ? escapeText(cutText(text, LIMITS.html))
          : null,
    author: authorName(item) ?? feedAuthor,
    published: parseDate(str(item.date_published)),
    updated: parseDate(str(item.date_modified)),
    enclosures,
    categories,
  };
}

function authorName(o: Json): string | null {
  for (const a of [...arr(o.authors), o.author]) {
    const name = str(obj(a)?.name);
    if (name) return plainText(name);
  }
  return null;
}
