import { describe, expect, it } from 'vitest';
import { costliestFirst, readWeights, splitByWeight } from './test-order.mjs';
import { splitWorkerTests } from './test-runtimes.mjs';

describe('the order the Worker tests are handed out in', () => {
  it('gives the costliest files first, an unmeasured one as the median, ties by name', () => {
    const weights = { 'a.test.ts': 1, 'b.test.ts': 9, 'c.test.ts': 3, 'd.test.ts': 3 };
    expect(costliestFirst(['a.test.ts', 'new.test.ts', 'c.test.ts', 'b.test.ts', 'd.test.ts'], weights)).toEqual([
      'b.test.ts',
      'c.test.ts',
      'd.test.ts',
      'new.test.ts',
      'a.test.ts',
    ]);
    expect(costliestFirst(['z.test.ts', 'y.test.ts'], {})).toEqual(['y.test.ts', 'z.test.ts']);
  });

  it('splits the files into halves of about equal cost, each file in one half whatever order they come in', () => {
    const weights = { 'a.test.ts': 9, 'b.test.ts': 5, 'c.test.ts': 4, 'd.test.ts': 1, 'e.test.ts': 1 };
    const paths = Object.keys(weights);
    const parts = splitByWeight(paths, 2, weights);
    expect(parts.map((part) => part.total)).toEqual([10, 10]);
    expect(parts.flatMap((part) => part.paths).sort()).toEqual(paths);
    expect(splitByWeight([...paths].reverse(), 2, weights)).toEqual(parts);
    // By count, as Vitest's --shard splits, the halves could be 9 + 5 + 4 against 1 + 1.
  });

  it('has a measured cost for most Worker test files', () => {
    const weights = readWeights();
    const { workerd } = splitWorkerTests(new URL('..', import.meta.url).pathname);
    const measured = workerd.filter((path) => path in weights);
    // New files count as the median until the next measurement; most should be measured.
    expect(measured.length).toBeGreaterThan(workerd.length * 0.8);
  });
});
