// RFC 822 / 2822 dates as feeds really write them, and the month names of the languages they use.
import { expandYear, type Fields, toIso } from './calendar';
import { zoneOffsetMinutes } from './zones';

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

export function monthOf(word: string): number | undefined {
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
export function parseRfc822(text: string): string | null {
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
