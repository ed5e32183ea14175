// Hostile documents (issue 29): each shape once cost the parser minutes of CPU or 100+ MB of heap at the
// refresh's 4 MiB cap. Timing and memory are measured by bench/parse-hostile.mjs; here each shape is
// built small and the work it causes is counted exactly, so the test cannot flake: characters
// lower-cased, Map entries written, slices taken, replace callbacks run, nodes kept in the tree.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseFeed } from './index';
import { LIMITS } from './limits';
import { MAX_ITEMS } from './types';
import { MAX_ATTRIBUTES, MAX_ELEMENTS, MAX_REPEATED_CHILDREN, parseXml, type XmlElement } from './xml';

const HEAD = '<rss version="2.0"><channel><title>t</title>';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Characters lower-cased while `run` runs. */
function lowerCasedDuring(run: () => void): number {
  const original = String.prototype.toLowerCase;
  let chars = 0;
  vi.spyOn(String.prototype, 'toLowerCase').mockImplementation(function (this: string) {
    chars += this.length;
    return original.call(this);
  });
  run();
  vi.restoreAllMocks();
  return chars;
}

/** Calls of `method` on String.prototype (or Map.prototype) while `run` runs. */
function callsDuring(target: object, method: string, run: () => void): number {
  let calls = 0;
  const original = (target as Record<string, (...args: unknown[]) => unknown>)[method] as (
    ...args: unknown[]
  ) => unknown;
  vi.spyOn(target as Record<string, (...args: unknown[]) => unknown>, method).mockImplementation(function (
    this: unknown,
    ...args: unknown[]
  ) {
    calls++;
    return original.apply(this, args);
  });
  run();
  vi.restoreAllMocks();
  return calls;
}

describe('end tags that match nothing', () => {
  it('cost one look-up each, however many long names are open', () => {
    // 128 open elements with 256-character names, then 4,000 end tags of another name: each end tag
    // used to lower-case every open name (128 × 2 × 256 characters), 260M characters in all.
    const doc = `${HEAD}${`<${'A'.repeat(255)}B>`.repeat(128)}${'</b>'.repeat(4_000)}`;
    let title = '';
    const lowered = lowerCasedDuring(() => {
      title = parseFeed(doc).title;
    });
    expect(title).toBe('t');
    expect(lowered).toBeLessThan(2 * doc.length);
  });

  it('cost one look-up each under 250 open elements', () => {
    const doc = `${HEAD}${'<e>'.repeat(250)}${'</b>'.repeat(20_000)}<item><title>after</title></item>`;
    let items: string[] = [];
    const lowered = lowerCasedDuring(() => {
      items = parseFeed(doc).items.map((i) => i.title);
    });
    expect(items).toEqual(['after']);
    expect(lowered).toBeLessThan(2 * doc.length);
  });

  it('still close the innermost element of that name, in any case', () => {
    const doc = `${HEAD}<item><title>one</TITLE><title>two</title></item></channel></rss>`;
    expect(parseFeed(doc).items[0]?.title).toBe('one');
  });
});

describe('namespace declarations', () => {
  it("cost one entry each: an element's declaration never copies its parent's map", () => {
    // A root declaring 2,000 prefixes, then 2,000 elements declaring one more: copying the root's map
    // for each wrote 4M entries.
    const decls = Array.from({ length: 2_000 }, (_, i) => ` xmlns:p${i}="u${i}"`).join('');
    const content = 'http://purl.org/rss/1.0/modules/content/';
    const doc =
      `<rss version="2.0"${decls}><channel><title>t</title>${'<x xmlns:q="v"/>'.repeat(2_000)}` +
      `<item xmlns:c="${content}"><title>i</title><c:encoded>body</c:encoded></item></channel></rss>`;
    let content1: string | null | undefined;
    const writes = callsDuring(Map.prototype, 'set', () => {
      content1 = parseFeed(doc).items[0]?.content;
    });
    expect(content1).toBe('body');
    expect(writes).toBeLessThan(10_000);
  });

  it('are undone when their element closes', () => {
    const doc =
      `<rss version="2.0" xmlns:m="http://search.yahoo.com/mrss/"><channel><title>t</title>` +
      `<item><x xmlns:m="urn:other"><m:content url="https://e.com/no.mp3"/></x>` +
      `<m:content url="https://e.com/a.mp3" type="audio/mpeg"/></item></channel></rss>`;
    expect(parseFeed(doc).items[0]?.enclosures.map((e) => e.url)).toEqual(['https://e.com/a.mp3']);
  });
});

