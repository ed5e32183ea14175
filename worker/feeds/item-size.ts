// Items are capped in size before they are stored: D1 refuses a row over 1 MB, and one enormous entry
// must not stop a whole feed. Oversized text is cut (HTML at a tag boundary); the item is kept.
import type { ItemValues } from '../db/item-store';

/** Sanitised HTML kept per item: far above any article, far below D1's row limit. */
export const MAX_CONTENT_CHARS = 200_000;
const MAX_FIELD_CHARS = { title: 1_000, description: 1_000, link: 2_048, thumbnail: 2_048, author: 500 } as const;

/** Cuts HTML to at most `max` characters without leaving half a tag; the browser closes open elements. */
export function cutHtml(html: string, max: number) {
  if (html.length <= max) return html;
  const cut = html.slice(0, max);
  const openTag = cut.lastIndexOf('<');
  return openTag > cut.lastIndexOf('>') ? cut.slice(0, openTag) : cut;
}

const cutText = (text: string | null, max: number) => (text !== null && text.length > max ? text.slice(0, max) : text);

export function capItem(item: ItemValues): ItemValues {
  return {
    ...item,
    title: cutText(item.title, MAX_FIELD_CHARS.title) ?? item.title,
    description: cutText(item.description, MAX_FIELD_CHARS.description),
    content: item.content === null ? null : cutHtml(item.content, MAX_CONTENT_CHARS),
    link: cutText(item.link, MAX_FIELD_CHARS.link),
    // A cut image address would be a broken image: none is better.
    thumbnail: item.thumbnail !== null && item.thumbnail.length > MAX_FIELD_CHARS.thumbnail ? null : item.thumbnail,
    author: cutText(item.author, MAX_FIELD_CHARS.author),
  };
}
