// Feed shards: the shared `feeds` rows and their `items` live in one of several D1 databases, so that
// storage and refresh load grow with the number of databases rather than against one database's cap
// (docs/scaling.md "Scaling: the data layer's design"). The databases are named, in shard order, by one var:
// FEED_DATABASES = "DB" (one database, the default and every local run) or "DB,FEEDS_1,…,FEEDS_63",
// which may be written "DB,FEEDS_1..FEEDS_63".
//
// A new feed goes to the shard its URL hashes to, and every id minted in a shard carries that shard, so
// the shard of any feed or item is its id alone (no lookup table). Ids stay below 2^53, where JavaScript
// numbers (the SPA's JSON, the reader apps' ids) stop being exact. Two forms, by what each id is for:
// - Feed ids: shard × 2^40 + local number (AUTOINCREMENT). Feeds need no arrival order (nothing pages
//   them by id), and their low bits must vary within a shard: the cron's pick slices are id % 64
//   (feeds.pick_slot, migration 0005), which the shard in the low bits would make one slice a shard.
// - Item ids: from the clock, in arrival order across shards, because Fever apps page items by id
//   (`since_id`): 2^50 + (milliseconds since 2025-01-01) × 2^10 + shard, and at least the shard's last
//   item id + 2^10, computed inside the INSERT. The shard is the low 10 bits; the clock part keeps
//   ~244 years below 2^53. Within a shard ids follow commit order (two writers at once stay unique and
//   ordered); across shards they follow the clock, to within the time a write takes to commit, which
//   readers paging by id wait out (ID_SETTLE_MS). The step is a millisecond's worth: a burst (a refresh
//   of 500 new items) runs ahead of the clock by half a second, which only holds those items back as long.
// Ids below 2^40 are shard 0's of either kind: everything stored before sharding, so a single database
// made by an earlier version upgrades unchanged, and its new items take ids above all of its old ones.
// Item ids of the form shard × 2^40 + n for shards ≥ 1 never reached production (shards were to be added
// later); shardOfId still reads them as that shard.

/** Feed ids per shard: shard k mints feeds in [k × 2^40, (k + 1) × 2^40). */
export const SHARD_SPAN = 2 ** 40;
/** The low bits of an item id that name its shard. */
const SHARD_BITS = 10;
/** 2^10 = 1,024 shards (workload B needs 256): their feed ids fill [0, 2^50), below every item id from the clock. */
export const MAX_SHARDS = 2 ** SHARD_BITS;
/** Item ids from the clock start here: MAX_SHARDS × SHARD_SPAN = 2^50. */
export const CLOCK_ID_BASE = MAX_SHARDS * SHARD_SPAN;
/** The clock's zero: 2025-01-01. (2^53 − 2^50) / 2^10 milliseconds later, in 2268, ids pass 2^53. */
export const ID_EPOCH_MS = Date.UTC(2025, 0, 1);

const BINDING_NAME = /^[A-Z][A-Z0-9_]*$/;
/** A run of numbered bindings, `FEEDS_1..FEEDS_255`: the prefix, the first number, the last. */
const RANGE = /^([A-Z][A-Z0-9_]*?)(\d+)\.\.([A-Z][A-Z0-9_]*?)(\d+)$/;

/**
 * One entry of a list var: a binding name, or a run of them. A var holds at most 5 KB, and 256 shards
 * named one by one take 2,444 bytes of it ("DB,FEEDS_1,…"), within 3× of the limit (issue 30); as a run,
 * "DB,FEEDS_1..FEEDS_255", they take 21.
 */
function expandRange(variable: string, entry: string): string[] {
  if (!entry.includes('..')) return [entry];
  const match = RANGE.exec(entry);
  const [, prefix, first, lastPrefix, last] = match ?? [];
  const from = Number(first);
  const to = Number(last);
  if (!match || prefix !== lastPrefix || !(from <= to))
    throw new Error(`${variable}: "${entry}" is not a run of bindings like FEEDS_1..FEEDS_63`);
  if (to - from >= MAX_SHARDS) throw new Error(`${variable} names more than ${MAX_SHARDS} databases`);
  return Array.from({ length: to - from + 1 }, (_, k) => `${prefix}${from + k}`);
}

/**
 * The binding names a list var (FEED_DATABASES, PEOPLE_DATABASES) gives, in shard order; "DB" when unset
 * or blank. The primary database comes first: shard 0 of either kind is where everything lived before.
 */
