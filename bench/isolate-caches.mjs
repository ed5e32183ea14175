// Every cache an isolate keeps across requests, at its bound (issue 30, the limits table's "memory an
// isolate"): each bound read from the code, times the bytes an entry (or a counted character) takes,
// measured in workerd (bench/cache-bytes-workerd.mjs; ICU's formatters in Node, bench/cache-bytes.mjs).
// worker/lib/isolate-cache-budget.ts says how the budget is shared.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { OUTSIDE_HEAP } from './cache-shapes.mjs';
import { constantIn } from './source-constants.mjs';

/**
 * The caches, by bench/cache-bytes.mjs's names: the Map each is (`map`), where it is bounded, and in what
 * (entries or characters).
 */
export const ISOLATE_CACHES = [
  {
    name: 'readAhead',
    map: 'seenBySession',
    what: 'users rows read ahead on',
    file: 'worker/middleware/read-ahead.ts',
    constant: 'KEPT_CHARACTERS',
    unit: 'characters',
  },
  {
    name: 'unpackedBodies',
    map: 'unpacked',
    what: 'bodies inflated',
    file: 'schema/packed-text.ts',
    constant: 'MOST_UNPACKED_CHARS',
    unit: 'characters',
  },
  {
    name: 'verifiedTokens',
    map: 'verified.tokens',
    what: 'session tokens verified',
    file: 'worker/auth/session.ts',
    constant: 'VERIFIED_TOKENS',
    unit: 'entries',
  },
  {
    name: 'feedAddresses',
    map: 'feedAddresses',
    what: "feeds' addresses (Google Reader streams)",
    file: 'worker/greader/subscriptions.ts',
    constant: 'MOST_FEED_ADDRESSES',
    unit: 'entries',
  },
  {
    name: 'feverKeys',
    map: 'knownKeys',
    what: "Fever keys' people",
    file: 'worker/db/app-password-copies.ts',
    constant: 'MOST_KNOWN_KEYS',
    unit: 'entries',
  },
  {
    name: 'macsChecked',
    map: 'macChecked',
    what: 'Google Reader tokens checked',
    file: 'worker/greader/auth.ts',
    constant: 'MOST_MACS_CHECKED',
    unit: 'entries',
  },
  {
    name: 'replicaBookmarks',
    map: 'keptByCredential',
    what: "reader apps' replica bookmarks",
    file: 'worker/middleware/replica-bookmarks.ts',
    constant: 'KEPT_CREDENTIALS',
    unit: 'entries',
  },
  {
    name: 'nameLiterals',
    map: 'literals',
    what: 'names as SQL literals',
    file: 'worker/db/person-scope.ts',
    constant: 'MOST_LITERALS',
    unit: 'entries',
  },
  {
    name: 'statementKinds',
    map: 'told',
    what: 'statements told read or write',
    file: 'worker/db/statement-kind.ts',
    constant: 'MOST_TOLD_CHARACTERS',
    unit: 'characters',
  },
  {
    name: 'timeZoneFormatters',
    map: 'formatters',
    what: 'time-zone formatters (with their ICU memory)',
    file: 'worker/lib/time.ts',
    constant: 'MOST_TIME_ZONES',
    unit: 'entries',
  },
];

/** The caches' budget in MB, from the code. */
export const isolateCacheBudgetMB = () => constantIn('worker/lib/isolate-cache-budget.ts', 'ISOLATE_CACHE_MB');

/** What a script of bench/ prints as JSON, run in a Node of its own (`nodeFlags`: Node's, `args`: the script's). */
function figuresFrom(script, nodeFlags = [], args = []) {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const run = spawnSync(process.execPath, [...nodeFlags, file, '--json', ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench/${script} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

/**
 * The bytes an entry of each cache: measured in workerd (bench/cache-bytes-workerd.mjs), but for the
 * caches whose entries hold memory outside the V8 heap (ICU's formatters), measured in Node from its
 * resident memory (bench/cache-bytes.mjs: the same ICU).
 */
export function measureCacheBytes() {
  const inWorkerd = figuresFrom('cache-bytes-workerd.mjs');
  const outsideHeap = figuresFrom('cache-bytes.mjs', ['--expose-gc'], [`--only=${[...OUTSIDE_HEAP].join(',')}`]);
  return {
    ...inWorkerd,
    ...Object.fromEntries([...OUTSIDE_HEAP].map((name) => [name, { ...outsideHeap[name], measuredIn: 'node' }])),
  };
}

/**
 * Each cache at its bound: [{name, what, file, constant, bound, unit, bytesEach, mb}] (bytesEach: an entry's,
 * or a counted character's), from the bytes `measured` (measureCacheBytes' figures).
 */
export function isolateCachesAtBounds(measured) {
  return ISOLATE_CACHES.map((cache) => {
    const figures = measured[cache.name];
    if (!figures) throw new Error(`bench/cache-bytes.mjs measured no ${cache.name}`);
    const bound = constantIn(cache.file, cache.constant);
    const bytesEach = cache.unit === 'characters' ? figures.perUnit : figures.perEntry;
    return { ...cache, bound, bytesEach, mb: Number(((bound * bytesEach) / 1e6).toFixed(2)) };
  });
}
