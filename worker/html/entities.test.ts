// Character references decoded as browsers do (HTML §13.2.5.72-80), in text and in attribute values,
// and by the tree builder in RCDATA (title, textarea); XML rules for feeds; escaping for HTML and XML.
import { describe, expect, it } from 'vitest';
import { parseFeed } from '../feeds/parse';
import { decodeEntities, escapeAttribute, escapeText, escapeXml } from './entities';
import { parseHtml, textContent } from './html-tree';

describe('decodeEntities', () => {
  it('decodes references as browsers do', () => {
    expect(decodeEntities('&lt;&#60;&#x3C;&eacute;&hellip;&#128;&#0;&#xD800;&amp')).toBe('<<<é…€\ufffd\ufffd&');
    expect(decodeEntities('?a=1&copy=2&amp;b', 'html-attribute')).toBe('?a=1&copy=2&b');
    expect(textContent(parseHtml('<title>A &amp; B</title><textarea><b>&lt;</b></textarea>'))).toBe('A & B<b><</b>');
  });
});

describe('decodeEntities by grammar', () => {
  it('reads a feed as XML: a reference needs its ";", so a URL in a <link> keeps "&copy="', () => {
    expect(decodeEntities('https://a.example/?a=1&copy=2&amp;b', 'xml')).toBe('https://a.example/?a=1&copy=2&b');
    expect(decodeEntities('&eacute;t&eacute; &#x110000; &#150;', 'xml')).toBe('été &#x110000; –');
  });

  it('reads HTML text as a browser does: legacy names without ";", no character becomes U+FFFD', () => {
    expect(decodeEntities('&copy2024 &#x110000; &#150;')).toBe('©2024 \ufffd –');
  });

  it('reads the five XML references and their near misses the same in every grammar', () => {
    const text = '&lt;&gt;&amp;&quot;&apos; &lt &ltx; &amplt; &quo; &LT; &#60 &';
    expect(decodeEntities(text, 'xml')).toBe(`<>&"' &lt &ltx; &amplt; &quo; < &#60 &`);
    expect(decodeEntities(text)).toBe(`<>&"' < <x; &lt; &quo; < < &`);
    // A long escaped text (past the pieces of one chunk) comes out whole and in order.
    const paragraph = '&lt;p&gt;Tom &amp; Jerry&lt;/p&gt;';
    expect(decodeEntities(paragraph.repeat(5_000), 'xml')).toBe('<p>Tom & Jerry</p>'.repeat(5_000));
  });

  it('keeps a feed item link that carries "&copy=" as written', () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://a.example/</link>
<item><title>One</title><link>https://a.example/post?id=1&amp;copy=2</link></item></channel></rss>`;
    expect(parseFeed(xml, 'https://a.example/feed').items[0]?.link).toBe('https://a.example/post?id=1&copy=2');
  });
});

describe('escaping', () => {
  it('writes HTML with a visible no-break space and XML with only its five entities', () => {
    expect(escapeText('Tom & Jerry <3\u00a0"hi"')).toBe('Tom &amp; Jerry &lt;3&nbsp;"hi"');
    expect(escapeAttribute('a"b&c')).toBe('a&quot;b&amp;c');
    expect(escapeXml(`Tom's "A&B"\u00a0<x>`)).toBe('Tom&apos;s &quot;A&amp;B&quot;\u00a0&lt;x&gt;');
  });
});

describe('feed titles written in HTML', () => {
  it('join inline elements as a browser shows them and keep a meant no-break space', () => {
    const xml = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>urn:t</id>
<entry><id>urn:1</id><title type="html">H&lt;sub&gt;2&lt;/sub&gt;O&amp;nbsp;news</title></entry></feed>`;
    expect(parseFeed(xml, 'https://a.example/feed').items[0]?.title).toBe('H2O\u00a0news');
  });
});
