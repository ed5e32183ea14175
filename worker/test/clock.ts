// The test clock. A test whose outcome depends on the wall clock pins it here instead of reading the
// real one, so it passes at every hour and on every date: the Worker code under test reads Date.now()
// as production does, and only Date is faked (timers, I/O and the fake upstreams stay real).
// The instants below are where scheduling rules break if they break at all: every hour of a day, and
// the days a time zone moves its clocks.
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Freezes Date.now() and new Date() at `instant` until the test ends (or until pinned again). */
export function pinClock(instant: number | string | Date) {
  if (!vi.isFakeTimers())
    onTestFinished(() => {
      vi.useRealTimers();
    });
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
}

/**
 * Pins the clock for every test of the file, from `start` on, never going back from one test to the
 * next: for tests whose databases keep what the test before wrote, item ids included, which follow the
 * clock (db/shards.ts). A test may still pin or move it; the next one starts where it left it.
 */
export function pinClockForFile(start: number) {
  let now = start;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
  });
  afterEach(() => {
    now = Math.max(now, Date.now()) + 1;
    vi.useRealTimers();
  });
}

/** Moves the pinned clock on by `ms`. */
export function advanceClock(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

/** The 24 instants hh:30 UTC of `day` ("2026-06-15"): every local hour of every whole-hour zone. */
export function hourlyInstants(day: string): number[] {
  const start = Date.parse(`${day}T00:30:00Z`);
  return Array.from({ length: 24 }, (_, hour) => start + hour * HOUR_MS);
}

/** Days on which a zone moves its clocks, with the instant of the change (2026 rules). */
export const DST_CHANGES = [
  { zone: 'America/New_York', day: '2026-03-08', at: Date.parse('2026-03-08T07:00:00Z'), shift: 'spring forward' },
  { zone: 'America/New_York', day: '2026-11-01', at: Date.parse('2026-11-01T06:00:00Z'), shift: 'fall back' },
  { zone: 'Europe/London', day: '2026-03-29', at: Date.parse('2026-03-29T01:00:00Z'), shift: 'spring forward' },
  { zone: 'Europe/London', day: '2026-10-25', at: Date.parse('2026-10-25T01:00:00Z'), shift: 'fall back' },
  // Southern hemisphere: the clocks go back in April and forward in September.
  { zone: 'Australia/Sydney', day: '2026-04-04', at: Date.parse('2026-04-04T16:00:00Z'), shift: 'fall back' },
  { zone: 'Australia/Sydney', day: '2026-10-03', at: Date.parse('2026-10-03T16:00:00Z'), shift: 'spring forward' },
] as const;

/**
 * Zones that catch the usual mistakes: UTC itself, both sides of the date line, half- and quarter-hour
 * offsets, and zones with daylight saving in either hemisphere.
 */
export const TIME_ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Pacific/Kiritimati',
] as const;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of `instant` in `timeZone`, read with Intl alone: the oracle the tests compare the
 * app's own time-zone arithmetic (worker/lib/time.ts) against.
 */
export function wallClock(instant: number, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const date = { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
  return {
    ...date,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    /** Days since 1970-01-01 of the local calendar date: subtract two to count calendar days between them. */
    dayNumber: Date.UTC(date.year, date.month - 1, date.day) / DAY_MS,
  };
}
