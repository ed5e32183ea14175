// People shards: a person's reading state (categories, subscriptions, read marks, stars: what grows with
// reading) lives in one *people database*, so that it grows with the number of databases rather than
// against one database's cap (README "Scaling: the data layer's design"). Accounts, sessions, billing and
// the rest stay in the primary database. The people databases are named, in order, by one var:
// PEOPLE_DATABASES = "DB" (one database, the default and every local run) or "DB,PEOPLE_1,…".
//
// A person's people shard is chosen at sign-up and kept on their users row (`people_shard`; 0, the
// primary, for everyone who signed up before), so adding databases later moves nobody. The session reads
// that row anyway, so finding a person's database costs nothing: `db.people.of(user)` (client.ts).
import { databaseNames, hashToShard } from './shards';

/**
 * People shards this version supports: the reading paths that cross people (retention's mark pruning,
 * "is anyone still following", admin statistics) still look only in the primary database, so a list of
 * more would silently lose state. Raised when those paths reach every people database.
 */
const SUPPORTED_PEOPLE_SHARDS = 1;

/** The binding names of PEOPLE_DATABASES, in order; "DB" when unset or blank. */
export function peopleDatabaseNames(list: string | undefined): string[] {
  const names = databaseNames('PEOPLE_DATABASES', list);
  if (names.length > SUPPORTED_PEOPLE_SHARDS)
    throw new Error(
      `PEOPLE_DATABASES names ${names.length} databases, but this version keeps everyone's reading state in DB: set it to "DB"`,
    );
  return names;
}

/**
 * The people shard a new person goes to: their address at sign-up, hashed (FNV-1a) modulo the number of
 * people databases, so people spread evenly. Kept on their row: a later change of address or of the
 * number of databases moves nothing.
 */
export const peopleShardForNewPerson = (email: string, shardCount: number) => hashToShard(email, shardCount);
