import { formatItemDate } from '@/lib/dates';

/** An item's date as lists show it ("5 minutes ago", "Yesterday", "May 13, 2025"); nothing when unreadable. */
export function ItemDate({ pubDate, className }: { pubDate: string; className?: string }) {
  let label: string;
  try {
    label = formatItemDate(pubDate);
  } catch {
    return null;
  }
  return label ? (
    <time dateTime={pubDate} className={className}>
      {label}
    </time>
  ) : null;
}
