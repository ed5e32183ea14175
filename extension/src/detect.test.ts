import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WELL_KNOWN_FEED_PATHS } from '../../worker/feeds/well-known-paths';
import { cleanTitle, detectFeeds, MAX_FEEDS, MAX_TITLE_LENGTH, resolveFeedUrl, wellKnownCandidates } from './detect';
import { renderFeedList } from './popup-view';

function fixture(name: string): string {
  // happy-dom replaces URL, which then mis-resolves file: URLs: build the path with node:path.
  return readFileSync(join(import.meta.dirname, '..', 'testdata', name), 'utf8');
}

function parse(text: string, type: DOMParserSupportedType = 'text/html'): Document {
  return new DOMParser().parseFromString(text, type);
}

describe('detectFeeds on a blog post', () => {
  const pageUrl = 'https://blog.example.com/2024/05/warp-and-weft/';

  it('finds the RSS, Atom and comments feeds in page order, with absolute URLs and plain-text titles', () => {
    expect(detectFeeds(fixture('blog.html'), pageUrl)).toEqual([
      { url: 'https://blog.example.com/feed/', title: 'Notes from the Loom » Feed', type: 'rss' },
      { url: 'https://blog.example.com/feed/atom/', title: 'Notes from the Loom (Atom)', type: 'atom' },
      {
        url: 'https://blog.example.com/2024/05/warp-and-weft/comments/feed/',
        title: 'Comments on: Warp and weft',
        type: 'rss',
      },
    ]);
  });

  it('gives the same answer for a parsed Document as for its HTML text', () => {
    const text = fixture('blog.html');
    expect(detectFeeds(parse(text), pageUrl)).toEqual(detectFeeds(text, pageUrl));
  });

  it('ignores alternate style sheets, translations, HTML alternates, WordPress REST JSON, oEmbed and javascript: links', () => {
    const urls = detectFeeds(fixture('blog.html'), pageUrl).map((feed) => feed.url);
    expect(urls).not.toContain('https://blog.example.com/not-a-feed.xml');
    expect(urls.some((url) => url.includes('wp-json') || url.includes('/fr/') || url.includes('/amp/'))).toBe(false);
    expect(urls.every((url) => url.startsWith('https://'))).toBe(true);
  });
});

describe('detectFeeds with feed: links and other feed types', () => {
  const feeds = detectFeeds(fixture('feed-scheme.html'), 'https://news.example.org/sections/front');

  it('resolves links against <base href> and recognises JSON Feed, RDF and text/xml alternates', () => {
    expect(feeds.slice(0, 3)).toEqual([
      { url: 'https://news.example.org/sections/headlines.json', title: 'Headlines (JSON Feed)', type: 'json' },
      { url: 'https://news.example.org/rdf/headlines.rdf', title: 'Headlines (RSS 1.0)', type: 'rdf' },
      { url: 'https://news.example.org/legacy.xml', title: 'Legacy headlines', type: 'unknown' },
    ]);
  });

  it('turns feed:// into http:// and unwraps feed:https://, titled by the link title or its text', () => {
    expect(feeds.slice(3)).toEqual([
      { url: 'http://podcasts.example.org/episodes.xml', title: 'Subscribe to the podcast', type: 'unknown' },
      { url: 'https://news.example.org/world.rss', title: 'World news', type: 'unknown' },
      { url: 'http://news.example.org/sport.rss', title: 'Sport news', type: 'unknown' },
    ]);
  });
});

