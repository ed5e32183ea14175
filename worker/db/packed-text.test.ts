// A body stored deflated and read back as SQL's hex() of it (items/columns.ts) is the body again, in
// upper- or lower-case hex, whatever characters it holds.
import { describe, expect, it } from 'vitest';
import { packText, unpackHex } from '../../schema/packed-text';

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
