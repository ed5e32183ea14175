// Hostile and broken input: each gets a FeedParseError with a message a person can read, or safe output.
import { describe, expect, it } from 'vitest';
import { FeedParseError, MAX_ITEMS, parseFeed } from './index';
import { LIMITS } from './limits';
import { parseXml, type XmlElement } from './xml';

const rss = (items: string, title = 'T') =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>https://example.com/</link>${items}</channel></rss>`;

describe('not a feed', () => {
  it.each([
    ['', 'The feed is empty'],
    [' \n\t ', 'The feed is empty'],
    [
      '<!DOCTYPE html><html><head><title>Hi</title></head><body>Hello</body></html>',
      'This URL returned an HTML page, not a feed',
    ],
    ['<html><body><a href="/feed">feed</a></body></html>', 'This URL returned an HTML page, not a feed'],
    ['hello, world', 'This URL did not return a feed'],
    ['<?xml version="1.0"?><rss ver', 'truncated'],
    ['<?xml version="1.0"?><note><to>Tove</to></note>', 'not RSS, Atom or JSON Feed'],
    ['{"hello": "world"}', 'not a JSON Feed'],
    ['{"version": "https://jsonfeed.org/version/1.1", "items": [', 'not valid JSON'],
  ])('%j → FeedParseError', (input, message) => {
    expect(() => parseFeed(input)).toThrow(FeedParseError);
    expect(() => parseFeed(input)).toThrow(message);
  });

  it('says so for empty bytes too', () => {
    expect(() => parseFeed(new Uint8Array())).toThrow('The feed is empty');
  });
});

describe('XML attacks', () => {
  it('does not expand entities declared in the DTD (billion laughs)', () => {
    const lol = ['<!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i++) lol.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
    const xml = `<?xml version="1.0"?><!DOCTYPE rss [${lol.join('')}]><rss version="2.0"><channel><title>&lol9;</title></channel></rss>`;
    // Not one entity expanded: the reference stays as written (bench/parse-hostile.mjs times this shape).
    expect(parseFeed(xml).title).toBe('&lol9;');
  });

  it('never loads external entities', () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&xxe;</title></channel></rss>';
    expect(parseFeed(xml).title).toBe('&xxe;');
  });
});

describe('hostile content', () => {
  it('turns markup in titles into plain text', () => {
    const feed = parseFeed(
      rss(
        '<item><title>&lt;script&gt;alert(1)&lt;/script&gt;Hi &lt;img src=x onerror=alert(1)&gt;</title><author>&lt;b onmouseover=x&gt;Jo&lt;/b&gt;</author><category>&lt;i&gt;News&lt;/i&gt;</category></item>',
        '<![CDATA[<b onclick="x()">Bold</b> title]]>',
      ),
    );
    expect(feed.title).toBe('Bold title');
    expect(feed.items[0]?.title).toBe('Hi');
    expect(feed.items[0]?.author).toBe('Jo');
    expect(feed.items[0]?.categories).toEqual(['News']);
  });

  it('drops javascript: and data: links', () => {
    const feed = parseFeed(
      rss(
        '<item><title>x</title><link>javascript:alert(1)</link><enclosure url="data:text/html,hi" type="text/html"/></item>',
      ),
    );
    expect(feed.items[0]?.link).toBeNull();
    expect(feed.items[0]?.enclosures).toEqual([]);
  });

  it('keeps summary HTML for the sanitiser, unsanitised', () => {
    const feed = parseFeed(
      rss('<item><title>x</title><description>&lt;p onclick="x"&gt;Hi&lt;/p&gt;</description></item>'),
    );
    expect(feed.items[0]?.summary).toBe('<p onclick="x">Hi</p>');
  });

  it('reads damaged UTF-8 with replacement characters instead of throwing', () => {
    // Mostly UTF-8 ("é" three times as C3 A9) with two stray bytes: damage, not another encoding.
    const head = new TextEncoder().encode(
      '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>café café café caf',
    );
    const tail = new TextEncoder().encode(' ok</title></channel></rss>');
    const bytes = new Uint8Array([...head, 0xe9, 0xff, ...tail]);
    expect(parseFeed(bytes).title).toBe('café café café caf\ufffd\ufffd ok');
  });
});

// Work and memory are bounded by the caps (counted here; bench/parse-hostile.mjs times the same shapes).
describe('size', () => {
  it('reads a 10 MB description up to the HTML cap', () => {
    const big = 'lorem ipsum &amp; dolor <b>sit</b> '.repeat(300_000);
    const feed = parseFeed(rss(`<item><title>x</title><description><![CDATA[${big}]]></description></item>`));
    expect(feed.items[0]?.summary).toBe(big.slice(0, LIMITS.html));
  });

  it(`reads 100,000 items and keeps the first ${MAX_ITEMS}`, () => {
    const items = Array.from(
      { length: 100_000 },
      (_, i) =>
        `<item><title>Item ${i}</title><link>https://example.com/${i}</link><pubDate>Mon, 02 Mar 2015 08:00:00 GMT</pubDate></item>`,
    ).join('');
    const feed = parseFeed(rss(items));
    expect(feed.items).toHaveLength(MAX_ITEMS);
    expect(feed.items[0]?.title).toBe('Item 0');
    expect(feed.items.at(-1)?.title).toBe(`Item ${MAX_ITEMS - 1}`);
    // The reader stops at the item past the cap: the tree never holds the other 95,000.
    const channel = parseXml(rss(items)).root?.children.find(
      (node): node is XmlElement => typeof node !== 'string' && node.name === 'channel',
    );
    expect(channel?.children.filter((node) => typeof node !== 'string' && node.name === 'item')).toHaveLength(
      MAX_ITEMS,
    );
  });

  it('survives pathological nesting', () => {
    const xml = rss(`<item><title>deep</title><description>${'<div>'.repeat(50_000)}x</description></item>`);
    expect(parseFeed(xml).items[0]?.title).toBe('deep');
  });
});
