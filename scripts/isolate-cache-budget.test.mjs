// What an isolate keeps across requests stays within one budget (issue 30, the limits table's "memory an
// isolate"): every cache's bound, read from the code, times the bytes an entry the last limits bench
// measured (bench/results.json), within worker/lib/isolate-cache-budget.ts ISOLATE_CACHE_MB; and every
// module-level Map or Set the Worker fills at run time is one of those caches or bounded by the code.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATE_CACHES, isolateCacheBudgetMB } from '../bench/isolate-caches.mjs';
import { constantIn } from '../bench/source-constants.mjs';

const repo = join(import.meta.dirname, '..');
const results = JSON.parse(readFileSync(join(repo, 'bench/results.json'), 'utf8'));

/** Module-level Maps and Sets filled at run time that are bounded by the code or the configuration, not by requests. */
const BOUNDED_BY_THE_CODE = new Map([
  ['worker/auth/session.ts keys', 'one HMAC key per configured secret'],
  ['worker/db/story-ring.ts readiedDays', 'one day per story ring of the configuration'],
]);

function sourceFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe("an isolate's caches", () => {
  it('take at most ISOLATE_CACHE_MB at their bounds, at the bytes an entry last measured', () => {
    const measured = new Map(results.limitsInputs.isolateCaches.map((cache) => [cache.name, cache.bytesEach]));
    let bytes = 0;
    for (const cache of ISOLATE_CACHES) {
      expect(measured.has(cache.name), `bench/results.json has no measure of ${cache.name}`).toBe(true);
      bytes += constantIn(cache.file, cache.constant) * measured.get(cache.name);
    }
    expect(bytes / 1e6).toBeLessThanOrEqual(isolateCacheBudgetMB());
    expect(results.limitsInputs.refreshMemoryMB + isolateCacheBudgetMB()).toBeLessThanOrEqual(128 / 3);
  });

  it("are every module-level Map or Set the Worker fills, but those the code's own bounds", () => {
    const counted = new Set(ISOLATE_CACHES.map((cache) => `${cache.file} ${cache.map}`));
    const uncounted = [];
    for (const file of [...sourceFiles(join(repo, 'worker')), ...sourceFiles(join(repo, 'schema'))]) {
      const path = relative(repo, file);
      for (const [, name] of readFileSync(file, 'utf8').matchAll(
        /^(?:export )?const (\w+)(?::[^=]+)? = new (?:Map|Set|BoundedMap)(?:<[^(]*>)?\((?!\[|\s*$)/gm,
      ))
        if (!counted.has(`${path} ${name}`) && !BOUNDED_BY_THE_CODE.has(`${path} ${name}`))
          uncounted.push(`${path} ${name}`);
    }
    expect(uncounted).toEqual([]);
  });
});
