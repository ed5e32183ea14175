// Whether a statement may write (db/statement-kind.ts), told from its text and remembered per isolate within
// a bound of characters, however many statements pass.
import { describe, expect, it } from 'vitest';
import { MOST_TOLD_CHARACTERS, mayWrite, toldCharacterCount } from './statement-kind';

describe('mayWrite', () => {
  it('tells reads from writes, the same each time it is asked', () => {
    for (let round = 0; round < 2; round++) {
      expect(mayWrite('select id from items where feed_id = ?')).toBe(false);
      expect(mayWrite('with t(a) as (values (1)) select a from t')).toBe(false);
      expect(mayWrite('insert into items (id) values (?)')).toBe(true);
      expect(mayWrite('select replace(title, ?, ?) from items')).toBe(true);
    }
  });

  it('keeps at most MOST_TOLD_CHARACTERS of statements, and tells a longer one each time', () => {
    const page = (n: number) =>
      `select id from items where feed_id in (${Array.from({ length: 600 }, (_, k) => n * 1000 + k).join(', ')})`;
    for (let n = 0; n < 200; n++) {
      expect(mayWrite(page(n))).toBe(false);
      expect(toldCharacterCount()).toBeLessThanOrEqual(MOST_TOLD_CHARACTERS);
    }
    const huge = `update items set title = ? where id in (${'1, '.repeat(MOST_TOLD_CHARACTERS / 2)}1)`;
    expect(mayWrite(huge)).toBe(true);
    expect(mayWrite(huge)).toBe(true);
    expect(toldCharacterCount()).toBeLessThanOrEqual(MOST_TOLD_CHARACTERS);
  });
});
