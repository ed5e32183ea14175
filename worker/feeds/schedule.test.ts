import { describe, expect, it } from 'vitest';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS, maxAgeSeconds, nextCheckAt, retryAfterMs } from './schedule';

describe('nextCheckAt', () => {
  const now = Date.parse('2025-01-06T12:00:00Z');
  const minutes = (n: number) => n * 60 * 1000;
  const hours = (n: number) => n * minutes(60);
  const delayOf = (date: Date) => date.getTime() - now;
  const every = (gap: number, count: number) => Array.from({ length: count }, (_, i) => now - hours(1) - i * gap);

  it('checks twice per typical gap between posts (the median of the last ten)', () => {
    expect(delayOf(nextCheckAt({ now, itemDates: every(hours(4), 20) }))).toBe(hours(2));
    // One burst of posts does not move the median much.
    const bursty = [...every(hours(6), 10), now - hours(1) - minutes(1), now - hours(1) - minutes(2)];
    expect(delayOf(nextCheckAt({ now, itemDates: bursty }))).toBe(hours(3));
    expect(
      delayOf(nextCheckAt({ now: new Date(now), itemDates: every(hours(6), 5).map((t) => new Date(t).toISOString()) })),
    ).toBe(hours(3));
  });

  it('stays between 15 minutes and 24 hours', () => {
    expect(delayOf(nextCheckAt({ now, itemDates: every(minutes(2), 20) }))).toBe(MIN_INTERVAL_MS);
    expect(delayOf(nextCheckAt({ now, itemDates: every(hours(24 * 30), 20) }))).toBe(MAX_INTERVAL_MS);
    // All items with one date (a feed that stamps everything "now"), dates in the future, or none at all.
    expect(delayOf(nextCheckAt({ now, itemDates: Array(10).fill(now - hours(5)) }))).toBe(hours(2.5));
    expect(delayOf(nextCheckAt({ now, itemDates: [now + hours(48), 'not a date', null] }))).toBe(hours(1));
    expect(delayOf(nextCheckAt({ now, itemDates: [] }))).toBe(hours(1));
  });

  it('is never sooner than ttl, Cache-Control or Retry-After allow (up to a day)', () => {
    const itemDates = every(minutes(10), 20);
    expect(delayOf(nextCheckAt({ now, itemDates, ttlMinutes: 60 }))).toBe(hours(1));
    expect(delayOf(nextCheckAt({ now, itemDates, cacheControl: 'public, max-age=7200' }))).toBe(hours(2));
    expect(delayOf(nextCheckAt({ now, itemDates, cacheControl: 'max-age=600, s-maxage=3600' }))).toBe(hours(1));
    expect(delayOf(nextCheckAt({ now, itemDates, retryAfter: '5400' }))).toBe(minutes(90));
    expect(delayOf(nextCheckAt({ now, itemDates, retryAfter: 'Mon, 06 Jan 2025 15:00:00 GMT' }))).toBe(hours(3));
    expect(delayOf(nextCheckAt({ now, itemDates, cacheControl: 'max-age=31536000' }))).toBe(MAX_INTERVAL_MS);
  });

  it('backs off exponentially on errors, with ±10 % jitter, up to a day', () => {
    const at = (errorCount: number, random: number) =>
      delayOf(nextCheckAt({ now, itemDates: every(minutes(5), 20), errorCount, random: () => random }));
    expect(at(1, 0.5)).toBe(minutes(15));
    expect(at(2, 0.5)).toBe(minutes(30));
    expect(at(3, 0.5)).toBe(hours(1));
    expect(at(4, 0.999_999)).toBeCloseTo(hours(2) * 1.1, -3);
    expect(at(4, 0)).toBe(hours(2) * 0.9);
    expect(at(50, 0.5)).toBe(MAX_INTERVAL_MS);
    expect(at(50, 0)).toBe(MAX_INTERVAL_MS * 0.9);
    // Retry-After still wins when it asks for longer.
    expect(delayOf(nextCheckAt({ now, itemDates: [], errorCount: 1, retryAfter: '7200', random: () => 0.5 }))).toBe(
      hours(2),
    );
  });

  it('reads the header values', () => {
    expect(maxAgeSeconds('no-cache, max-age=600')).toBe(0);
    expect(maxAgeSeconds('max-age="120"')).toBe(120);
    expect(maxAgeSeconds('max-age=abc')).toBe(0);
    expect(maxAgeSeconds(null)).toBe(0);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Mon, 06 Jan 2025 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBe(0);
  });
});
