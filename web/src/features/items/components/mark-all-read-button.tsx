// "Mark all as read" on every item list, My Feed included: everything, or only what is older than a day
// or a week (newer items stay unread). Shift+A does the first, from the keyboard.

import { buttonClasses } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuButton } from '@/components/ui/dropdown-menu';
import { ChevronDownIcon } from '@/components/ui/icons';
import { toast, toastApiError } from '@/components/ui/toast-store';
import type { ItemScope } from '../api/get-feed-items';
import { useMarkAllRead } from '../api/mark-all-read';
import { CheckCheckIcon } from './item-icons';

const DAY_MS = 24 * 60 * 60 * 1000;

export const MARK_READ_CHOICES = [
  { label: 'All items', olderThanMs: 0 },
  { label: 'Older than a day', olderThanMs: DAY_MS },
  { label: 'Older than a week', olderThanMs: 7 * DAY_MS },
] as const;

/** Marks the scope read (older than `olderThanMs` when not 0), saying how many items it marked. */
export function useMarkAllReadWithToast(scope: ItemScope) {
  const markAll = useMarkAllRead();
  return {
    isPending: markAll.isPending,
    start: (olderThanMs = 0, now = Date.now()) =>
      markAll.mutate(
        { scope, ...(olderThanMs > 0 ? { before: new Date(now - olderThanMs) } : {}) },
        {
          onSuccess: ({ marked }) =>
            toast({
              title: 'Marked as read',
              description: marked === 1 ? '1 item marked as read.' : `${marked} items marked as read.`,
            }),
          onError: (error) => toastApiError(error, 'Error', 'An unexpected error occurred. Please try again.'),
        },
      ),
  };
}

export function MarkAllReadButton({ markAll }: { markAll: ReturnType<typeof useMarkAllReadWithToast> }) {
  return (
    <DropdownMenu
      label="Mark all as read"
      triggerClassName={buttonClasses({ variant: 'outline' })}
      trigger={
        <>
          <CheckCheckIcon />{' '}
          <span className="hidden sm:inline">{markAll.isPending ? 'Marking...' : 'Mark all as read'}</span>
          <ChevronDownIcon />
        </>
      }
    >
      {MARK_READ_CHOICES.map((choice) => (
        <DropdownMenuButton key={choice.label} onSelect={() => markAll.start(choice.olderThanMs)}>
          {choice.label}
        </DropdownMenuButton>
      ))}
    </DropdownMenu>
  );
}
