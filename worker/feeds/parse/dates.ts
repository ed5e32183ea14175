// Feed dates to ISO-8601 UTC strings. RSS uses RFC 822 dates (RSS 2.0 "pubDate", updated by RFC 2822/5322),
// Atom uses RFC 3339 (RFC 4287 §3.3), Dublin Core and RSS 1.0 use W3CDTF, JSON Feed uses RFC 3339. Real
// feeds mix them up and break them, so this tries ISO 8601 first and then a tolerant RFC 822 reader that
// takes its parts in any order. Anything it cannot place on the calendar is null, never a guess.
// The readers live beside it: iso-8601.ts, rfc-822.ts, and calendar.ts for what they share.

import { toIso } from './calendar';
import { parseIso8601 } from './iso-8601';
import { monthOf, parseRfc822 } from './rfc-822';

/** Parses a feed date; answers `toISOString()` of the instant, or null if the text is not a date. */
export function parseDate(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const text = raw.trim();
  if (text === '' || text.length > 100) return null;
  return parseIso8601(text) ?? parseRfc822(text) ?? parseLocalized(text);
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
