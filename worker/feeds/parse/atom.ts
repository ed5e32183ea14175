// Atom 1.0 (RFC 4287) and Atom 0.3 (draft-nottingham-atom-format-02, still served by old Blogger and
// Google feeds). Elements of the feed's Atom namespace arrive bare ("entry", "link"), see xml.ts; Atom
// documents without any namespace read the same way.

import { escapeText } from '../../html/entities';
import { textOfHtml } from '../../html/text';
import { parseDate } from './dates';
import {
  addCategory,
  addEnclosure,
  categoriesFull,
  enclosuresFull,
  extensionAuthor,
  extensionCategories,
  extensionEnclosures,
  extensionImage,
} from './extensions';
import { cutHtml, cutText, LIMITS, PLAIN_TEXT_SOURCE_CHARS } from './limits';
import {
  child,
  childrenNamed,
  childText,
  collapse,
  hasElementChildren,
  nonEmpty,
  serializeNodes,
  textOf,
} from './text';
import { MAX_ITEMS, type ParsedFeed, type ParsedItem } from './types';
import { absolutizeHtml, childBase, resolveUrl } from './urls';
import type { XmlElement } from './xml';

export function parseAtom(feed: XmlElement, url: string | undefined): ParsedFeed {
  const base = childBase(feed.attrs['xml:base'], url ?? null);
  const feedAuthor = personName(feed);
  const items: ParsedItem[] = [];
  for (const entry of childrenNamed(feed, 'entry')) {
    if (items.length >= MAX_ITEMS) break;
    items.push(readEntry(entry, base, feedAuthor));
  }
  const subtitle = child(feed, 'subtitle') ?? child(feed, 'tagline') ?? child(feed, 'info');
  return {
    format: 'atom',
    title: plainOf(child(feed, 'title')) ?? '',
    link: alternateLink(feed, base),
    description: subtitle ? nonEmpty(htmlOfConstruct(subtitle)) : null,
    language: nonEmpty(feed.attrs['xml:lang'] ?? childText(feed, 'dc:language')),
    image:
      resolveUrl(childText(feed, 'logo'), base) ??
      resolveUrl(childText(feed, 'icon'), base) ??
      extensionImage(feed, base),
    items,
  };
}

function readEntry(entry: XmlElement, feedBase: string | null, feedAuthor: string | null): ParsedItem {
  const base = childBase(entry.attrs['xml:base'], feedBase);
  const enclosures: ParsedItem['enclosures'] = [];
  for (const link of childrenNamed(entry, 'link')) {
    if (enclosuresFull(enclosures)) break;
    if (link.attrs.rel?.trim() === 'enclosure') {
      addEnclosure(
        enclosures,
        resolveUrl(link.attrs.href, childBase(link.attrs['xml:base'], base)),
        link.attrs.type,
        link.attrs.length,
      );
    }
  }
  extensionEnclosures(entry, base, enclosures);
  const categories: string[] = [];
  for (const cat of childrenNamed(entry, 'category')) {
    if (categoriesFull(categories)) break;
    addCategory(categories, cat.attrs.term ?? cat.attrs.label ?? textOf(cat));
  }
  extensionCategories(entry, categories);
  const summaryEl = child(entry, 'summary');
  const contentEl = pickContent(childrenNamed(entry, 'content'));
  // RFC 4287 §4.2.1: an entry without an author takes its source's, then the feed's.
  const source = child(entry, 'source');
  const published = parseDate(
    childText(entry, 'published') ?? childText(entry, 'issued') ?? childText(entry, 'created'),
  );
  const updated = parseDate(childText(entry, 'updated') ?? childText(entry, 'modified'));
  return {
    id: nonEmpty(childText(entry, 'id')),
    title: plainOf(child(entry, 'title')) ?? '',
    link: alternateLink(entry, base),
    summary: summaryEl ? htmlFieldOf(summaryEl, base) : null,
    content: contentEl ? htmlFieldOf(contentEl, base) : null,
    author: personName(entry) ?? extensionAuthor(entry) ?? personName(source) ?? feedAuthor,
    published: published ?? parseDate(childText(entry, 'dc:date')) ?? parseDate(childText(entry, 'dcterms:issued')),
    updated: updated ?? parseDate(childText(entry, 'dcterms:modified')),
    enclosures,
    categories,
  };
}

