// Bytes an entry of each cache an isolate keeps across requests (issue 30, the limits table's "memory an
// isolate"), in Node: each cache's Map filled as bench/cache-shapes.mjs fills it, the V8 heap read before and
// after with full collections between, and for time-zone formatters the resident memory ICU takes beside
// the heap. `node --expose-gc bench/cache-bytes.mjs [--only=name,…]` prints a table, `--json` the figures.
//
// Node's V8 is built without pointer compression (8-byte fields), workerd's with it (4-byte fields, as in
// Chrome), so an object or a Map entry takes up to twice here what it takes in workerd; a string's
// characters take the same (one byte each while all are Latin-1, two otherwise). The limits bench takes
// the heap's figures from workerd itself (bench/cache-bytes-workerd.mjs) and only ICU's from here.
import { fileURLToPath } from 'node:url';
import { CACHES, figuresOf, OUTSIDE_HEAP } from './cache-shapes.mjs';
import { privateConstantIn } from './source-constants.mjs';

/** What a users row counts toward the read-ahead's bound, from the code (middleware/read-ahead.ts). */
export const rowCharacters = () => privateConstantIn('worker/middleware/read-ahead.ts', 'ROW_CHARACTERS');

/** Maps filled by caches whose entries hold memory outside the V8 heap, kept to the end (see heapOf). */
const keptToTheEnd = [];

/**
 * The memory `fill` holds: the V8 heap it adds, after full collections before and after, and for a cache
 * whose entries hold memory outside the heap (`outsideHeap`: ICU's formatters), the process's resident
 * memory it adds, if more. Those maps are kept to the end, so that each fill allocates anew rather than
 * reusing what a cleared one freed.
 */
function heapOf(fill, { outsideHeap = false, options }) {
  gc();
  gc();
  const before = process.memoryUsage();
  const held = fill(options);
  gc();
  gc();
  const after = process.memoryUsage();
  const bytes = Math.max(after.heapUsed - before.heapUsed, outsideHeap ? after.rss - before.rss : 0);
  const result = { bytes, entries: held.map.size, units: held.units ?? held.map.size };
  if (outsideHeap) keptToTheEnd.push(held.map);
  else held.map.clear();
  return result;
}

/** Each cache's bytes an entry (`perEntry`) and, for caches bounded in characters, bytes a character (`perUnit`). */
export function measureCacheBytes(names = Object.keys(CACHES)) {
  if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
  const figures = {};
  const options = { rowCharacters: rowCharacters() };
  // The formatters first, before the others' buffers leave freed memory that ICU's would reuse unseen.
  for (const [name, fill] of Object.entries(CACHES).filter(([name]) => names.includes(name))) {
    const outsideHeap = OUTSIDE_HEAP.has(name);
    // A first fill warms what V8 makes once (maps of the objects' shapes, code), so it is not counted.
    heapOf(fill, { outsideHeap, options });
    figures[name] = figuresOf([0, 1, 2].map(() => heapOf(fill, { outsideHeap, options })));
  }
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --only=a,b: those caches alone.
  const only = process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const figures = measureCacheBytes(only);
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
  else
    for (const [name, { perEntry, perUnit, entries, units }] of Object.entries(figures))
      console.log(
        `${name.padEnd(20)} ${String(perEntry).padStart(9)} B an entry${units === entries ? '' : `, ${perUnit} B a character (${Math.round(units / entries)} characters an entry)`}`,
      );
}
