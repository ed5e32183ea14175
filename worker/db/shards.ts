// Feed shards: the shared `feeds` rows and their `items` live in one of several D1 databases, so that
// storage and refresh load grow with the number of databases rather than against one database's cap
// (README "Scaling: the data layer's design"). The databases are named, in shard order, by one var:
// FEED_DATABASES = "DB" (one database, the default and every local run) or "DB,FEEDS_1,…,FEEDS_63".
//
// A new feed goes to the shard its URL hashes to, and every id minted in a shard carries that shard:
// id = shard × 2^40 + local number. Shard 0 is the primary database, whose ids are today's, so a single
// database upgrades unchanged; 2^40 ids per shard and up to 2^13 shards stay below 2^53, where JavaScript
// numbers stop being exact. The shard of any feed or item is thus its id alone: no lookup table.

/** Ids per shard: shard k mints ids in [k × 2^40, (k + 1) × 2^40). */
export const SHARD_SPAN = 2 ** 40;
/** 2^13 shards × 2^40 ids = 2^53: the last id JavaScript numbers hold exactly. */
export const MAX_SHARDS = 2 ** 13;

const BINDING_NAME = /^[A-Z][A-Z0-9_]*$/;

/** The binding names of FEED_DATABASES, in shard order; "DB" when unset or blank. */
export function feedDatabaseNames(list: string | undefined): string[] {
  const names = (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return ['DB'];
  for (const name of names) {
    if (!BINDING_NAME.test(name)) throw new Error(`FEED_DATABASES: "${name}" is not a binding name`);
  }
  if (new Set(names).size !== names.length) throw new Error('FEED_DATABASES names a database twice');
  if (names.length > MAX_SHARDS) throw new Error(`FEED_DATABASES names more than ${MAX_SHARDS} databases`);
  // Shard 0 holds every id minted before sharding (ids below 2^40), which live in the primary database.
  if (names[0] !== 'DB') throw new Error('FEED_DATABASES must start with DB, the primary database (shard 0)');
  return names;
}

/** The shard an id was minted in. */
export const shardOfId = (id: number) => Math.floor(id / SHARD_SPAN);

/** The first id of a shard, minus one: a shard's first row takes idBase + 1. */
export const idBase = (shard: number) => shard * SHARD_SPAN;

/**
 * The shard a new feed goes to: FNV-1a (32 bits) of its normalised URL, modulo the number of shards.
 * Only new feeds are placed this way; an existing feed stays where its id says, so adding shards later
 * moves nothing.
 */
export function shardForUrl(url: string, shardCount: number): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(url)) {
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
 * SQL for the `offset`-th next id of an AUTOINCREMENT table in a shard: past both the shard's first id
 * and every id the table ever handed out (sqlite_sequence), so ids are never reused and a shard's first
 * row takes idBase + 1. Within one INSERT the sequence moves only at the end, hence the offset per row.
 */
export function nextIdSql(table: 'feeds' | 'items', shard: number, offset: number): string {
  return `(select max(coalesce((select seq from sqlite_sequence where name = '${table}'), 0), ${idBase(shard)}) + ${offset})`;
}
