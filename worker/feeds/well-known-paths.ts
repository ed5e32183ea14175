// Where blog engines publish a feed when a page does not say (WordPress, Blogger, Hugo, Jekyll, Ghost …),
// in order of how common they are. One list for the Worker's discovery (discover.ts) and the browser
// extension's "Look for more feeds" (extension/src/well-known.ts, bundled by scripts/build-extension.mjs):
// both look in the same places. Pure, with no imports, so the extension can bundle it.

/** Relative paths, resolved against a directory URL (the site root, or a blog's own directory). */
export const WELL_KNOWN_FEED_PATHS = [
  'feed',
  'rss',
  'atom.xml',
  'feed.xml',
  'index.xml',
  'rss.xml',
  'feed/',
  'feeds/posts/default',
  '?feed=rss2',
  'index.rss',
  'atom',
] as const;

/** The well-known feed URLs under each directory in `bases` (each ending in "/"), path by path, without repeats. */
export function wellKnownFeedUrlsUnder(bases: readonly string[]): string[] {
  return [...new Set(WELL_KNOWN_FEED_PATHS.flatMap((path) => bases.map((base) => new URL(path, base).href)))];
}
