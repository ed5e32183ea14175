// A body stored deflated and read back as SQL's hex() of it (items/columns.ts) is the body again, in
// upper- or lower-case hex, whatever characters it holds, as often as it is asked (the isolate keeps the
// bodies it unpacked lately, within a bound).
import { describe, expect, it } from 'vitest';
import { MOST_UNPACKED_CHARS, packText, unpackedCacheChars, unpackHex } from '../../schema/packed-text';

const hexOf = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

describe('unpackHex', () => {
  it('gives back the text packText deflated, from the hex SQLite writes (upper case) or lower case', () => {
    const body = `<p>Café, naïve, 東京 and 🚀: ${'the same sentence again and again. '.repeat(40)}</p>`;
    const packed = packText(body);
    if (typeof packed === 'string') throw new Error('expected the body to be deflated');
    expect(unpackHex(hexOf(packed).toUpperCase())).toBe(body);
    expect(unpackHex(hexOf(packed))).toBe(body);
  });
});

describe('unpackHex, again and again', () => {
  const bodyOf = (n: number, length: number) =>
    `<p>Item ${n}: ${'words a feed repeats in every item of it. '.repeat(Math.ceil(length / 42))}</p>`.slice(0, length);
  const hexOfBody = (body: string) => {
    const packed = packText(body);
    if (typeof packed === 'string') throw new Error('expected the body to be deflated');
    return hexOf(packed);
  };

  it('gives each body its own text however often it is asked, from upper- or lower-case hex', () => {
    const bodies = [1, 2, 3].map((n) => bodyOf(n, 1200));
    const hexes = bodies.map(hexOfBody);
    for (let round = 0; round < 3; round++)
      hexes.forEach((hex, k) => {
        expect(unpackHex(hex)).toBe(bodies[k]);
        expect(unpackHex(hex.toUpperCase())).toBe(bodies[k]);
      });
  });

  it('keeps what it remembers within its bound, however many bodies pass', () => {
    const size = 20_000;
    const count = Math.ceil((2 * MOST_UNPACKED_CHARS) / size);
    for (let n = 0; n < count; n++) {
      const body = bodyOf(n, size);
      expect(unpackHex(hexOfBody(body))).toBe(body);
      expect(unpackedCacheChars()).toBeLessThanOrEqual(MOST_UNPACKED_CHARS);
    }
    expect(unpackedCacheChars()).toBeGreaterThan(MOST_UNPACKED_CHARS / 2);
  });
});
