// Near-duplicate signatures of a set of words. MinHash: for each of K seeded hash functions, the least hash
// of the set; two sets agree on a position with probability equal to their Jaccard similarity, so the
// share of equal positions estimates it, and bands of positions give index keys that two similar sets
// share with high probability (LSH). SimHash (kept to measure against MinHash, bench/stories.mjs): one
// 64-bit fingerprint whose bits are the majority vote of the words' hashes; similar sets differ in few bits.

/** Positions of a MinHash signature: the estimate's standard error is √(J(1−J)/K), ±0.035 at K = 128. */
export const SIGNATURE_SIZE = 128;

/** FNV-1a over UTF-16 code units: a fast, stable 32-bit hash of a word. */
export function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index++) {
    hash ^= word.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: spreads one 32-bit value over all bits, a different function per seed. */
function mix(value: number, seed: number): number {
  let h = (value ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Fixed seeds, so that a signature computed today matches one stored last week. */
const SEEDS = Array.from({ length: SIGNATURE_SIZE }, (_, index) => mix(index + 1, 0x9e3779b9));

/** The MinHash signature of a set of features; empty for an empty set. */
export function minHash(features: Iterable<string>): number[] {
  const hashes = [...new Set(features)].map(hashWord);
  if (hashes.length === 0) return [];
  return SEEDS.map((seed) => {
    let least = 0xffffffff;
    for (const hash of hashes) {
      const value = mix(hash, seed);
      if (value < least) least = value;
    }
    return least;
  });
}

/** The share of positions two signatures agree on: their estimated Jaccard similarity (0 if either is empty). */
export function estimatedJaccard(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let equal = 0;
  for (let index = 0; index < a.length; index++) if (a[index] === b[index]) equal++;
  return equal / a.length;
}

/**
 * The LSH keys of a signature: `bands` bands of `rows` positions each, hashed with the band's number. Two
 * sets of Jaccard similarity J share a key with probability 1 − (1 − J^rows)^bands.
 */
export function bandKeys(signature: readonly number[], bands: number, rows: number): string[] {
  if (signature.length < bands * rows) return [];
  const keys: string[] = [];
  for (let band = 0; band < bands; band++) {
    let hash = mix(band, 0x27d4eb2f);
    for (let row = 0; row < rows; row++) hash = mix(hash ^ (signature[band * rows + row] as number), band + 1);
    // Letters and digits only: each key is one token of the story index's FTS5 table.
    keys.push(`b${band}x${hash.toString(36)}`);
  }
  return keys;
}

/** A 64-bit SimHash as two 32-bit halves. */
export function simHash(features: Iterable<string>): [number, number] {
  const votes = new Int32Array(64);
  for (const feature of new Set(features)) {
    const low = hashWord(feature);
    const high = mix(low, 0x5bd1e995);
    for (let bit = 0; bit < 32; bit++) {
      votes[bit] = (votes[bit] ?? 0) + ((low >>> bit) & 1 ? 1 : -1);
      votes[bit + 32] = (votes[bit + 32] ?? 0) + ((high >>> bit) & 1 ? 1 : -1);
    }
  }
  let low = 0;
  let high = 0;
  for (let bit = 0; bit < 32; bit++) {
    if ((votes[bit] as number) > 0) low |= 1 << bit;
    if ((votes[bit + 32] as number) > 0) high |= 1 << bit;
  }
  return [high >>> 0, low >>> 0];
}

/** 1 − the share of the 64 bits two SimHashes differ in. */
export function simHashSimilarity(a: readonly [number, number], b: readonly [number, number]): number {
  const bits = (value: number) => {
    let count = 0;
    for (let v = value >>> 0; v !== 0; v &= v - 1) count++;
    return count;
  };
  return 1 - (bits(a[0] ^ b[0]) + bits(a[1] ^ b[1])) / 64;
}
