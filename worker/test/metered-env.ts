// The test environment with every D1 database the deployment names counted on its own (metered-d1.ts):
// how many calls a request makes to each, and which of them ran one after another, so tests can hold a
// request to the round trips it needs.
import { env } from 'cloudflare:workers';
import { type Meter, meteredD1, newMeter } from '../db/metered-d1';
import { peopleDatabaseNames } from '../db/people';
import { feedDatabaseNames } from '../db/shards';

/** The feed shards' and people databases' bindings, each once (DB is both shard 0s). */
export const databaseNames = () => [
  ...new Set([...feedDatabaseNames(env.FEED_DATABASES), ...peopleDatabaseNames(env.PEOPLE_DATABASES)]),
];

/**
 * One D1 call on the request's timeline: `start` and `end` are ticks of one counter shared by every
 * database, so a call whose start is below another's end was in flight at the same time as it.
 */
export type TimedCall = { binding: string; start: number; end: number };

/**
 * Round trips in sequence: the longest chain of calls each of which started after the one before it
 * had answered. Calls in flight together count once, so this is what a request's latency follows
 * where each call is a round trip (production), where `calls` counts what it pays for.
 */
export function roundTripsInSequence(timeline: readonly TimedCall[]) {
  const depths: number[] = [];
  const byStart = [...timeline].sort((a, b) => a.start - b.start);
  byStart.forEach((call, n) => {
    const before = byStart.slice(0, n).flatMap((earlier, k) => (earlier.end < call.start ? [depths[k] ?? 0] : []));
    depths.push(1 + Math.max(0, ...before));
  });
  return Math.max(0, ...depths);
}

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
  const timeline: TimedCall[] = [];
  let tick = 0;
  const bindings: Record<string, unknown> = { ...env };
  for (const name of databaseNames()) {
    const meter = newMeter();
    meter.onCall = () => {
      const call = { binding: name, start: ++tick, end: Number.POSITIVE_INFINITY };
      timeline.push(call);
      return () => {
        call.end = ++tick;
      };
    };
    meters.set(name, meter);
    bindings[name] = meteredD1((env as unknown as Record<string, D1Database>)[name] as D1Database, meter);
  }
  /** D1 calls per binding (bindings with none left out). */
  const calls = () =>
    Object.fromEntries([...meters].filter(([, meter]) => meter.calls > 0).map(([name, meter]) => [name, meter.calls]));
  /** Rows read in every database together. */
  const rowsRead = () => [...meters.values()].reduce((sum, meter) => sum + meter.rowsRead, 0);
  /** Calls per binding that started after `tick` (`markResponse`): the work a response left running. */
  const callsAfter = (tick: number) => {
    const after: Record<string, number> = {};
    for (const call of timeline) if (call.start > tick) after[call.binding] = (after[call.binding] ?? 0) + 1;
    return after;
  };
  let responseTick = Number.POSITIVE_INFINITY;
  return {
    env: bindings as unknown as Env,
    calls,
    rowsRead,
    /** Marks the moment the response was ready: calls after it are what the response did not wait for. */
    markResponse: () => {
      responseTick = tick;
    },
    /** The calls started after the response was ready, per binding (`waitUntil` work). */
    afterResponse: () => callsAfter(responseTick),
    /** Round trips in sequence the response waited for (calls started before it was ready). */
    roundTripsBeforeResponse: () => roundTripsInSequence(timeline.filter((call) => call.start <= responseTick)),
    /** Every call so far, in the order they started. */
    timeline: (): readonly TimedCall[] => [...timeline],
    roundTrips: () => roundTripsInSequence(timeline),
  };
}
