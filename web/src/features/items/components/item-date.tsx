import { formatItemDate, formatShortItemDate } from '@/lib/dates';

/**
 * An item's date as lists show it ("5 minutes ago", "Yesterday", "May 13, 2025"); nothing when unreadable.
 * `short` shows the compact form ("5m", "May 13") below `sm`, where a compact row has little room.
 */
export function ItemDate({ pubDate, className, short }: { pubDate: string; className?: string; short?: boolean }) {
  let label: string;
  let shortLabel: string;
  try {
    label = formatItemDate(pubDate);
    shortLabel = formatShortItemDate(pubDate);
  } catch {
    return null;
  }
  if (!label) return null;
  return short ? (
    <time dateTime={pubDate} title={label} className={className}>
      <span className="sm:hidden">{shortLabel}</span>
      <span className="hidden sm:inline">{label}</span>
    </time>
  ) : (
    <time dateTime={pubDate} className={className}>
      {label}
    </time>
  );
}
