// What one isolate keeps across requests, in one budget (issue 30). An isolate serves the queue and
// requests alike and has 128 MB; the limits table asks for 3× headroom, so at most 42.7 MB. A refresh
// batch takes 36 MB at worst (bench/limits.mjs: a 4 MiB feed parsed and sanitised in 32 MB of V8 heap,
// beside its body), which leaves the caches below ISOLATE_CACHE_MB between them.
//
// Each cache's bound is its share of the budget divided by what an entry takes, measured in workerd with
// entries shaped as the code keeps them (`node bench/cache-bytes-workerd.mjs`; ICU's formatters in Node,
// `node --expose-gc bench/cache-bytes.mjs`). The limits bench runs both and reads every bound from the code
// (bench/isolate-caches.mjs); scripts/isolate-cache-budget.test.mjs holds the bounds within the budget. The
// shares go by what a kept entry saves a request, and by how many entries it takes to save it for an
// isolate's active readers:
// - a round trip to D1 (tens to a hundred ms for a far reader):
//   - the read-ahead's users rows: 1.65 MB, 1,000,000 characters (middleware/read-ahead.ts KEPT_CHARACTERS);
//   - feeds' addresses for Google Reader streams: 0.35 MB, 2,000 feeds (greader/subscriptions.ts);
//   - Fever keys' people: 0.22 MB, 2,000 keys (db/app-password-copies.ts MOST_KNOWN_KEYS);
// - what a reader app reads after its own write: 0.24 MB, 1,000 apps' replica bookmarks
//   (middleware/replica-bookmarks.ts KEPT_CREDENTIALS);
// - CPU, tens of µs to a millisecond a request:
//   - bodies inflated: 1.36 MB, 700,000 characters (schema/packed-text.ts MOST_UNPACKED_CHARS);
//   - session tokens' signatures: 0.41 MB, 1,000 tokens (auth/session.ts VERIFIED_TOKENS);
//   - Google Reader tokens' MACs: 0.21 MB, 1,000 tokens (greader/auth.ts MOST_MACS_CHECKED);
//   - names written as SQL literals: 0.31 MB, 2,000 names (db/person-scope.ts MOST_LITERALS);
//   - statements told read or write: 0.25 MB, 250,000 characters (db/statement-kind.ts);
//   - time-zone formatters (half a millisecond each to make): 0.21 MB, 8 (lib/time.ts MOST_TIME_ZONES).
// 5.2 MB in all, the rest left for the measurement's spread. Every other module-level Map is bounded by
// the code or the configuration, not by requests: a key per secret (auth/session.ts keys), per story ring
// (db/story-ring.ts), per statement built once (db/built-once.ts; a window's, at most 32 shapes of about
// 1 KB: db/items/window-statement.ts MOST_WINDOW_SHAPES), the HTML entities' table, and WeakMaps
// of a request's or a configuration's objects.

/** The caches' budget, in MB (10^6 bytes): with a refresh's 36 MB, at most 128 / 3. */
export const ISOLATE_CACHE_MB = 6;
