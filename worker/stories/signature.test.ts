import { describe, expect, it } from 'vitest';
import { bandKeys, estimatedJaccard, minHash, simHash, simHashSimilarity } from './signature';
import { contentWords } from './words';

const words = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => `w${from + index}`);

describe('signatures', () => {
  it('estimate the Jaccard similarity of two sets within the MinHash error', () => {
    // 60 and 60 words sharing 30: Jaccard 30 / 90 = 0.33.
    const estimate = estimatedJaccard(minHash(words(0, 60)), minHash(words(30, 90)));
    expect(Math.abs(estimate - 1 / 3)).toBeLessThan(0.15);
    expect(estimatedJaccard(minHash(words(0, 60)), minHash(words(0, 60)))).toBe(1);
    expect(estimatedJaccard(minHash(words(0, 60)), minHash(words(100, 160)))).toBeLessThan(0.1);
  });

  it('give identical sets the same band keys and unrelated sets none in common', () => {
    const keys = bandKeys(minHash(words(0, 40)), 16, 2);
    expect(keys).toHaveLength(16);
    expect(bandKeys(minHash(words(0, 40)), 16, 2)).toEqual(keys);
    const other = new Set(bandKeys(minHash(words(500, 540)), 16, 2));
    expect(keys.filter((key) => other.has(key))).toEqual([]);
  });

  it('give no signature for no words, so that an empty item matches nothing', () => {
    expect(minHash([])).toEqual([]);
    expect(estimatedJaccard([], [])).toBe(0);
    expect(bandKeys([], 16, 2)).toEqual([]);
  });

  it('SimHash: near sets differ in few bits, unrelated ones in about half', () => {
    expect(simHashSimilarity(simHash(words(0, 60)), simHash(words(0, 58)))).toBeGreaterThan(0.85);
    expect(simHashSimilarity(simHash(words(0, 60)), simHash(words(200, 260)))).toBeLessThan(0.75);
  });

  it('fold case, accents, punctuation and plurals, and drop function words', () => {
    expect(contentWords('The Café’s owners SAY: recalls of 1.2m cars!')).toEqual([
      'cafe',
      'owner',
      'recall',
      '2m',
      'car',
    ]);
  });
});
