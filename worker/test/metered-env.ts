// The test environment with every D1 database the deployment names counted on its own (metered-d1.ts):
// how many calls a request makes to each, so tests can hold a request to the round trips it needs.
import { env } from 'cloudflare:workers';
import { type Meter, meteredD1, newMeter } from '../db/metered-d1';
import { peopleDatabaseNames } from '../db/people';
import { feedDatabaseNames } from '../db/shards';

/** The feed shards' and people databases' bindings, each once (DB is both shard 0s). */
export const databaseNames = () => [
  ...new Set([...feedDatabaseNames(env.FEED_DATABASES), ...peopleDatabaseNames(env.PEOPLE_DATABASES)]),
];

/** An environment whose D1 bindings count their calls, and the calls per binding so far. */
export function meteredEnv() {
  const meters = new Map<string, Meter>();
  const bindings: Record<string, unknown> = { ...env };
  for (const name of databaseNames()) {
    const meter = newMeter();
    meters.set(name, meter);
    bindings[name] = meteredD1((env as unknown as Record<string, D1Database>)[name] as D1Database, meter);
  }
  /** D1 calls per binding (bindings with none left out). */
  const calls = () =>
    Object.fromEntries([...meters].filter(([, meter]) => meter.calls > 0).map(([name, meter]) => [name, meter.calls]));
  /** Rows read in every database together. */
  const rowsRead = () => [...meters.values()].reduce((sum, meter) => sum + meter.rowsRead, 0);
  return { env: bindings as unknown as Env, calls, rowsRead };
}
