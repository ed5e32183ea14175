// People shards: a person's reading state (categories, subscriptions, read marks, stars: what grows with
// reading) lives in one *people database*, so that it grows with the number of databases rather than
// against one database's cap (docs/scaling.md "Scaling: the data layer's design"). A person's sign-in
// sessions live there too (db/sessions.ts): every request checks one, so they spread over the people
// databases. Accounts, billing and the rest stay in the primary database. The people databases are named, in order, by one var:
// PEOPLE_DATABASES = "DB" (one database, the default and every local run) or "DB,PEOPLE_1,…".
//
// A person's people shard is chosen at sign-up and kept on their users row (`people_shard`; 0, the
// primary, for everyone who signed up before), so adding databases later moves nobody. The session reads
// that row anyway, so finding a person's database costs nothing: `db.people.of(user)` (client.ts).
import { databaseNames, hashToShard } from './shards';

/** The binding names of PEOPLE_DATABASES, in order; "DB" when unset or blank. */
export const peopleDatabaseNames = (list: string | undefined) => databaseNames('PEOPLE_DATABASES', list);

/**
 * The people shard a new person goes to. With one people database, the primary. With more, one of the
 * others, by their address at sign-up hashed (FNV-1a), so people spread evenly over them: the primary
 * database is also feed shard 0 and holds every account, so it keeps only the people who signed up
 * before there were people shards (at workload B a share of the people would put it past 5 GB: docs/scaling.md).
 * Kept on their row: a later change of address or of the number of databases moves nobody.
 */
export const peopleShardForNewPerson = (email: string, shardCount: number) =>
  shardCount === 1 ? 0 : 1 + hashToShard(email, shardCount - 1);