/** rel="alternate" (the default, RFC 4287 §4.2.7.2) preferring text/html; else the first link not "self". */
function alternateLink(el: XmlElement, base: string | null): string | null {
  let fallback: string | null = null;
  let alternate: string | null = null;
  for (const link of childrenNamed(el, 'link')) {
    const rel = link.attrs.rel?.trim() ?? 'alternate';
    const href = resolveUrl(link.attrs.href ?? textOf(link), childBase(link.attrs['xml:base'], base));
    if (href === null) continue;
    if (rel === 'alternate' || rel === 'http://www.iana.org/assignments/relation/alternate') {
      const type = link.attrs.type;
      if (!type || type.includes('html')) return href;
      alternate ??= href;
    } else if (rel !== 'self' && rel !== 'enclosure' && rel !== 'hub' && rel !== 'replies' && rel !== 'edit') {
      fallback ??= href;
    }
  }
  return alternate ?? fallback;
}

/** The first <author><name> (Atom 0.3 also used <author><name> but allowed bare text). */
function personName(el: XmlElement | undefined): string | null {
  for (const author of childrenNamed(el, 'author')) {
    const name =
      childText(author, 'name') ??
      childText(author, 'email') ??
      (hasElementChildren(author) ? null : nonEmpty(textOf(author)));
    if (name) return collapse(textOfHtml(cutText(name, PLAIN_TEXT_SOURCE_CHARS)));
  }
  return null;
}

/** Prefers HTML or XHTML content over plain text when an entry carries several (Atom 0.3 multipart). */
function pickContent(list: XmlElement[]): XmlElement | undefined {
  if (list.length <= 1) return list[0];
  return list.find((c) => /html/.test(c.attrs.type ?? '')) ?? list[0];
}

type Construct = { html: boolean; value: string };

/**
 * An Atom text construct (RFC 4287 §3.1): type "text" (default), "html" (escaped) or "xhtml" (a div of
 * XHTML). Atom 0.3 used MIME types and mode="escaped" | "xml" | "base64" instead.
 */
function readConstruct(el: XmlElement): Construct | null {
  if (el.attrs.src !== undefined && el.children.length === 0) return null; // Out-of-line content (§4.1.3.2).
  const type = (el.attrs.type ?? 'text').trim().toLowerCase();
  const mode = el.attrs.mode?.trim().toLowerCase();
  if (mode === 'base64') return { html: type.includes('html'), value: decodeBase64(textOf(el)) };
  if (type === 'xhtml' || type === 'application/xhtml+xml' || mode === 'xml') {
    const divs = el.children.filter((n) => typeof n !== 'string');
    const only = divs.length === 1 ? divs[0] : undefined;
    const nodes = only && typeof only !== 'string' && /(^|:)div$/.test(only.name) ? only.children : el.children;
    return { html: true, value: serializeNodes(nodes) };
  }
  if (hasElementChildren(el)) return { html: true, value: serializeNodes(el.children) };
  if (type === 'html' || type === 'text/html' || mode === 'escaped') return { html: true, value: textOf(el) };
  return { html: false, value: textOf(el) };
}

function plainOf(el: XmlElement | undefined): string | null {
  if (!el) return null;
  const c = readConstruct(el);
  if (!c) return null;
  const value = cutText(c.value, PLAIN_TEXT_SOURCE_CHARS);
  return c.html ? collapse(textOfHtml(value)) : collapse(value);
}

function htmlOfConstruct(el: XmlElement): string {
  const c = readConstruct(el);
  if (!c) return '';
  return c.html ? c.value.trim() : escapeText(c.value.trim());
}

function htmlFieldOf(el: XmlElement, entryBase: string | null): string | null {
  const html = nonEmpty(htmlOfConstruct(el));
  if (html === null) return null;
  return absolutizeHtml(cutHtml(html, LIMITS.html), childBase(el.attrs['xml:base'], entryBase));
}

function decodeBase64(text: string): string {
  try {
    const binary = atob(text.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder('utf-8').decode(bytes);
  } catch {
    return '';
  }
}
