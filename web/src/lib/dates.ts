// Item dates (spec §9): today "x ago", yesterday "Yesterday", otherwise "MMM d, yyyy" (e.g. "May 13, 2025").
// Days are the reader's local calendar days. An unparseable date throws "Invalid time value" (spec §5).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error('Invalid time value');
  return date;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

function timeAgo(elapsedMs: number): string {
  const minutes = Math.round(Math.max(0, elapsedMs) / MINUTE);
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 45) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.max(1, Math.round(elapsedMs / HOUR));
  return hours === 1 ? 'about 1 hour ago' : `about ${hours} hours ago`;
}

/** "MMM d, yyyy" in the reader's time zone. */
export function formatCalendarDate(value: Date | string | number): string {
  const date = toDate(value);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

export function formatItemDate(value: Date | string | number, now: Date = new Date()): string {
  const date = toDate(value);
  const dayDiff = Math.round((startOfDay(now) - startOfDay(date)) / (24 * HOUR));
  if (dayDiff === 0) return timeAgo(now.getTime() - date.getTime());
  if (dayDiff === 1) return 'Yesterday';
  return formatCalendarDate(date);
}

/**
 * The compact list's date on a phone, where a row has about 56 px for it: "now", "5m", "3h" today,
 * "Yesterday", then "May 13" this year and "May 2024" before (issue 27 §2). Lists keep formatItemDate
 * from `sm` up.
 */
export function formatShortItemDate(value: Date | string | number, now: Date = new Date()): string {
  const date = toDate(value);
  const dayDiff = Math.round((startOfDay(now) - startOfDay(date)) / (24 * HOUR));
  if (dayDiff === 0) {
    const minutes = Math.round(Math.max(0, now.getTime() - date.getTime()) / MINUTE);
    if (minutes < 1) return 'now';
    return minutes < 60 ? `${minutes}m` : `${Math.round(minutes / 60)}h`;
  }
  if (dayDiff === 1) return 'Yesterday';
  const month = MONTHS[date.getMonth()];
  return date.getFullYear() === now.getFullYear() ? `${month} ${date.getDate()}` : `${month} ${date.getFullYear()}`;
}