describe('detectFeeds on a page with 60 feed links and hostile link text', () => {
  const pageUrl = 'https://many.example.com/';
  const feeds = detectFeeds(fixture('many-feeds.html'), pageUrl);

  it(`keeps the first ${MAX_FEEDS}`, () => {
    expect(feeds).toHaveLength(MAX_FEEDS);
    expect(feeds.at(-1)?.url).toBe('https://many.example.com/category/46/feed/');
  });

  it('keeps markup in titles as literal text', () => {
    expect(feeds[0]?.title).toBe('<img src=x onerror=alert(1)>');
    expect(feeds[2]?.title).toBe('<script>alert("x")</script>');
  });

  it('cuts a 10,000-character title to one line of at most the maximum length', () => {
    const long = feeds[1]?.title ?? '';
    expect(Array.from(long)).toHaveLength(MAX_TITLE_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });

  it('removes line breaks and bidirectional overrides that could disguise a title', () => {
    expect(feeds[3]?.title).toBe('evil lmth.exe second line');
  });

  it('shows hostile titles in the popup as inert text', () => {
    const list = document.createElement('ul');
    renderFeedList(list, feeds, { onAdd: () => {} });
    expect(list.querySelectorAll('img, script')).toHaveLength(0);
    expect(list.querySelectorAll('li')).toHaveLength(MAX_FEEDS);
    expect(list.querySelector('.feed-title')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('detectFeeds on pages without feeds', () => {
  it('finds nothing on a page with only non-feed links', () => {
    expect(detectFeeds(fixture('no-feeds.html'), 'https://example.com/contact')).toEqual([]);
  });

  it('finds nothing in an empty document', () => {
    expect(detectFeeds('', 'https://example.com/')).toEqual([]);
  });
});

describe('detectFeeds on a feed itself', () => {
  it('recognises an RSS document by its root element, titled by its channel', () => {
    const pageUrl = 'https://shuttle.example.net/index.xml';
    const expected = [{ url: pageUrl, title: 'Loom & Shuttle', type: 'rss' }];
    expect(detectFeeds(fixture('rss-document.xml'), pageUrl)).toEqual(expected);
    expect(detectFeeds(parse(fixture('rss-document.xml'), 'text/xml'), pageUrl)).toEqual(expected);
  });

  it("recognises an Atom document and ignores its own alternate link and its entries' titles", () => {
    const pageUrl = 'https://shuttle.example.net/atom.xml#top';
    expect(detectFeeds(fixture('atom-document.xml'), pageUrl)).toEqual([
      { url: 'https://shuttle.example.net/atom.xml', title: 'Shuttle (Atom)', type: 'atom' },
    ]);
  });

  it('recognises a JSON Feed by its version', () => {
    const pageUrl = 'https://shuttle.example.net/feed.json';
    expect(detectFeeds(fixture('json-feed.json'), pageUrl)).toEqual([
      { url: pageUrl, title: 'Shuttle "JSON" edition', type: 'json' },
    ]);
  });

  it("recognises an XML feed shown in Chromium's XML viewer", () => {
    const doc = parse(fixture('chromium-xml-viewer.html'));
    Object.defineProperty(doc, 'contentType', { value: 'application/xml' });
    expect(detectFeeds(doc, 'https://shuttle.example.net/index.xml')).toEqual([
      { url: 'https://shuttle.example.net/index.xml', title: 'Viewer & Shuttle', type: 'rss' },
    ]);
  });

  it('recognises a feed that Chromium shows as plain text (how it renders application/rss+xml)', () => {
    const doc = parse(fixture('chromium-text-feed.html'));
    Object.defineProperty(doc, 'contentType', { value: 'text/plain' });
    expect(detectFeeds(doc, 'https://news.example.org/index.rdf')).toEqual([
      { url: 'https://news.example.org/index.rdf', title: 'Headlines & more', type: 'rdf' },
    ]);
  });

  it('leaves plain-text pages that are not feeds alone', () => {
    const doc = parse('<html><body><pre>&lt;html&gt; is how a page starts</pre></body></html>');
    Object.defineProperty(doc, 'contentType', { value: 'text/plain' });
    expect(detectFeeds(doc, 'https://example.com/notes.txt')).toEqual([]);
  });

  it('recognises a document served with a feed media type', () => {
    const doc = parse('<html><body><pre>unreadable</pre></body></html>');
    Object.defineProperty(doc, 'contentType', { value: 'application/atom+xml' });
    expect(detectFeeds(doc, 'https://example.com/feed')).toEqual([
      { url: 'https://example.com/feed', title: 'Atom feed', type: 'atom' },
    ]);
  });
});

describe('resolveFeedUrl', () => {
  it('accepts only http and https results', () => {
    expect(resolveFeedUrl('feed:ftp://example.com/rss', 'https://example.com/')).toBeNull();
    expect(resolveFeedUrl('data:text/xml,<rss/>', 'https://example.com/')).toBeNull();
    expect(resolveFeedUrl('  /rss#x ', 'https://example.com/a/')).toBe('https://example.com/rss');
  });
});

describe('cleanTitle', () => {
  it('falls back when the title is blank', () => {
    expect(cleanTitle(' \n\t ', 'RSS feed')).toBe('RSS feed');
  });
});

describe('wellKnownCandidates', () => {
  it("lists the common feed paths at the page's origin, the same the Worker's discovery tries", () => {
    const candidates = wellKnownCandidates('https://blog.example.com/2024/05/post?ref=1#top');
    expect(candidates.slice(0, 3)).toEqual([
      'https://blog.example.com/feed',
      'https://blog.example.com/rss',
      'https://blog.example.com/atom.xml',
    ]);
    expect(candidates).toContain('https://blog.example.com/feeds/posts/default');
    expect(candidates).toContain('https://blog.example.com/?feed=rss2');
    // The one list the Worker's discovery uses too (worker/feeds/discover.ts).
    expect(candidates).toEqual(WELL_KNOWN_FEED_PATHS.map((path) => new URL(path, 'https://blog.example.com/').href));
  });

  it('lists nothing for pages that are not on the web', () => {
    expect(wellKnownCandidates('chrome://extensions/')).toEqual([]);
    expect(wellKnownCandidates('not a url')).toEqual([]);
  });
});
