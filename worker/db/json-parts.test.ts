import { describe, expect, it } from 'vitest';
import { JSON_CHARS_PER_STATEMENT, jsonParts } from './json-parts';

describe('jsonParts', () => {
  it('keeps every row, in order, in parts no larger than a statement takes', () => {
    // Five items of 150,000 characters of content: too many for one bound value.
    const rows = Array.from({ length: 5 }, (_, i) => ({ g: `item-${i}`, c: 'x'.repeat(150_000) }));
    const parts = jsonParts(rows);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(JSON_CHARS_PER_STATEMENT);
    expect(parts.flatMap((part) => JSON.parse(part))).toEqual(rows);
  });

  it('puts a row larger than a part alone, and gives nothing for no rows', () => {
    const huge = { c: 'y'.repeat(JSON_CHARS_PER_STATEMENT + 10) };
    expect(jsonParts([{ a: 1 }, huge, { b: 2 }]).map((part) => JSON.parse(part))).toEqual([
      [{ a: 1 }],
      [huge],
      [{ b: 2 }],
    ]);
    expect(jsonParts([])).toEqual([]);
  });
});
