// When to check a feed next. A feed that posts often is checked often: half its typical gap between
// posts, between 15 minutes and 24 hours. What the server asks for is honoured (its <ttl>, Cache-Control
// max-age, Retry-After), and failures back off exponentially with jitter so that a broken host is not
// hammered and feeds that failed together do not retry together. Pure: the caller passes the clock (and,
// in tests, the randomness); storing the date is the refresher's job.

export const MIN_INTERVAL_MS = 15 * 60 * 1000;
export const MAX_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Without any dated items there is no rate to go by. */
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;
/** The posting rate is read from the gaps between this many of the newest items. */
const RECENT_ITEMS = 11;
const JITTER = 0.1;

export type ScheduleInput = {
  now: Date | number;
  /** Publication dates of the feed's recent items, in any order (unparsable and future ones are ignored). */
  itemDates: readonly (Date | number | string | null | undefined)[];
  /** RSS 2.0 <ttl>: minutes the feed may be cached before it is refreshed. */
  ttlMinutes?: number | null;
  cacheControl?: string | null;
  retryAfter?: string | null;
  /** Consecutive failed refreshes, 0 after a success. */
  errorCount?: number;
  /** A number in [0, 1), as Math.random (the default). */
  random?: () => number;
};

export function nextCheckAt(input: ScheduleInput): Date {
  const now = typeof input.now === 'number' ? input.now : input.now.getTime();
  const errors = input.errorCount ?? 0;
  let interval: number;
  if (errors > 0) {
    // 15 min, 30 min, 1 h, 2 h … up to a day; ±10 % so that feeds failing together spread out.
    const backoff = Math.min(MIN_INTERVAL_MS * 2 ** Math.min(errors - 1, 20), MAX_INTERVAL_MS);
    interval = backoff * (1 + ((input.random ?? Math.random)() * 2 - 1) * JITTER);
  } else {
    interval = postingInterval(input.itemDates, now);
  }
  const serverFloor = Math.max(
    (input.ttlMinutes ?? 0) * 60 * 1000,
    maxAgeSeconds(input.cacheControl) * 1000,
    retryAfterMs(input.retryAfter, now),
  );
  // The server's wishes are honoured up to a day: a feed is checked at least daily, so a typo such as
  // max-age=31536000 or a year-long Retry-After cannot silence it for good.
  const bounded = Math.min(Math.max(interval, serverFloor, MIN_INTERVAL_MS), MAX_INTERVAL_MS);
  return new Date(now + Math.round(bounded));
}

/** Half the median gap between the newest items: checks twice per typical post, robust to one burst. */
function postingInterval(itemDates: ScheduleInput['itemDates'], now: number): number {
  const times = [...new Set(itemDates.map(toTime).filter((t): t is number => t !== null && t <= now))].sort(
    (a, b) => b - a,
  );
  const recent = times.slice(0, RECENT_ITEMS);
  const newest = recent[0];
  if (newest === undefined) return DEFAULT_INTERVAL_MS;
  // A single item: it is as old as it is, so the feed is at least that quiet.
  if (recent.length === 1) return (now - newest) / 2;
  const gaps = recent.slice(1).map((t, i) => (recent[i] ?? t) - t);
  gaps.sort((a, b) => a - b);
  const middle = Math.floor(gaps.length / 2);
  const median = gaps.length % 2 === 1 ? (gaps[middle] ?? 0) : ((gaps[middle - 1] ?? 0) + (gaps[middle] ?? 0)) / 2;
  return median / 2;
}

function toTime(value: Date | number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const t = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

/**
 * Freshness lifetime from Cache-Control (RFC 9111 §5.2.2.1). One fetch serves everyone following the
 * feed, which makes us a shared cache, so s-maxage wins over max-age (§5.2.2.10); no-store and no-cache
 * give no lifetime.
 */
export function maxAgeSeconds(cacheControl: string | null | undefined): number {
  if (!cacheControl) return 0;
  const directives = new Map<string, string>();
  for (const part of cacheControl.split(',')) {
    const [name = '', value = ''] = part.split('=', 2).map((s) => s.trim());
    if (name !== '') directives.set(name.toLowerCase(), value.replace(/^"|"$/g, ''));
  }
  if (directives.has('no-store') || directives.has('no-cache')) return 0;
  const value = directives.get('s-maxage') ?? directives.get('max-age');
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : 0;
}

/** Retry-After: delay-seconds or an HTTP-date (RFC 9110 §10.2.3). Zero when absent or unreadable. */
export function retryAfterMs(retryAfter: string | null | undefined, now: number): number {
  if (!retryAfter) return 0;
  const text = retryAfter.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now) : 0;
}
