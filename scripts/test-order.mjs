// The order in which `npm test` hands the Worker test files to its two workerd runners (vitest.config.ts
// `sequence.sequencer`): the costliest first. Each runner takes the next file when it finishes one, so
// with the heavy files given out first the last ones are light and both runners end within a second or
// two of each other; a heavy file drawn last kept one core busy while the other had nothing left. The
// cost of a file is its CPU seconds in the last measured run (scripts/test-weights.json, written by
// scripts/test-cpu-reporter.mjs with FEEDLOOM_TEST_WEIGHTS=1); a file not measured yet counts as the
// median. The other projects keep Vitest's own order.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

const weightsFile = new URL('./test-weights.json', import.meta.url);

/** The measured CPU seconds of each test file, by its path from the repository's root. */
export function readWeights() {
  try {
    return JSON.parse(readFileSync(weightsFile, 'utf8')).files ?? {};
  } catch {
    return {};
  }
}

/** `paths` costliest first by `weights` (a path not in them counts as their median), then by name. */
export function costliestFirst(paths, weights) {
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 0;
  const weightOf = (path) => weights[path] ?? median;
  return [...paths].sort((a, b) => weightOf(b) - weightOf(a) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Vitest's sequencer, with the files of the projects in `weighted` given out costliest first. */
export function weightedSequencer(weighted) {
  return class WeightedSequencer extends BaseSequencer {
    async sort(files) {
      const sorted = await super.sort(files);
      const root = this.ctx.config.root;
      const pathOf = (spec) => relative(root, spec.moduleId).replaceAll('\\', '/');
      const mine = sorted.filter((spec) => weighted.includes(spec.project.name));
      if (mine.length === 0) return sorted;
      const order = costliestFirst(mine.map(pathOf), readWeights());
      const rank = new Map(order.map((path, index) => [path, index]));
      mine.sort((a, b) => rank.get(pathOf(a)) - rank.get(pathOf(b)));
      // The weighted project's files in their new order, in the places its files had.
      let next = 0;
      return sorted.map((spec) => (weighted.includes(spec.project.name) ? (mine[next++] ?? spec) : spec));
    }
  };
}
