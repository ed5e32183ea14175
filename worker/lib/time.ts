// Time-zone arithmetic with Intl only (no library): the offset of a zone at an instant, and the
// start of that person's day.
import { BoundedMap } from './bounded-map';

/**
 * Formatters made lately, by time zone as given: making one takes about half a millisecond, and the people
 * a digest run or a day's limits go through come in a few zones at a time. Bounded, the oldest made going
 * first: each holds about 26 KB of ICU's memory beside its 200 bytes of V8 heap (bench/cache-bytes.mjs),
 * and a zone's name may be written in any case ("europe/BERLIN"), so without a bound the names requests may
 * send would fill the isolate. 8 are this cache's 0.21 MB of an isolate's budget (isolate-cache-budget.ts).
 */
export const MOST_TIME_ZONES = 8;
const formatters = new BoundedMap<string, Intl.DateTimeFormat>(MOST_TIME_ZONES);

/** How many formatters this isolate keeps now: for the test of its bound. */
export const formatterCount = () => formatters.size;

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string) {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `instant` in `timeZone`. */
export function zonedParts(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes to add to UTC to get the zone's wall clock at `instant`. */
export function zoneOffsetMs(instant: number, timeZone: string) {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of wall-clock `y-m-d h:00` in `timeZone` (days may overflow: day 32 is next month). */
export function zonedTime(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0) {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset across a DST change.
  const first = guess - zoneOffsetMs(guess, timeZone);
  return guess - zoneOffsetMs(first, timeZone);
}

export function startOfDay(instant: number, timeZone: string, addDays = 0) {
  const p = zonedParts(instant, timeZone);
  return zonedTime(timeZone, p.year, p.month, p.day + addDays);
}
