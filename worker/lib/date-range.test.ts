// The date filters' bounds as a function, in every kind of time zone (worker/test/clock.ts TIME_ZONES) at
// every hour of an ordinary day and of each day a zone moves its clocks: a pure function, so in Node.
// Through the API, at each hour of New York's fall-back day: routes/date-filters.test.ts.
import { describe, expect, it } from 'vitest';
import { DST_CHANGES, hourlyInstants, TIME_ZONES, wallClock } from '../test/clock';
import { dateRange } from './date-range';

describe('date filters', () => {
  it('start at local midnight at every hour, in every kind of time zone and across every change', () => {
    const days = ['2026-06-15', ...DST_CHANGES.map((change) => change.day)];
    // Every instant's wrong bound, listed and asserted once (some 8,000 instants × 4 filters): an expect
    // for each cost more than the arithmetic it checks.
    const wrong: string[] = [];
    for (const zone of TIME_ZONES) {
      for (const now of days.flatMap(hourlyInstants)) {
        const today = wallClock(now, zone);
        for (const [filter, daysBack] of [
          ['today', 0],
          ['yesterday', -1],
          ['last7days', -6],
          ['last30days', -29],
        ] as const) {
          const [from, to] = dateRange(filter, zone, now);
          const start = wallClock(from ?? Number.NaN, zone);
          const where = `${filter} at ${new Date(now).toISOString()} in ${zone}`;
          const starts = { days: start.dayNumber - today.dayNumber, hour: start.hour, minute: start.minute };
          if (starts.days !== daysBack || starts.hour !== 0 || starts.minute !== 0)
            wrong.push(`${where}: starts ${JSON.stringify(starts)}, not ${daysBack} days back at 00:00`);
          // The day before a local midnight belongs to the day before.
          if (wallClock((from ?? 0) - 1, zone).dayNumber !== start.dayNumber - 1)
            wrong.push(`${where}: the instant before its start is not on the day before`);
          const end = filter === 'yesterday' ? dateRange('today', zone, now)[0] : null;
          if (to !== end) wrong.push(`${where}: ends at ${to}, not ${end}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
