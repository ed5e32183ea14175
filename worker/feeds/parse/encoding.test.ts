// Bytes in the encodings feeds use, named by the XML declaration, the HTTP charset or a BOM. Decoding is
// TextDecoder's (WHATWG Encoding), which workerd and Node both provide.
import { describe, expect, it } from 'vitest';
import { parseFeed } from './index';

function feedBytes(encoding: string | null, title: number[]): Uint8Array {
  const decl = encoding ? `<?xml version="1.0" encoding="${encoding}"?>` : '';
  const enc = new TextEncoder();
  return new Uint8Array([
    ...enc.encode(`${decl}<rss version="2.0"><channel><title>`),
    ...title,
    ...enc.encode('</title></channel></rss>'),
  ]);
}

describe('decoding', () => {
  it.each([
    ['ISO-8859-1', [0x43, 0x61, 0x66, 0xe9], 'Café'],
    ['windows-1252', [0x80, 0x20, 0x93, 0x71, 0x94], '€ “q”'],
    ['ISO-8859-2', [0x5a, 0x61, 0xbf, 0xf3, 0xb3, 0xe6], 'Zażółć'],
    ['windows-1251', [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2], 'Привет'],
    ['KOI8-R', [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4], 'Привет'],
    ['GB2312', [0xd6, 0xd0, 0xce, 0xc4], '中文'],
    ['GBK', [0xd6, 0xd0, 0xce, 0xc4], '中文'],
    ['Shift_JIS', [0x93, 0xfa, 0x96, 0x7b], '日本'],
    ['EUC-JP', [0xc6, 0xfc, 0xcb, 0xdc], '日本'],
    ['Big5', [0xa4, 0xa4, 0xa4, 0xe5], '中文'],
  ])('%s from the XML declaration', (encoding, bytes, expected) => {
    expect(parseFeed(feedBytes(encoding, bytes)).title).toBe(expected);
  });

  it('prefers the HTTP charset to the declaration', () => {
    expect(parseFeed(feedBytes('utf-8', [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]), undefined, 'windows-1251').title).toBe(
      'Привет',
    );
  });

  it('reads UTF-8 that claims to be windows-1252', () => {
    expect(parseFeed(feedBytes('windows-1252', [0x45, 0x75, 0x72, 0x6f, 0x20, 0xe2, 0x82, 0xac])).title).toBe('Euro €');
  });

  it('falls back to windows-1252 for undeclared non-UTF-8 bytes', () => {
    expect(parseFeed(feedBytes(null, [0x43, 0x61, 0x66, 0xe9])).title).toBe('Café');
  });

  it('reads UTF-8 with a BOM and whitespace before the declaration', () => {
    const text = '\ufeff  \n<?xml version="1.0" encoding="utf-8"?><rss><channel><title>Zürich</title></channel></rss>';
    expect(parseFeed(new TextEncoder().encode(text)).title).toBe('Zürich');
    expect(parseFeed(text).title).toBe('Zürich');
  });

  it.each([
    ['utf-16le', true],
    ['utf-16be', false],
  ])('reads %s with a BOM', (_, little) => {
    const text = '<?xml version="1.0" encoding="utf-16"?><rss><channel><title>Ωmega</title></channel></rss>';
    const bytes = [little ? 0xff : 0xfe, little ? 0xfe : 0xff];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      bytes.push(...(little ? [c & 0xff, c >> 8] : [c >> 8, c & 0xff]));
    }
    expect(parseFeed(new Uint8Array(bytes)).title).toBe('Ωmega');
  });
});
