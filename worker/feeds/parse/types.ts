// The shape every format parser returns (STYLE.md pattern 7). Dates are `toISOString()` values; title,
// author and categories are plain text; summary and content are unsanitised HTML.

export type FeedFormat = 'rss' | 'rss-rdf' | 'atom' | 'json-feed';

export type ParsedEnclosure = { url: string; type: string | null; length: number | null };

export type ParsedItem = {
  id: string | null;
  title: string;
  link: string | null;
  summary: string | null;
  content: string | null;
  author: string | null;
  published: string | null;
  updated: string | null;
  enclosures: ParsedEnclosure[];
  categories: string[];
};

export type ParsedFeed = {
  format: FeedFormat;
  title: string;
  link: string | null;
  description: string | null;
  language: string | null;
  image: string | null;
  items: ParsedItem[];
};

/** Items kept from one document, in document order: enough for any real feed (we store the newest 500). */
export const MAX_ITEMS = 5000;

/** Thrown for anything that is not a readable feed; the message is shown to people as is. */
export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}
