// Namespaced extensions that RSS, RDF and Atom share: Media RSS (enclosures, thumbnails), iTunes and
// Podcasting 2.0 (images, authors, alternate enclosures), Dublin Core (creator, subject, dates) and the
// Atom elements RSS feeds borrow (atom:link). Each helper reads one concern from an item or channel.

import { cutText, LIMITS } from './limits';
import { child, childrenNamed, childText, plainText, textOf } from './text';
import type { ParsedEnclosure } from './types';
import { resolveUrl } from './urls';
import type { XmlElement } from './xml';

/**
 * Whether an item already has all the enclosures (or categories) it may keep: loops stop there, so an
 * item of a million enclosures costs no more than one of a hundred (the duplicate checks are per entry).
 */
export const enclosuresFull = (list: readonly ParsedEnclosure[]) => list.length >= LIMITS.enclosures;
export const categoriesFull = (list: readonly string[]) => list.length >= LIMITS.categories;

export function addEnclosure(
  list: ParsedEnclosure[],
  url: string | null,
  type: string | undefined,
  length: string | undefined,
): void {
  if (url === null || url.length > LIMITS.url || enclosuresFull(list) || list.some((e) => e.url === url)) return;
  const n = length === undefined ? Number.NaN : Number.parseInt(length.trim(), 10);
  list.push({ url, type: type?.trim() || null, length: Number.isFinite(n) && n >= 0 ? n : null });
}

/** Media RSS <media:content> (also inside <media:group>) and Podcasting 2.0 <podcast:alternateEnclosure>. */
export function extensionEnclosures(el: XmlElement, base: string | null, out: ParsedEnclosure[]): void {
  const groups = [el, ...childrenNamed(el, 'media:group')];
  for (const group of groups) {
    for (const media of childrenNamed(group, 'media:content')) {
      if (enclosuresFull(out)) return;
      addEnclosure(
        out,
        resolveUrl(media.attrs.url, base),
        media.attrs.type,
        media.attrs.fileSize ?? media.attrs.filesize,
      );
    }
  }
  for (const alt of childrenNamed(el, 'podcast:alternateEnclosure')) {
    for (const source of childrenNamed(alt, 'podcast:source')) {
      if (enclosuresFull(out)) return;
      addEnclosure(out, resolveUrl(source.attrs.uri, base), alt.attrs.type, alt.attrs.length);
    }
  }
}

/** Image for a channel or item: iTunes image, Media RSS thumbnail, then a Media RSS image. */
export function extensionImage(el: XmlElement, base: string | null): string | null {
  const itunes = child(el, 'itunes:image');
  const fromItunes = resolveUrl(itunes?.attrs.href ?? itunes?.attrs.url ?? childText(itunes, 'url'), base);
  if (fromItunes) return fromItunes;
  for (const group of [el, ...childrenNamed(el, 'media:group')]) {
    const thumb = child(group, 'media:thumbnail');
    const url = resolveUrl(thumb?.attrs.url, base);
    if (url) return url;
  }
  for (const media of childrenNamed(el, 'media:content')) {
    if (media.attrs.medium === 'image' || media.attrs.type?.startsWith('image/')) {
      const url = resolveUrl(media.attrs.url, base);
      if (url) return url;
    }
  }
  return null;
}

/** Author from Dublin Core or iTunes, for items and channels that lack their own. */
export function extensionAuthor(el: XmlElement): string | null {
  for (const name of ['dc:creator', 'itunes:author', 'dc:author', 'dc:publisher', 'media:credit']) {
    const value = childText(el, name);
    if (value) return plainText(value);
  }
  return null;
}

/** <dc:subject> and <media:category> as categories. */
export function extensionCategories(el: XmlElement, out: string[]): void {
  for (const subject of childrenNamed(el, 'dc:subject')) if (!categoriesFull(out)) addCategory(out, textOf(subject));
  for (const cat of childrenNamed(el, 'media:category')) if (!categoriesFull(out)) addCategory(out, textOf(cat));
}

export function addCategory(out: string[], raw: string | null | undefined): void {
  if (raw == null || categoriesFull(out)) return;
  const value = cutText(plainText(raw), LIMITS.category);
  if (value !== '' && !out.includes(value)) out.push(value);
}

/** <atom:link rel="…"> hrefs inside RSS and RDF (feeds add rel="self", rel="alternate", rel="enclosure"). */
export function atomLinks(el: XmlElement, rel: string, base: string | null): XmlElement[] {
  return childrenNamed(el, 'atom:link').filter(
    (l) => (l.attrs.rel ?? 'alternate') === rel && resolveUrl(l.attrs.href, base) !== null,
  );
}
