// Items are capped in size before they are stored: D1 refuses a row over 1 MB, and one enormous entry
// must not stop a whole feed. Oversized text is cut (HTML at a tag boundary); the item is kept.
import type { ItemValues } from '../db/item-store';
import { cutText as cutAtCharacter, cutHtml, LIMITS } from './parse/limits';

/** Sanitised HTML kept per item: far above any article, far below D1's row limit (the parser's HTML cap). */
export const MAX_CONTENT_CHARS = LIMITS.html;
const MAX_FIELD_CHARS = { title: 1_000, description: 1_000, link: 2_048, thumbnail: 2_048, author: 500 } as const;

/**
 * How much of an item's content (as text) the search index holds: a long article is found by its first
 * few hundred words, and the index stays a fraction of the item (issue 12's storage goal; docs/scaling.md).
 */
export const MAX_INDEXED_CONTENT_CHARS = 4_000;

/**
 * The content text to index: the summary is indexed on its own, so content that starts with it (the
 * summary was made from it) is indexed from where the summary ends.
 */
export function indexedContentText(contentText: string, summary: string | null) {
  const rest = summary && contentText.startsWith(summary) ? contentText.slice(summary.length) : contentText;
  return rest.slice(0, MAX_INDEXED_CONTENT_CHARS);
}

const cutText = (text: string | null, max: number) => (text === null ? null : cutAtCharacter(text, max));

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
