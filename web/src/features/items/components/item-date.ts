import { formatItemDate } from '@/lib/dates';

/** An item's date as lists show it ("5 minutes ago", "Yesterday", "May 13, 2025"); empty when unreadable. */
export function itemDateLabel(value: string): string {
  try {
    return formatItemDate(value);
  } catch {
    return '';
  }
}
