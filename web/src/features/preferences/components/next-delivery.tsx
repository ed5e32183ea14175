// "Next delivery" (spec §2, §9): when the next scheduled digest goes out, in the reader's clock, or "No
// scheduled delivery". Shown on /ai-generated (the app route passes it in) and on /preferences.
import { FREQUENCIES, type Frequency, type Preferences } from '@contracts/ai';
import { Link } from 'react-router';
import { ClockIcon } from '@/components/ui/icons';
import { formatCalendarDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { usePreferences } from '../api/get-preferences';
import { frequencyLabels } from './preference-values';

export const NO_DELIVERY = 'No scheduled delivery';

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

export function describeNextDelivery(
  schedule: Pick<Preferences, 'nextDeliveryAt'> & { frequency: string },
  now: Date = new Date(),
): string {
  const frequency = schedule.frequency as Frequency;
  if (frequency === 'none' || !FREQUENCIES.includes(frequency) || !schedule.nextDeliveryAt) return NO_DELIVERY;
  const at = new Date(schedule.nextDeliveryAt);
  if (Number.isNaN(at.getTime())) return NO_DELIVERY;
  const label = frequencyLabels[frequency];
  // The cron sends due digests every few minutes, so a slot just past is still on its way.
  if (at.getTime() <= now.getTime()) return `Next delivery: any minute now (${label})`;
  const days = Math.round((startOfDay(at) - startOfDay(now)) / 86_400_000);
  const day = days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : formatCalendarDate(at);
  // Some ICU versions put a narrow no-break space before AM/PM; plain spaces read (and test) the same.
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }).replace(/\s/g, ' ');
  return `Next delivery: ${day} at ${time} (${label})`;
}

export function NextDelivery({ withLink = false }: { withLink?: boolean }) {
  const preferences = usePreferences();
  if (!preferences.data) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <ClockIcon className="size-4 shrink-0" />
        {preferences.isError ? NO_DELIVERY : 'Next delivery: …'}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      <ClockIcon className="size-4 shrink-0" />
      <span>{describeNextDelivery(preferences.data)}</span>
      {withLink ? (
        <Link to={paths.preferences} className="font-medium text-primary underline-offset-4 hover:underline">
          Change
        </Link>
      ) : null}
    </span>
  );
}