describe('text in many pieces', () => {
  it("keeps text with 100,000 bare '<' as one slice of the document, not 200,000 pieces", () => {
    const text = '< '.repeat(100_000);
    const doc = `${HEAD}<item><description>${text}</description></item></channel></rss>`;
    let summary: string | null | undefined;
    const slices = callsDuring(String.prototype, 'slice', () => {
      summary = parseFeed(doc).items[0]?.summary;
    });
    expect(summary).toBe(text.trim());
    expect(slices).toBeLessThan(1_000);
  });

  it('decodes 100,000 references in one pass, with no callback per reference', () => {
    const doc = `${HEAD}<item><description>${'&amp;&#233;'.repeat(100_000)}</description></item></channel></rss>`;
    const original = String.prototype.replace;
    let callbacks = 0;
    vi.spyOn(String.prototype, 'replace').mockImplementation(function (this: string, pattern, replacement) {
      const replace = original as (this: string, p: unknown, r: unknown) => string;
      if (typeof replacement !== 'function') return replace.call(this, pattern, replacement);
      return replace.call(this, pattern, (...args: unknown[]) => {
        callbacks++;
        return (replacement as (...a: unknown[]) => string)(...args);
      });
    });
    const summary = parseFeed(doc).items[0]?.summary;
    vi.restoreAllMocks();
    expect(summary).toBe('&é'.repeat(100_000));
    expect(callbacks).toBeLessThan(100);
  });
});

describe('the tree', () => {
  it(`stops reading at item ${MAX_ITEMS + 1}: the items past the cut are never built`, () => {
    const doc = `${HEAD}${'<item><title>x</title></item>'.repeat(MAX_ITEMS * 3)}</channel></rss>`;
    const channel = (parseXml(doc).root as XmlElement).children[0] as XmlElement;
    expect(channel.children.filter((n) => typeof n !== 'string' && n.name === 'item')).toHaveLength(MAX_ITEMS);
    expect(parseFeed(doc).items).toHaveLength(MAX_ITEMS);
  });

  it(`keeps at most ${MAX_ELEMENTS.toLocaleString('en')} elements, read as a cut-off download past them`, () => {
    // Inside an element of no feed's structure, where children of one name are all kept (see below).
    const doc = `${HEAD}<item><title>first</title></item><x>${'<x/>'.repeat(MAX_ELEMENTS + 1_000)}</x></channel></rss>`;
    const parsed = parseXml(doc);
    let elements = 0;
    const count = (el: XmlElement) => {
      elements++;
      for (const n of el.children) if (typeof n !== 'string') count(n);
    };
    count(parsed.root as XmlElement);
    expect(elements).toBe(MAX_ELEMENTS);
    expect(parsed.truncated).toBe(true);
    expect(parseFeed(doc).items.map((i) => i.title)).toEqual(['first']);
  });

  it(`keeps ${MAX_REPEATED_CHILDREN} children of one name in an item, and finds what follows them`, () => {
    // One item with 20,000 categories and 20,000 enclosures kept 40,000 elements, walked again for every
    // field the item is read for (many-categories in bench/parse-hostile.mjs: 606 ms, 45 MB at 4 MiB).
    const cats = Array.from({ length: 20_000 }, (_, i) => `<category>c${i}</category>`).join('');
    const encs = Array.from({ length: 20_000 }, (_, i) => `<enclosure url="https://e.com/${i}.mp3"/>`).join('');
    const doc = `${HEAD}<item><title>t</title>${cats}${encs}<link>https://e.com/last</link><category>after</category></item></channel></rss>`;
    const channel = (parseXml(doc).root as XmlElement).children[0] as XmlElement;
    const item = channel.children.find((n) => typeof n !== 'string' && n.name === 'item') as XmlElement;
    const named = (name: string) => item.children.filter((n) => typeof n !== 'string' && n.name === name);
    expect(named('category')).toHaveLength(MAX_REPEATED_CHILDREN);
    expect(named('enclosure')).toHaveLength(MAX_REPEATED_CHILDREN);
    expect(named('link')).toHaveLength(1);
    expect(item.children).toHaveLength(2 * MAX_REPEATED_CHILDREN + 2);
    const parsed = parseFeed(doc).items[0];
    expect(parsed?.link).toBe('https://e.com/last');
    expect(parsed?.categories).toHaveLength(LIMITS.categories);
    // Items themselves are not repeated children: MAX_ITEMS of them are kept (above).
    expect(MAX_REPEATED_CHILDREN).toBeGreaterThanOrEqual(Math.max(LIMITS.categories, LIMITS.enclosures));
  });

  it(`keeps ${MAX_ATTRIBUTES} attributes of an element and reads ${MAX_ATTRIBUTES} namespace declarations`, () => {
    const attrs = Array.from({ length: 5_000 }, (_, i) => ` a${i}="${i}"`).join('');
    const root = parseXml(`<rss${attrs}><channel/></rss>`).root as XmlElement;
    expect(Object.keys(root.attrs)).toHaveLength(MAX_ATTRIBUTES);
    expect(root.attrs.a0).toBe('0');
  });
});

