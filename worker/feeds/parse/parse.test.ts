// Table-driven over the real-world fixtures (testdata/fixtures, listed in MANIFEST.tsv), then specific
// values a reader would notice on a dozen representative feeds. Fixtures are read as UTF-8 text
// (test/fixture-feeds.ts); byte-level encoding cases live in encoding.test.ts.
import { describe, expect, it } from 'vitest';
import { fixtureFeeds } from '../../test/fixture-feeds';
import { FeedParseError, type ParsedFeed, parseFeed } from './index';

const fixtures = fixtureFeeds();
const manifest = (fixtures.get('MANIFEST.tsv') ?? '')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .map(([file = '', , , format = '', , , features = '']) => ({ file, format, features }));

const NOT_FEEDS = new Set(['html(not-a-feed)', 'unknown']);

function parseFixture(file: string): ParsedFeed {
  const text = fixtures.get(file);
  if (text === undefined) throw new Error(`missing fixture ${file}`);
  return parseFeed(text, 'https://fixture.example/feed');
}

function expectedFormat(manifestFormat: string): string {
  if (manifestFormat.startsWith('json')) return 'json-feed';
  if (manifestFormat.startsWith('atom')) return 'atom';
  if (manifestFormat.includes('rdf')) return 'rss-rdf';
  return 'rss';
}

describe('every fixture', () => {
  it('is listed in the manifest', () => {
    expect(manifest.length).toBeGreaterThan(130);
    for (const { file } of manifest) expect(fixtures.has(file), file).toBe(true);
  });

  for (const { file, format, features } of manifest) {
    if (NOT_FEEDS.has(format)) {
      it(`${file} is refused with a FeedParseError`, () => {
        expect(() => parseFixture(file)).toThrow(FeedParseError);
      });
      continue;
    }
    it(`${file} parses as ${expectedFormat(format)} with a title`, () => {
      const feed = parseFixture(file);
      expect(feed.format).toBe(expectedFormat(format));
      expect(feed.title.trim()).not.toBe('');
      for (const item of feed.items) {
        for (const date of [item.published, item.updated])
          if (date !== null) expect(new Date(date).toISOString()).toBe(date);
        if (item.link !== null) expect(item.link).toMatch(/^https?:\/\//);
        expect(item.title).not.toMatch(/<[a-z/][^>]*>/i);
      }
      if (features.includes('enclosure')) expect(feed.items.some((i) => i.enclosures.length > 0)).toBe(true);
    });
  }
});

describe('what a reader sees', () => {
  it('shows the Liftoff News sample (RSS 2.0 spec example)', () => {
    const feed = parseFixture('node-feedparser__rss2sample.xml');
    expect(feed).toMatchObject({
      format: 'rss',
      title: 'Liftoff News',
      link: 'http://liftoff.msfc.nasa.gov/',
      language: 'en-us',
    });
    expect(feed.items[0]).toMatchObject({
      title: 'Star City',
      link: 'http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp',
      published: '2003-06-03T09:39:21.000Z',
    });
  });

  it('reads Atom 1.0 with xhtml content and inherited authors', () => {
    const feed = parseFixture('feedsmith__atom-10.xml');
    expect(feed.title).toBe('Comprehensive Atom 1.0 Example Feed');
    expect(feed.items[0]).toMatchObject({
      title: 'Comprehensive Entry Example',
      link: 'http://example.org/entry/1',
      author: 'John Doe',
    });
    expect(feed.items[0]?.published).toBe('2023-01-10T08:30:00.000Z');
  });

  it('reads Atom 0.3 (issued/modified dates)', () => {
    const feed = parseFixture('feedsmith__atom-03.xml');
    expect(feed.items[0]).toMatchObject({ title: 'First entry title', published: '2004-04-20T00:23:47.000Z' });
  });

  it('reads RSS 1.0 with Dublin Core dates (Slashdot)', () => {
    const feed = parseFixture('feed-extractor__rdf-standard.xml');
    expect(feed).toMatchObject({ format: 'rss-rdf', title: 'Slashdot', link: 'https://slashdot.org/' });
    expect(feed.items[0]?.title).toBe('SpaceX Working With Cloudflare To Speed Up Starlink Service');
    expect(feed.items[0]?.published).toBe('2023-08-24T07:00:00.000Z');
  });

  it('reads JSON Feed 1.1 with attachments', () => {
    const feed = parseFixture('JSONFeed__spec-1.1-example-2.json');
    expect(feed).toMatchObject({ format: 'json-feed', title: 'The Record', link: 'http://therecord.co/' });
    expect(feed.items[0]).toMatchObject({ title: 'Special #1 - Chris Parrish', published: '2014-05-09T21:04:00.000Z' });
    expect(feed.items[0]?.enclosures[0]).toMatchObject({ type: 'audio/x-m4a', length: 89970236 });
  });

  it('reads podcasts: enclosures, iTunes image', () => {
    const feed = parseFixture('feedjira__itunes.xml');
    expect(feed.image).toBe('http://example.com/podcasts/everything/AllAboutEverything.jpg');
    expect(feed.items[0]?.enclosures[0]).toEqual({
      url: 'http://example.com/podcasts/everything/AllAboutEverythingEpisode3.m4a',
      type: 'audio/x-m4a',
      length: 8727310,
    });
  });

  it('reads the Podcasting 2.0 example with alternate enclosures', () => {
    const feed = parseFixture('podcast-namespace__podcastindex-example.xml');
    expect(feed.title).toBe('Podcasting 2.0 Namespace Example');
    expect(feed.items[0]?.enclosures.length).toBeGreaterThan(1);
  });

  it('recovers items after an unclosed element (iTunes category left open)', () => {
    expect(parseFixture('feedjira__ITunesWithSingleQuotedAttributes.xml').items).toHaveLength(3);
  });

  it('keeps going past an unescaped ampersand', () => {
    const feed = parseFixture('node-feedparser__saxerror.xml');
    expect(feed.items.map((i) => i.link)).toContain('http://example.com/bad?foo=1&bar=2');
  });

  it('resolves relative links against xml:base and the feed URL', () => {
    const feed = parseFixture('node-feedparser__rss-with-relative-urls.xml');
    for (const item of feed.items) expect(item.link).toMatch(/^https:\/\//);
  });

  it('reads an Atom feed with no namespace and a bogus encoding', () => {
    const feed = parseFixture('miniflux__invalid-prolog.xml');
    expect(feed).toMatchObject({ format: 'atom', title: '테스트 피드' });
    expect(feed.items[0]?.title).toBe('Café');
  });

  it('decodes HTML entities in titles (TechCrunch)', () => {
    expect(parseFixture('feedjira__TechCrunch.xml').items[0]?.title).toBe(
      'Angie’s List Sets Price Range IPO At $11 To $13 Per Share; Valued At Over $600M',
    );
  });

  it('keeps content:encoded as HTML next to the description', () => {
    const item = parseFixture('feedjira__TenderLovemaking.xml').items[0];
    expect(item?.content).toContain('<');
    expect(item?.summary).not.toBeNull();
  });
});
