// An item's title as the button that opens its article, in a card or a row. Its ::after stretches over
// the whole (`relative`) card or row, so a click anywhere on them opens the item; the card or row shows
// the button's focus ring with ITEM_OPEN_FOCUS_RING. A read item's title is muted, an unread one strong.
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

export const ITEM_OPEN_FOCUS_RING =
  'has-[[data-item-open]:focus-visible]:ring-2 has-[[data-item-open]:focus-visible]:ring-ring';

type ItemTitleButtonProps = {
  item: { title: string; isRead: boolean };
  openRef?: Ref<HTMLButtonElement>;
  onOpen: () => void;
  /** How the title wraps or truncates where it stands. */
  className: string;
  /** How strong an unread title is there (`font-bold`, `font-semibold`). */
  unreadWeight: string;
  /** Said before the title, e.g. "Unread:" for screen readers. */
  prefix?: ReactNode;
};

export function ItemTitleButton({ item, openRef, onOpen, className, unreadWeight, prefix }: ItemTitleButtonProps) {
  return (
    <button
      ref={openRef}
      type="button"
      data-item-open=""
      onClick={onOpen}
      className={cn(
        'text-left outline-none after:absolute after:inset-0 after:content-[""] hover:text-primary',
        className,
        item.isRead ? 'font-normal text-muted-foreground' : cn(unreadWeight, 'text-foreground'),
      )}
    >
      {prefix}
      {item.title || 'Untitled'}
    </button>
  );
}
