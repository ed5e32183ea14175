// RSS 0.90–0.94 and 2.0 (RSS 2.0 specification, RSS Advisory Board 2.0.11), with the content, dc, media,
// itunes, podcast and atom extensions. The item reader is shared with RSS 1.0 (rdf.ts): the element names
// are the same, RDF only moves <item> next to <channel>.

import { parseDate } from './dates';
import {
  addCategory,
  addEnclosure,
  atomLinks,
  categoriesFull,
  enclosuresFull,
  extensionAuthor,
  extensionCategories,
  extensionEnclosures,
  extensionImage,
} from './extensions';
import { cutHtml, LIMITS } from './limits';
import { child, childrenNamed, childText, htmlOf, nonEmpty, plainText, textOf } from './text';
import { MAX_ITEMS, type ParsedFeed, type ParsedItem } from './types';
import { absolutizeHtml, childBase, resolveUrl } from './urls';
import type { XmlElement } from './xml';

export function parseRss(root: XmlElement, url: string | undefined): ParsedFeed {
  // RSS 0.9x documents without <channel> exist; so do <channel> roots (Userland's scriptingNews era).
  const channel = root.name === 'channel' ? root : (child(root, 'channel') ?? root);
  const rootBase = childBase(root.attrs['xml:base'], url ?? null);
  const channelBase = childBase(channel.attrs['xml:base'], rootBase);
  const link = channelLink(channel, channelBase);
  // The channel link is the site; relative item links are relative to it when there is no xml:base.
  const base = channel.attrs['xml:base'] || root.attrs['xml:base'] ? channelBase : (link ?? channelBase);
  const items: ParsedItem[] = [];
  // Items belong in <channel> (RSS 2.0) but RSS 0.90-style and broken feeds put them beside it.
  const itemEls = childrenNamed(channel, 'item');
  if (channel !== root) itemEls.push(...childrenNamed(root, 'item'));
  for (const item of itemEls) {
    if (items.length >= MAX_ITEMS) break;
    items.push(readRssItem(item, base));
  }
  return {
    format: 'rss',
    title: plainText(
      childText(channel, 'title') ?? childText(channel, 'dc:title') ?? childText(channel, 'itunes:title') ?? '',
    ),
    link,
    description: channelDescription(channel),
    language: channelLanguage(channel, root),
    image: channelImage(channel, root, base),
    items,
  };
}

export function channelLink(channel: XmlElement, base: string | null): string | null {
  for (const el of childrenNamed(channel, 'link')) {
    // <link href="…"/> without a namespace: an Atom link written into RSS.
    const href = el.attrs.href;
    if (href !== undefined && (el.attrs.rel ?? 'alternate') !== 'alternate') continue;
    const resolved = resolveUrl(href ?? textOf(el), base);
    if (resolved) return resolved;
  }
  const alternate = atomLinks(channel, 'alternate', base)[0];
  return resolveUrl(alternate?.attrs.href, base);
}

export function channelDescription(channel: XmlElement): string | null {
  for (const name of ['description', 'dc:description', 'itunes:summary', 'itunes:subtitle', 'atom:subtitle']) {
    const el = child(channel, name);
    const html = el ? nonEmpty(htmlOf(el)) : null;
    if (html) return html;
  }
  return null;
}

export function channelLanguage(channel: XmlElement, root: XmlElement): string | null {
  return nonEmpty(
    childText(channel, 'language') ??
      childText(channel, 'dc:language') ??
      channel.attrs['xml:lang'] ??
      root.attrs['xml:lang'],
  );
}

export function channelImage(channel: XmlElement, root: XmlElement, base: string | null): string | null {
  // RSS 1.0 puts <image> beside <channel>; RSS 2.0 inside it.
  const image = child(channel, 'image') ?? child(root, 'image');
  const url = resolveUrl(childText(image, 'url') ?? image?.attrs['rdf:resource'] ?? image?.attrs['rdf:about'], base);
  return (
    url ??
    extensionImage(channel, base) ??
    resolveUrl(childText(channel, 'atom:logo') ?? childText(channel, 'atom:icon'), base)
  );
}

