// Feed dates to ISO-8601 UTC strings. RSS uses RFC 822 dates (RSS 2.0 "pubDate", updated by RFC 2822/5322),
// Atom uses RFC 3339 (RFC 4287 §3.3), Dublin Core and RSS 1.0 use W3CDTF, JSON Feed uses RFC 3339. Real
// feeds mix them up and break them, so this tries ISO 8601 first and then a tolerant RFC 822 reader that
// takes its parts in any order. Anything it cannot place on the calendar is null, never a guess.

import { zoneOffsetMinutes } from './zones';

/** Parses a feed date; answers `toISOString()` of the instant, or null if the text is not a date. */
export function parseDate(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const text = raw.trim();
  if (text === '' || text.length > 100) return null;
  return parseIso8601(text) ?? parseRfc822(text) ?? parseLocalized(text);
}

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number };

function toIso(f: Fields, offsetMinutes: number): string | null {
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

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** RFC 2822 §4.3: two-digit years 00–49 are 20xx, 50–99 are 19xx. */
function expandYear(digits: string): number {
  const n = Number(digits);
  if (digits.length > 2) return n;
  return n < 50 ? 2000 + n : 1900 + n;
}

function fromOrdinal(year: number, ordinal: number): { month: number; day: number } | null {
  if (ordinal < 1 || ordinal > 366) return null;
  let left = ordinal;
  for (let month = 1; month <= 12; month++) {
    const days = daysInMonth(year, month);
    if (left <= days) return { month, day: left };
    left -= days;
  }
  return null;
}

function fromWeek(year: number, week: number, weekday: number): { year: number; month: number; day: number } | null {
  // ISO 8601 week dates: week 1 is the week holding January 4th; weeks start on Monday.
  if (week < 1 || week > 53 || weekday < 1 || weekday > 7) return null;
  const jan4 = new Date(Date.UTC(2000, 0, 4));
  jan4.setUTCFullYear(year);
  const mondayOfWeek1 = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000;
  const d = new Date(mondayOfWeek1 + ((week - 1) * 7 + weekday - 1) * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

// Date part of ISO 8601 / W3CDTF: calendar (with Google's "2003-012-31" three-digit month), ordinal, week,
// and the truncated two-digit forms of ISO 8601:1988 that old feeds still carry ("-0312", "03335").
const ISO_CALENDAR = /^(\d{4})(?:-(\d{1,3})(?:-(\d{1,2}))?)?$/;
const ISO_BASIC = /^(\d{4})(\d{2})(\d{2})$/;
const ISO_ORDINAL = /^(\d{4})-?(\d{3})$/;
const ISO_WEEK = /^(\d{4})-?W(\d{2})(?:-?(\d))?$/;
const ISO_SHORT = /^(\d{2})-?(\d{2})-?(\d{2})$/;
const ISO_SHORT_MONTH = /^-(\d{2})-?(\d{2})$/;
const ISO_SHORT_ORDINAL = /^(\d{2})(\d{3})$/;
const ISO_TIME = /^(\d{1,2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?$/;
const ISO_ZONE = /^(?:Z|UTC|GMT|([+-])(\d{2}):?(\d{2})?)$/i;

function parseIsoDate(part: string): { year: number; month: number; day: number } | null {
  let m = ISO_ORDINAL.exec(part);
  if (m) {
    const year = Number(m[1]);
    const md = fromOrdinal(year, Number(m[2]));
    return md && { year, ...md };
  }
  m = ISO_CALENDAR.exec(part);
  if (m) return { year: Number(m[1]), month: Number(m[2] ?? 1), day: Number(m[3] ?? 1) };
  m = ISO_BASIC.exec(part);
  if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  m = ISO_WEEK.exec(part);
  if (m) return fromWeek(Number(m[1]), Number(m[2]), Number(m[3] ?? 1));
  m = ISO_SHORT.exec(part);
  if (m) return { year: expandYear(m[1] ?? ''), month: Number(m[2]), day: Number(m[3]) };
  m = ISO_SHORT_MONTH.exec(part);
  if (m) return { year: expandYear(m[1] ?? ''), month: Number(m[2]), day: 1 };
  m = ISO_SHORT_ORDINAL.exec(part);
  if (m) {
    const year = expandYear(m[1] ?? '');
    const md = fromOrdinal(year, Number(m[2]));
    return md && { year, ...md };
  }
  return null;
}

function parseIso8601(text: string): string | null {
  const c = text.charCodeAt(0);
  if (!(c >= 48 && c <= 57) && c !== 45) return null;
  // Split "date[T| ]time[ ]zone"; MSSQL-style dates use a space instead of the T.
  const match = /^([-\dW]+)(?:(?:T|\s+)(\d[\d:.,]*)\s*(Z|UTC|GMT|[+-][\d:]+)?)?$/i.exec(text);
  if (!match) return null;
  const date = parseIsoDate(match[1] ?? '');
  if (!date) return null;
  const fields: Fields = { ...date, hour: 0, minute: 0, second: 0, ms: 0 };
  let offset = 0;
  if (match[2] !== undefined) {
    const t = ISO_TIME.exec(match[2]);
    if (!t || t[2] === undefined) return null;
    fields.hour = Number(t[1]);
    fields.minute = Number(t[2]);
    fields.second = Number(t[3] ?? 0);
    fields.ms = t[4] ? Math.floor(Number(`0.${t[4]}`) * 1000) : 0;
    if (match[3] !== undefined) {
      const z = ISO_ZONE.exec(match[3]);
      if (!z) return null;
      if (z[1]) {
        const hours = Number(z[2]);
        const minutes = Number(z[3] ?? 0);
        if (hours > 23 || minutes > 59) return null;
        offset = (z[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
      }
    }
  }
  return toIso(fields, offset);
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  // Feeds written by localised software (feedparser keeps tables for the same reason).
  ιαν: 1,
  φεβ: 2,
  μάρ: 3,
  μαρ: 3,
  μάώ: 3,
  απρ: 4,
  άπρ: 4,
  μάι: 5,
  μαϊ: 5,
  μαι: 5,
  ιούν: 6,
  ιον: 6,
  ιουν: 6,
  ιούλ: 7,
  ιολ: 7,
  ιουλ: 7,
  αύγ: 8,
  αυγ: 8,
  σεπ: 9,
  οκτ: 10,
  νοέ: 11,
  νοε: 11,
  δεκ: 12,
  január: 1,
  február: 2,
  március: 3,
  április: 4,
  máujus: 5,
  május: 5,
  június: 6,
  július: 7,
  augusztus: 8,
  szeptember: 9,
  október: 10,
  november: 11,
  december: 12,
};

function monthOf(word: string): number | undefined {
  const lower = word.toLowerCase();
  const exact = MONTHS[lower];
  if (exact !== undefined) return exact;
  // "January", "Sept", "Sept." → the first three letters name the month.
  if (lower.length > 3 && /^[a-z]+$/.test(lower)) {
    const m = MONTHS[lower.slice(0, 3)];
    if (
      m !== undefined &&
      /^(january|february|march|april|may|june|july|august|september|sept|october|november|december)$/.test(lower)
    )
      return m;
  }
  return undefined;
}

const WEEKDAY =
  /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|nesday|sday|urday|rsday)?$|^(κυρ|δευ|τρι|τετ|πεμ|παρ|σαβ)$/i;
const TIME = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,](\d+))?)?$/;
const OFFSET = /^(?:(?:GMT|UTC|UT)?([+-])(\d{1,2}):?(\d{2})?)$/i;

/**
 * RFC 822 §5 / RFC 2822 §3.3 dates, read as a bag of tokens so that the broken forms work too: a missing
 * or wrong weekday, missing seconds or time, two-digit years, a full month name, month before day
 * ("Thu Aug 30 2012 …", asctime), both an offset and a zone name, a parenthesised zone comment, "GMT+hh:mm".
 */
function parseRfc822(text: string): string | null {
  const cleaned = text.replace(/\([^)]*\)/g, ' ').replace(/(\d)(st|nd|rd|th)\b/gi, '$1');
  const tokens = cleaned
    .split(
      /[\s,]+|(?<=[a-zA-Z])(?=\d)|(?<=\d)(?=[a-zA-Z]{2})|(?<=\d)-(?=[a-zA-Z])|(?<!GMT|UTC|UT|gmt|utc)(?<=[a-zA-Z])-(?=\d)/,
    )
    .filter((t) => t !== '');
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  let time: RegExpExecArray | null = null;
  let offset: number | undefined;
  let pm: boolean | undefined;
  const numbers: string[] = [];
  for (const raw of tokens) {
    const token = raw.replace(/\.$/, '');
    if (token === '') continue;
    if (time === null && TIME.test(token)) {
      time = TIME.exec(token);
      continue;
    }
    if (/^\d{4}\/\d{1,2}\/\d{1,2}$/.test(token)) {
      const [y, mo, d] = token.split('/');
      year = Number(y);
      month = Number(mo);
      day = Number(d);
      continue;
    }
    if (/^\d{1,4}$/.test(token)) {
      numbers.push(token);
      continue;
    }
    if (time !== null && offset === undefined) {
      const o = OFFSET.exec(token);
      if (o) {
        const hours = Number(o[2]);
        const minutes = Number(o[3] ?? 0);
        if (hours > 23 || minutes > 59) return null;
        offset = (o[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
        continue;
      }
    }
    if (month === undefined) {
      const m = monthOf(token);
      if (m !== undefined) {
        month = m;
        continue;
      }
    }
    if (WEEKDAY.test(token)) continue;
    if (/^[ap]\.?m$/i.test(token)) {
      pm = token[0] === 'p' || token[0] === 'P';
      continue;
    }
    const zone = zoneOffsetMinutes(token);
    if (zone !== undefined) {
      if (offset === undefined) offset = zone;
      continue;
    }
    if (/^(at|on|of|de|the)$/i.test(token)) continue;
    return null;
  }
  if (month === undefined) return null;
  if (day === undefined || year === undefined) {
    // A four-digit number is the year; of the rest, the first is the day and the next a two-digit year.
    const four = numbers.findIndex((n) => n.length >= 3);
    if (four >= 0) {
      year = Number(numbers[four]);
      numbers.splice(four, 1);
      if (numbers.length !== 1) return null;
      day = Number(numbers[0]);
    } else {
      if (numbers.length !== 2) return null;
      day = Number(numbers[0]);
      year = expandYear(numbers[1] ?? '');
    }
  } else if (numbers.length > 0) {
    return null;
  }
  let hour = time ? Number(time[1]) : 0;
  if (pm !== undefined) {
    if (hour > 12) return null;
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  const fields: Fields = {
    year,
    month,
    day,
    hour,
    minute: time ? Number(time[2]) : 0,
    second: time?.[3] ? Number(time[3]) : 0,
    ms: time?.[4] ? Math.floor(Number(`0.${time[4]}`) * 1000) : 0,
  };
  return toIso(fields, offset ?? 0);
}

/**
 * Localised dates: ISO 8601 with a month name ("2004-július-13T9:15-05:00", Hungarian blogs), and Korean
 * blog engines ("2004-05-25 오후 11:23:17", "2004년 05월 28일 01:31:15"), both in KST (+09:00).
 */
function parseLocalized(text: string): string | null {
  const named = /^(\d{4})-([^\d\s-]+)-(\d{1,2})T(\d{1,2}):(\d{2})(.*)$/.exec(text);
  if (named) {
    const month = monthOf(named[2] ?? '');
    if (month === undefined) return null;
    const pad = (n: string | number) => String(n).padStart(2, '0');
    return parseIso8601(
      `${named[1]}-${pad(month)}-${pad(named[3] ?? '')}T${pad(named[4] ?? '')}:${named[5]}${named[6]}`,
    );
  }
  let m = /^(\d{4})-(\d{2})-(\d{2})\s+(오전|오후)\s+(\d{1,2}):(\d{2}):(\d{2})$/.exec(text);
  if (m) {
    const hour = (Number(m[5]) % 12) + (m[4] === '오후' ? 12 : 0);
    const fields = {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour,
      minute: Number(m[6]),
      second: Number(m[7]),
      ms: 0,
    };
    return toIso(fields, 9 * 60);
  }
  m = /^(\d{4})년\s*(\d{1,2})월\s*(\d{1,2})일\s+(\d{1,2}):(\d{2}):(\d{2})$/.exec(text);
  if (m) {
    const fields = {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour: Number(m[4]),
      minute: Number(m[5]),
      second: Number(m[6]),
      ms: 0,
    };
    return toIso(fields, 9 * 60);
  }
  return null;
}
