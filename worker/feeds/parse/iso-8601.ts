// ISO 8601 and its profiles (W3CDTF, RFC 3339): calendar, ordinal and week dates, and the truncated
// forms old feeds still carry, with an optional time and zone.
import { daysInMonth, expandYear, type Fields, toIso } from './calendar';

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

export function parseIso8601(text: string): string | null {
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
