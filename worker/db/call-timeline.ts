// Which D1 calls a piece of work waited for one after another. Calls in flight together are one round
// trip; a call started after another answered is one more. A request's latency follows that count where
// each call is a round trip (production), where `calls` counts what it pays for (metered-d1.ts). The
// tests hold the reading paths to it (worker/test/metered-env.ts), and in development a request that asks
// (`x-feedloom-count-d1`, middleware/services.ts) answers it in Server-Timing, which the benchmark reads
// for bench/results.json `roundTrips`.
import { type Meter, meteredD1, newMeter } from './metered-d1';

/**
 * One D1 call on the timeline: `start` and `end` are ticks of one counter shared by every database, so
 * a call whose start is below another's end was in flight at the same time as it.
 */
export type TimedCall = { binding: string; start: number; end: number };

/** The longest chain of calls each of which started after the one before it had answered. */
export function roundTripsInSequence(timeline: readonly TimedCall[]) {
  const depths: number[] = [];
  const byStart = [...timeline].sort((a, b) => a.start - b.start);
  byStart.forEach((call, n) => {
    const before = byStart.slice(0, n).flatMap((earlier, k) => (earlier.end < call.start ? [depths[k] ?? 0] : []));
    depths.push(1 + Math.max(0, ...before));
  });
  return Math.max(0, ...depths);
}

/** A timeline to put calls on, and a D1 wrapper (`openDatabases`'s `wrap`) that puts each call there. */
export function callTimeline() {
  const calls: TimedCall[] = [];
  let tick = 0;
  return {
    calls: (): readonly TimedCall[] => calls,
    /** The current tick: calls started after it began later than now. */
    now: () => tick,
    /**
     * `d1`'s calls put on this timeline under `binding`, and counted in `meter` (with the rows they read
     * and wrote when `countRows`, which costs a statement run twice now and then: metered-d1.ts).
     */
    meter(
      d1: D1Database,
      binding: string,
      { meter = newMeter(), countRows = false }: { meter?: Meter; countRows?: boolean } = {},
    ) {
      meter.onCall = () => {
        const call = { binding, start: ++tick, end: Number.POSITIVE_INFINITY };
        calls.push(call);
        return () => {
          call.end = ++tick;
        };
      };
      return meteredD1(d1, meter, { countRows });
    },
  };
}