export function readRssItem(item: XmlElement, parentBase: string | null): ParsedItem {
  const base = childBase(item.attrs['xml:base'], parentBase);
  const guidEl = child(item, 'guid');
  const guid = nonEmpty(guidEl ? textOf(guidEl) : null);
  const id =
    guid ?? nonEmpty(item.attrs['rdf:about']) ?? childText(item, 'dc:identifier') ?? childText(item, 'atom:id');
  const summaryEl =
    child(item, 'description') ??
    child(item, 'dc:description') ??
    child(item, 'itunes:summary') ??
    child(item, 'atom:summary');
  const contentEl =
    child(item, 'content:encoded') ?? child(item, 'xhtml:body') ?? child(item, 'body') ?? child(item, 'atom:content');
  const enclosures: ParsedItem['enclosures'] = [];
  for (const enc of childrenNamed(item, 'enclosure')) {
    if (enclosuresFull(enclosures)) break;
    addEnclosure(
      enclosures,
      resolveUrl(enc.attrs.url ?? enc.attrs['rdf:resource'], base),
      enc.attrs.type,
      enc.attrs.length,
    );
  }
  for (const l of enclosuresFull(enclosures) ? [] : atomLinks(item, 'enclosure', base))
    addEnclosure(enclosures, resolveUrl(l.attrs.href, base), l.attrs.type, l.attrs.length);
  extensionEnclosures(item, base, enclosures);
  const categories: string[] = [];
  for (const cat of childrenNamed(item, 'category')) {
    if (categoriesFull(categories)) break;
    addCategory(categories, textOf(cat) || cat.attrs.term);
  }
  extensionCategories(item, categories);
  const pubDate = parseDate(childText(item, 'pubDate') ?? childText(item, 'pubdate'));
  const dcDate = parseDate(childText(item, 'dc:date'));
  return {
    id,
    title: plainText(
      childText(item, 'title') ??
        childText(item, 'dc:title') ??
        childText(item, 'itunes:title') ??
        childText(item, 'media:title') ??
        '',
    ),
    link: itemLink(item, base, guidEl, guid),
    summary: htmlField(summaryEl, base),
    content: htmlField(contentEl, base),
    author:
      rssAuthor(childText(item, 'author')) ??
      extensionAuthor(item) ??
      nonEmpty(plainText(childText(child(item, 'atom:author'), 'atom:name') ?? '')),
    published:
      pubDate ??
      parseDate(childText(item, 'dcterms:issued')) ??
      parseDate(childText(item, 'dcterms:created')) ??
      dcDate ??
      parseDate(childText(item, 'atom:published')),
    updated: parseDate(childText(item, 'atom:updated')) ?? parseDate(childText(item, 'dcterms:modified')) ?? dcDate,
    enclosures,
    categories,
  };
}

function itemLink(
  item: XmlElement,
  base: string | null,
  guidEl: XmlElement | undefined,
  guid: string | null,
): string | null {
  for (const el of childrenNamed(item, 'link')) {
    const href = el.attrs.href;
    if (href !== undefined && (el.attrs.rel ?? 'alternate') !== 'alternate') continue;
    const resolved = resolveUrl(href ?? textOf(el), base);
    if (resolved) return resolved;
  }
  const alternate = atomLinks(item, 'alternate', base)[0];
  if (alternate) return resolveUrl(alternate.attrs.href, base);
  // RSS 2.0: a guid is a permalink unless isPermaLink="false".
  if (guid !== null && guidEl?.attrs.isPermaLink?.trim().toLowerCase() !== 'false' && /^https?:\/\//i.test(guid))
    return resolveUrl(guid, base);
  const about = item.attrs['rdf:about'];
  if (about && /^https?:\/\//i.test(about)) return resolveUrl(about, base);
  return null;
}

function htmlField(el: XmlElement | undefined, base: string | null): string | null {
  if (!el) return null;
  const html = nonEmpty(htmlOf(el));
  return html === null ? null : absolutizeHtml(cutHtml(html, LIMITS.html), base);
}

/** RSS 2.0 <author> is an e-mail address, often "jo@example.com (Jo Bloggs)": the name is what people read. */
export function rssAuthor(raw: string | null): string | null {
  if (raw === null) return null;
  const text = plainText(raw);
  const named =
    /^\S+@\S+\s*\((.+)\)$/.exec(text) ?? /^(.+?)\s*\(\S+@\S+\)$/.exec(text) ?? /^(.+?)\s*<\S+@\S+>$/.exec(text);
  return nonEmpty(named?.[1] ?? text);
}
