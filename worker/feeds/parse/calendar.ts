// Calendar fields to an ISO-8601 UTC string, checked against the calendar (February 30th is not a date),
// shared by the ISO 8601 and RFC 822 readers.

export type Fields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
};

export function toIso(f: Fields, offsetMinutes: number): string | null {
  if (f.month < 1 || f.month > 12 || f.day < 1 || f.day > daysInMonth(f.year, f.month)) return null;
  if (f.hour > 24 || f.minute > 59 || f.second > 60 || (f.hour === 24 && (f.minute > 0 || f.second > 0))) return null;
  if (Math.abs(offsetMinutes) >= 24 * 60) return null;
  const date = new Date(0);
  // setUTCFullYear keeps years below 100 as written (Date.UTC would add 1900).
  date.setUTCFullYear(f.year, f.month - 1, f.day);
  date.setUTCHours(f.hour, f.minute - offsetMinutes, Math.min(f.second, 59), f.ms);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) return null;
  return date.toISOString();
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** RFC 2822 §4.3: two-digit years 00–49 are 20xx, 50–99 are 19xx. */
export function expandYear(digits: string): number {
  const n = Number(digits);
  if (digits.length > 2) return n;
  return n < 50 ? 2000 + n : 1900 + n;
}
