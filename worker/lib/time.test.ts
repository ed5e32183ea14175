// Time-zone arithmetic (lib/time.ts), and the formatters it keeps per isolate: within their bound, however
// many ways a request writes a zone's name.
import { describe, expect, it } from 'vitest';
import { formatterCount, isValidTimeZone, MOST_TIME_ZONES, startOfDay, zoneOffsetMs } from './time';

const caseVariant = (zone: string, n: number) =>
  [...zone].map((c, k) => ((n >> (k % 20)) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');

describe('time zones', () => {
  it('takes a zone written in any case, and keeps at most MOST_TIME_ZONES formatters', () => {
    for (let n = 0; n < 3 * MOST_TIME_ZONES; n++) {
      expect(isValidTimeZone(caseVariant('America/Argentina/Buenos_Aires', n))).toBe(true);
      expect(formatterCount()).toBeLessThanOrEqual(MOST_TIME_ZONES);
    }
    expect(formatterCount()).toBe(MOST_TIME_ZONES);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('gives each zone its own offset and day, with its formatters made again after others pushed them out', () => {
    const instant = Date.parse('2026-07-01T12:00:00Z');
    for (let round = 0; round < 2; round++) {
      expect(zoneOffsetMs(instant, 'Europe/Berlin')).toBe(2 * 3_600_000);
      expect(zoneOffsetMs(instant, 'America/New_York')).toBe(-4 * 3_600_000);
      expect(startOfDay(instant, 'Asia/Tokyo')).toBe(Date.parse('2026-07-01T00:00:00+09:00'));
      for (let n = 0; n < MOST_TIME_ZONES; n++) isValidTimeZone(caseVariant('Europe/Paris', n));
    }
  });
});