export function databaseNames(variable: string, list: string | undefined): string[] {
  const names = (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .flatMap((entry) => expandRange(variable, entry));
  if (names.length === 0) return ['DB'];
  for (const name of names) {
    if (!BINDING_NAME.test(name)) throw new Error(`${variable}: "${name}" is not a binding name`);
  }
  if (new Set(names).size !== names.length) throw new Error(`${variable} names a database twice`);
  if (names.length > MAX_SHARDS) throw new Error(`${variable} names more than ${MAX_SHARDS} databases`);
  if (names[0] !== 'DB') throw new Error(`${variable} must start with DB, the primary database (shard 0)`);
  return names;
}

/** The binding names of FEED_DATABASES, in shard order; "DB" when unset or blank. */
export const feedDatabaseNames = (list: string | undefined) => databaseNames('FEED_DATABASES', list);

/** The shard an id was minted in: the low bits of an item id from the clock, else which 2^40 range it is in. */
export const shardOfId = (id: number) => (id >= CLOCK_ID_BASE ? id % MAX_SHARDS : Math.floor(id / SHARD_SPAN));

/** The first feed id of a shard, minus one: a shard's first feed takes idBase + 1. */
export const idBase = (shard: number) => shard * SHARD_SPAN;

/**
 * The item id the clock gives a shard at `nowMs` (before the shard's last id is taken into account):
 * 2^50 + milliseconds since ID_EPOCH_MS × 2^10 + shard. A clock before the epoch counts as the epoch.
 */
export function clockItemId(shard: number, nowMs: number): number {
  const id = CLOCK_ID_BASE + Math.max(0, Math.floor(nowMs) - ID_EPOCH_MS) * MAX_SHARDS + shard;
  if (!Number.isSafeInteger(id)) throw new Error(`item ids have run out at ${new Date(nowMs).toISOString()}`);
  return id;
}

/**
 * How long after its clock reading an item id is settled: by then the write that took it has committed
 * (a batch takes milliseconds; this leaves seconds for a slow one and for clocks apart), so no item can
 * still arrive with a smaller id. Readers that page by id (Fever's since_id) read only settled ids, so
 * an item written a moment after one of another shard is never skipped; they see new items this much later.
 */
export const ID_SETTLE_MS = 10_000;

/** The ids settled at `nowMs`: every id below this one (old ids below 2^50 always are). */
export const settledItemIdBound = (nowMs: number) => clockItemId(0, nowMs - ID_SETTLE_MS);

/**
 * The shard a new feed goes to: FNV-1a (32 bits) of its normalised URL, modulo the number of shards.
 * Only new feeds are placed this way; an existing feed stays where its id says, so adding shards later
 * moves nothing.
 */
export const shardForUrl = (url: string, shardCount: number) => hashToShard(url, shardCount);

/** FNV-1a (32 bits) of a text, modulo a number of shards: the same shard for the same text, spread evenly. */
export function hashToShard(text: string, shardCount: number): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shardCount;
}

/**
 * A list of ids as SQL text, for `id in (…)`: integers only, so nothing to escape, and no bound
 * parameters (D1 takes 100 a statement) nor JSON elements (D1 bills each as a row read).
 */
export function idListSql(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return ids.length > 0 ? ids.join(', ') : 'null';
}

/** Ids grouped by the shard that holds them, in first-seen order within each shard. */
export function groupByShard(ids: Iterable<number>): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const id of ids) {
    const shard = shardOfId(id);
    const group = groups.get(shard);
    if (group) group.push(id);
    else groups.set(shard, [id]);
  }
  return groups;
}

/**
 * SQL for a shard's next feed id, AUTOINCREMENT within its range: past both the shard's first id and
 * every id the table ever handed out (sqlite_sequence), so ids are never reused.
 */
export function nextFeedIdSql(shard: number): string {
  return `(select max(coalesce((select seq from sqlite_sequence where name = 'feeds'), 0), ${idBase(shard)}) + 1)`;
}

/**
 * SQL for the id of the `row`-th new item (0, 1, …) of one INSERT in a shard at `nowMs`: the clock's id,
 * or the slot after the largest id the table ever handed out (sqlite_sequence, so never one of a deleted
 * item) when that is later, because a burst or a slower clock on another Worker must not go back. Inside
 * the statement, so concurrent writers to a shard (D1 runs them one after the other) stay unique and in
 * commit order. sqlite_sequence moves only at the end of a statement, hence the step per row.
 */
export function nextItemIdSql(shard: number, nowMs: number, row: number | string): string {
  const last = "coalesce((select seq from sqlite_sequence where name = 'items'), 0)";
  // (last / 2^10 + 1) × 2^10 + shard: the next slot of this shard after `last`, whatever form `last` has.
  return `(max(${clockItemId(shard, nowMs)}, (${last} / ${MAX_SHARDS} + 1) * ${MAX_SHARDS} + ${shard}) + (${row}) * ${MAX_SHARDS})`;
}
