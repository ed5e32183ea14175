// An instant as the API writes it: `Date.prototype.toISOString`'s text (`2026-11-28T13:04:20.123Z`), by
// arithmetic. Every list maps each of its rows' two times this way, and V8's toISOString (a C++ builtin:
// a date cache lookup and a formatted print) was 7 % of the Worker's profile of the 30-newest list.

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00.000Z: from it on toISOString writes a six-digit year with its sign. */
const YEAR_10000_MS = 253_402_300_800_000;
/** The character code of the digit 0. */
const D0 = 48;

/**
 * `new Date(ms).toISOString()`, the same text for every integer from 1970 to year 9999, through
 * toISOString itself for anything else (before 1970, past 9999, a fraction, NaN, which throws as it does).
 * The text is made in one piece (String.fromCharCode): one pasted together from parts is a tree of
 * strings that JSON.stringify then has to flatten, which cost more than toISOString saved.
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= YEAR_10000_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  // The civil date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days, for the proleptic
  // Gregorian calendar that ECMAScript's time values use).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return String.fromCharCode(
    D0 + Math.floor(year / 1000),
    D0 + (Math.floor(year / 100) % 10),
    D0 + (Math.floor(year / 10) % 10),
    D0 + (year % 10),
    45, // -
    D0 + Math.floor(month / 10),
    D0 + (month % 10),
    45, // -
    D0 + Math.floor(day / 10),
    D0 + (day % 10),
    84, // T
    D0 + Math.floor(hours / 10),
    D0 + (hours % 10),
    58, // :
    D0 + Math.floor(minutes / 10),
    D0 + (minutes % 10),
    58, // :
    D0 + Math.floor(seconds / 10),
    D0 + (seconds % 10),
    46, // .
    D0 + Math.floor(millis / 100),
    D0 + (Math.floor(millis / 10) % 10),
    D0 + (millis % 10),
    90, // Z
  );
}
