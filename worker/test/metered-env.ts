// The test environment with every D1 database the deployment names counted on its own (metered-d1.ts):
// how many calls a request makes to each, and which of them ran one after another, so tests can hold a
// request to the round trips it needs.
import { env } from 'cloudflare:workers';
import { callTimeline, roundTripsInSequence, type TimedCall } from '../db/call-timeline';
import { type Meter, newMeter } from '../db/metered-d1';
import { peopleDatabaseNames } from '../db/people';
import { feedDatabaseNames } from '../db/shards';

/** The feed shards' and people databases' bindings, each once (DB is both shard 0s). */
export const databaseNames = () => [
  ...new Set([...feedDatabaseNames(env.FEED_DATABASES), ...peopleDatabaseNames(env.PEOPLE_DATABASES)]),
];

/**
 * Whether the first call on database `a` and the first on `b` were in flight at the same time: each
 * started before the other had answered.
 */
export function firstCallsOverlap(timeline: readonly TimedCall[], a: string, b: string) {
  const first = timeline.find((call) => call.binding === a);
  const second = timeline.find((call) => call.binding === b);
  if (!first || !second) return false;
  return first.start < second.end && second.start < first.end;
}

/** An environment whose D1 bindings count their calls, the calls per binding so far, and their timeline. */
export function meteredEnv() {
  const meters = new Map<string, Meter>();
  const timeline = callTimeline();
  const bindings: Record<string, unknown> = { ...env };
  for (const name of databaseNames()) {
    const meter = newMeter();
    meters.set(name, meter);
    const d1 = (env as unknown as Record<string, D1Database>)[name] as D1Database;
    bindings[name] = timeline.meter(d1, name, { meter, countRows: true });
  }
  /** D1 calls per binding (bindings with none left out). */
  const calls = () =>
    Object.fromEntries([...meters].filter(([, meter]) => meter.calls > 0).map(([name, meter]) => [name, meter.calls]));
  /** Rows read in every database together. */
  const rowsRead = () => [...meters.values()].reduce((sum, meter) => sum + meter.rowsRead, 0);
  let responseTick = Number.POSITIVE_INFINITY;
  const before = () => timeline.calls().filter((call) => call.start <= responseTick);
  return {
    env: bindings as unknown as Env,
    calls,
    rowsRead,
    /** Marks the moment the response was ready: calls after it are what the response did not wait for. */
    markResponse: () => {
      responseTick = timeline.now();
    },
    /** The calls started after the response was ready, per binding (`waitUntil` work). */
    afterResponse: () => {
      const after: Record<string, number> = {};
      for (const call of timeline.calls())
        if (call.start > responseTick) after[call.binding] = (after[call.binding] ?? 0) + 1;
      return after;
    },
    /** Round trips in sequence the response waited for (calls started before it was ready). */
    roundTripsBeforeResponse: () => roundTripsInSequence(before()),
    /** Every call so far, in the order they started. */
    timeline: (): readonly TimedCall[] => [...timeline.calls()],
    roundTrips: () => roundTripsInSequence(timeline.calls()),
  };
}
