// isoTime (lib/iso-time.ts) writes what toISOString writes: every item's pubDate and createdAt in the API
// goes through it, so a day off or a digit short would show in every list.
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

const DAY_MS = 86_400_000;

describe('isoTime', () => {
  it('writes every day from 1970 to 2200 as toISOString does, at a different time of day each', () => {
    for (let day = 0; day < 84_000; day++) {
      const ms = day * DAY_MS + ((day * 7_919_311) % DAY_MS);
      if (isoTime(ms) !== new Date(ms).toISOString()) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('and the days after, up to the last millisecond of year 9999, leap years and century ends among them', () => {
    const instants = [
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29, 0, 0, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (let day = 84_000; day < 2_932_897; day += 97) instants.push(day * DAY_MS + ((day * 104_729) % DAY_MS));
    for (const ms of instants) {
      if (isoTime(ms) !== new Date(ms).toISOString()) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTime(Date.UTC(2026, 10, 28, 13, 4, 20, 123))).toBe('2026-11-28T13:04:20.123Z');
  });

  it('gives what toISOString gives outside that range, and throws as it does for no time', () => {
    for (const ms of [-1, -62_198_755_200_000, 253_402_300_800_000, 8.64e15, 1_795_871_060_000.5]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
