import { describe, expect, it } from 'vitest';
import { feedTypeOfXmlText, sniffFeedTitle, sniffFeedType } from './feed-sniff';

const RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>Weekly &amp; more</title></channel></rss>';

describe('sniffFeedType', () => {
  it('trusts feed media types and never HTML', () => {
    expect(sniffFeedType('application/atom+xml', '')).toBe('atom');
    expect(sniffFeedType('text/html', RSS)).toBeNull();
  });

  it('reads generic types by root element, past comments and processing instructions', () => {
    expect(sniffFeedType('application/xml', '<!-- x --><?xml-stylesheet href="a.xsl"?>\n<rdf:RDF>')).toBe('rdf');
    expect(sniffFeedType(null, '<html><body>rss</body></html>')).toBeNull();
  });
});

describe('sniffFeedTitle', () => {
  it('decodes numeric entities in the first title', () => {
    expect(sniffFeedTitle('rss', '<rss><channel><title>Caf&#233; &#x2014; news</title>')).toBe('Café — news');
  });
});

describe('feedTypeOfXmlText', () => {
  it('answers quickly for long runs of whitespace and unterminated comments', () => {
    const started = performance.now();
    expect(feedTypeOfXmlText(`${' \n'.repeat(30_000)}x`)).toBeNull();
    expect(feedTypeOfXmlText(`<!--${'-'.repeat(60_000)}`)).toBeNull();
    expect(feedTypeOfXmlText(`${'<?pi?>'.repeat(5_000)}<rss>`)).toBe('rss');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
