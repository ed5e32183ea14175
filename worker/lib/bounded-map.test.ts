// The bound every per-isolate cache keyed by what requests bring is kept within (lib/bounded-map.ts).
import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('keeps at most its bound, however many keys pass, dropping the one set longest ago', () => {
    const map = new BoundedMap<string, number>(3);
    for (let n = 0; n < 10; n++) {
      map.set(`key ${n}`, n);
      expect(map.size).toBeLessThanOrEqual(3);
    }
    expect([...map.entries()]).toEqual([
      ['key 7', 7],
      ['key 8', 8],
      ['key 9', 9],
    ]);
  });

  it('counts a key set again as the newest, and keeps its latest value', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...map.entries()]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
