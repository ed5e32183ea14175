// The instants a date filter of the lists (spec §3: today, yesterday, last 7 and 30 days) covers, in the
// person's time zone.
import type { DateFilter } from '../contracts/feeds';
import { startOfDay } from './time';

/** The [from, to) instants of a date filter in the person's time zone; null bounds are open. */
export function dateRange(filter: DateFilter, timeZone: string, now = Date.now()): [number | null, number | null] {
  switch (filter) {
    case 'none':
      return [null, null];
    case 'today':
      return [startOfDay(now, timeZone), null];
    case 'yesterday':
      return [startOfDay(now, timeZone, -1), startOfDay(now, timeZone)];
    case 'last7days':
      return [startOfDay(now, timeZone, -6), null];
    case 'last30days':
      return [startOfDay(now, timeZone, -29), null];
  }
}
