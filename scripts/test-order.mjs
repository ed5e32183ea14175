// How `npm test` splits the Worker tests between its two workerd runs (scripts/test.mjs, `--shard=i/2`,
// vitest.config.ts `sequence.sequencer`): by what each file costs, not by how many files each run gets.
// Vitest's own --shard cuts the list, sorted by a hash of each path, into halves of equal count, and the
// Worker files' costs differ a hundredfold (a file of 30 D1 calls beside one of 2,000), so one half ended
// well before the other. The cost of a file is its CPU seconds in the last measured run
// (scripts/test-weights.json, written by scripts/test-cpu-reporter.mjs with FEEDLOOM_TEST_WEIGHTS=1); a
// file not measured yet counts as the median. Both runs compute the same split from the same list, so
// every file runs exactly once. Within a run the costliest files go first.
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

/** `weights` as a function of a path: a path not in them counts as their median. */
function weightOf(weights) {
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 0;
  return (path) => weights[path] ?? median;
}

/** `paths` costliest first by `weights` (a path not in them counts as their median), then by name. */
export function costliestFirst(paths, weights) {
  const cost = weightOf(weights);
  return [...paths].sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `paths` in `count` parts of about equal total weight: each file, costliest first, into the lightest
 * part so far (ties to the earlier part); every path in exactly one part, the same parts for the same
 * paths and weights in whatever order they come.
 */
export function splitByWeight(paths, count, weights) {
  const cost = weightOf(weights);
  const parts = Array.from({ length: count }, () => ({ paths: [], total: 0 }));
  for (const path of costliestFirst(paths, weights)) {
    let lightest = parts[0];
    for (const part of parts) if (part.total < lightest.total) lightest = part;
    lightest.paths.push(path);
    lightest.total += cost(path);
  }
  return parts;
}

/** Vitest's sequencer, with the files of the projects in `weighted` split and ordered by cost. */
export function weightedSequencer(weighted) {
  const pathOf = (root, spec) => relative(root, spec.moduleId).replaceAll('\\', '/');
  return class WeightedSequencer extends BaseSequencer {
    async shard(files) {
      const { index, count } = this.ctx.config.shard;
      const root = this.ctx.config.root;
      const mine = files.filter((spec) => weighted.includes(spec.project.name));
      const others = files.filter((spec) => !weighted.includes(spec.project.name));
      const parts = splitByWeight(
        mine.map((spec) => pathOf(root, spec)),
        count,
        readWeights(),
      );
      const part = new Set(parts[index - 1]?.paths ?? []);
      return [...mine.filter((spec) => part.has(pathOf(root, spec))), ...(await super.shard(others))];
    }

    async sort(files) {
      const sorted = await super.sort(files);
      const root = this.ctx.config.root;
      const mine = sorted.filter((spec) => weighted.includes(spec.project.name));
      if (mine.length === 0) return sorted;
      const order = costliestFirst(
        mine.map((spec) => pathOf(root, spec)),
        readWeights(),
      );
      const rank = new Map(order.map((path, index) => [path, index]));
      mine.sort((a, b) => (rank.get(pathOf(root, a)) ?? 0) - (rank.get(pathOf(root, b)) ?? 0));
      // The weighted project's files in their new order, in the places its files had.
      let next = 0;
      return sorted.map((spec) => (weighted.includes(spec.project.name) ? (mine[next++] ?? spec) : spec));
    }
  };
}
