// A subscription's name as an SQL literal (db/person-scope.ts textLiteral): its UTF-8 bytes in hex, the same
// however often it is asked, the isolate keeping at most MOST_LITERALS of them.
import { describe, expect, it } from 'vitest';
import { literalCount, MOST_LITERALS, textLiteral } from './person-scope';

/** `n`'s decimal digits as UTF-8 in hex: digit d is the byte 0x30 + d, "3d". */
const hexDigits = (n: number) => [...String(n)].map((digit) => `3${digit}`).join('');

describe('textLiteral', () => {
  it("writes a name's UTF-8 bytes in hex, the same each time", () => {
    for (let round = 0; round < 2; round++) {
      expect(textLiteral("Julia's ’blog’")).toBe("cast(x'4a756c6961277320e28099626c6f67e28099' as text)");
      expect(textLiteral('東京')).toBe("cast(x'e69db1e4baac' as text)");
    }
  });

  it('keeps at most MOST_LITERALS names, however many pass', () => {
    for (let n = 0; n < MOST_LITERALS + 50; n++) {
      expect(textLiteral(`Feed ${n}`)).toBe(`cast(x'4665656420${hexDigits(n)}' as text)`);
      expect(literalCount()).toBeLessThanOrEqual(MOST_LITERALS);
    }
    expect(literalCount()).toBe(MOST_LITERALS);
  });
});