describe('field caps', () => {
  const x = (n: number) => 'x'.repeat(n);

  it('cuts every field to its documented length', () => {
    const big = x(300_000);
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>${big}</title><link>https://e.com/${big}</link><language>${x(100)}</language>` +
        `<item><title>${big}</title><link>https://e.com/${big}</link><guid>${big}</guid><author>${big}</author>` +
        `<category>${big}</category><description>${big}</description><content:encoded>${big}</content:encoded>` +
        `<enclosure url="https://e.com/${big}"/></item></channel></rss>`,
    );
    expect(feed.title).toHaveLength(LIMITS.title);
    expect(feed.link).toBeNull();
    expect(feed.language).toBeNull();
    const item = feed.items[0];
    expect(item?.title).toHaveLength(LIMITS.title);
    expect(item?.link).toBeNull();
    expect(item?.id).toHaveLength(LIMITS.id);
    expect(item?.author).toHaveLength(LIMITS.author);
    expect(item?.categories).toEqual([x(LIMITS.category)]);
    expect(item?.summary).toHaveLength(LIMITS.html);
    expect(item?.content).toHaveLength(LIMITS.html);
    expect(item?.enclosures).toEqual([]);
  });

  it('cuts at a character boundary, never between the halves of a surrogate pair', () => {
    const title = `${x(LIMITS.title - 1)}😀😀`;
    const cut = parseFeed(`${HEAD}<item><title>${title}</title></item></channel></rss>`).items[0]?.title ?? '';
    expect(cut).toBe(x(LIMITS.title - 1));
    expect(cut).not.toMatch(/[\ud800-\udbff]$/);
  });

  it(`keeps ${LIMITS.categories} categories and ${LIMITS.enclosures} enclosures of an item with 20,000 of each`, () => {
    const cats = Array.from({ length: 20_000 }, (_, i) => `<category>c${i}</category>`).join('');
    const encs = Array.from({ length: 20_000 }, (_, i) => `<enclosure url="https://e.com/${i}.mp3"/>`).join('');
    const item = parseFeed(`${HEAD}<item><title>t</title>${cats}${encs}</item></channel></rss>`).items[0];
    expect(item?.categories).toHaveLength(LIMITS.categories);
    expect(item?.categories[99]).toBe('c99');
    expect(item?.enclosures).toHaveLength(LIMITS.enclosures);
  });
});

describe('control characters and lone surrogates', () => {
  const doc = `${HEAD}<item><title>a\u0000b\u0001c\u001fd\te</title><description>x\u0007y\ud800z</description></item></channel></rss>`;

  it.each([
    ['text', doc],
    ['bytes', doc],
  ])('are removed (controls) and replaced (surrogates) the same way from %s', (form) => {
    // TextEncoder writes a lone surrogate as EF BF BD (U+FFFD): what string input must match.
    const feed = parseFeed(form === 'text' ? doc : new TextEncoder().encode(doc));
    expect(feed.items[0]?.title).toBe('abcd e');
    expect(feed.items[0]?.summary).toBe('xy\ufffdz');
  });

  it('drops a reference to a control character as it drops the raw character', () => {
    expect(parseFeed(`${HEAD}<item><title>a&#1;b&#x1F;c</title></item></channel></rss>`).items[0]?.title).toBe('abc');
  });
});

describe('encodings', () => {
  const text = '<rss version="2.0"><channel><title>Zoë 😀</title></channel></rss>';
  const codePoints = [...text].map((c) => c.codePointAt(0) as number);

  /** UTF-32 with bytes in `order` (1234 big-endian, 4321 little-endian, 2143, 3412), with or without a mark. */
  function utf32(order: string, withMark: boolean): Uint8Array {
    const out: number[] = [];
    for (const cp of withMark ? [0xfeff, ...codePoints] : codePoints) {
      const be = [cp >>> 24, (cp >>> 16) & 0xff, (cp >>> 8) & 0xff, cp & 0xff];
      for (const digit of order) out.push(be[Number(digit) - 1] as number);
    }
    return new Uint8Array(out);
  }

  it.each(['1234', '4321', '2143', '3412'])('reads UTF-32 in byte order %s, with and without its mark', (order) => {
    expect(parseFeed(utf32(order, true)).title).toBe('Zoë 😀');
    expect(parseFeed(utf32(order, false)).title).toBe('Zoë 😀');
  });

  it.each([
    ['big', false],
    ['little', true],
  ])('reads %s-endian UTF-16 with neither a mark nor a prolog', (_, little) => {
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      bytes.push(...(little ? [c & 0xff, c >> 8] : [c >> 8, c & 0xff]));
    }
    expect(parseFeed(new Uint8Array(bytes)).title).toBe('Zoë 😀');
  });

  it('reads windows-1252 bytes declared as UTF-8 as windows-1252', () => {
    const head = new TextEncoder().encode('<?xml version="1.0" encoding="utf-8"?><rss><channel><title>Caf');
    const tail = new TextEncoder().encode(' \u2013 ok</title></channel></rss>'.replace('\u2013', '-'));
    expect(parseFeed(new Uint8Array([...head, 0xe9, 0x20, 0x93, 0x71, 0x94, ...tail])).title).toBe('Café “q” - ok');
  });

  it('reads UTF-8 declared as Shift_JIS as UTF-8 when the bytes are not Shift_JIS', () => {
    const bytes = new TextEncoder().encode(
      '<?xml version="1.0" encoding="Shift_JIS"?><rss><channel><title>日本語のフィード</title></channel></rss>',
    );
    expect(parseFeed(bytes).title).toBe('日本語のフィード');
  });
});
