import { describe, expect, it } from 'vitest';
import { formatItemDate, formatShortItemDate } from './dates';

// Local times, so the test holds in any time zone.
const now = new Date(2025, 4, 13, 15, 0, 0);

describe('formatItemDate', () => {
  it('says how long ago for today', () => {
    expect(formatItemDate(new Date(2025, 4, 13, 14, 59, 40), now)).toBe('less than a minute ago');
    expect(formatItemDate(new Date(2025, 4, 13, 14, 55), now)).toBe('5 minutes ago');
    expect(formatItemDate(new Date(2025, 4, 13, 12, 0), now)).toBe('about 3 hours ago');
    expect(formatItemDate(new Date(2025, 4, 13, 0, 30), now)).toBe('about 15 hours ago');
  });

  it('says "Yesterday" for the previous calendar day, however close', () => {
    expect(formatItemDate(new Date(2025, 4, 12, 23, 59), now)).toBe('Yesterday');
    expect(formatItemDate(new Date(2025, 4, 12, 0, 1), now)).toBe('Yesterday');
  });

  it('uses "MMM d, yyyy" for anything older', () => {
    expect(formatItemDate(new Date(2025, 4, 11, 9, 0), now)).toBe('May 11, 2025');
    expect(formatItemDate(new Date(2024, 0, 2).toISOString(), now)).toBe('Jan 2, 2024');
  });

  it('throws "Invalid time value" for an unparseable date', () => {
    expect(() => formatItemDate('not a date', now)).toThrow(new Error('Invalid time value'));
    expect(() => formatItemDate(Number.NaN, now)).toThrow('Invalid time value');
  });
});

describe('formatShortItemDate (the compact list on a phone)', () => {
  it('says minutes or hours today, "Yesterday", then the day, then the month and year', () => {
    expect(formatShortItemDate(new Date(2025, 4, 13, 14, 59, 40), now)).toBe('now');
    expect(formatShortItemDate(new Date(2025, 4, 13, 14, 55), now)).toBe('5m');
    expect(formatShortItemDate(new Date(2025, 4, 13, 12, 0), now)).toBe('3h');
    expect(formatShortItemDate(new Date(2025, 4, 12, 23, 59), now)).toBe('Yesterday');
    expect(formatShortItemDate(new Date(2025, 4, 11, 9, 0), now)).toBe('May 11');
    expect(formatShortItemDate(new Date(2024, 0, 2), now)).toBe('Jan 2024');
  });
});
