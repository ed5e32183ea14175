// An item in a list, as a card or a row, that opens its article: the frame (OpenableItem) and the title
// as the button that opens it (ItemTitleButton). The button's ::after stretches over the whole frame,
// so a click anywhere on it opens the item, and the frame shows the button's focus ring. A read item's
// title is muted, an unread one strong; the frame carries data-read and data-active for tests and styles.
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

type OpenableItemProps = {
  item: { isRead: boolean };
  /** The item the keyboard is on. */
  active: boolean;
  testId: string;
  className: string;
  children: ReactNode;
};

export function OpenableItem({ item, active, testId, className, children }: OpenableItemProps) {
  return (
    <article
      data-testid={testId}
      data-read={item.isRead}
      data-active={active || undefined}
      className={cn(
        'relative has-[[data-item-open]:focus-visible]:ring-2 has-[[data-item-open]:focus-visible]:ring-ring',
        className,
      )}
    >
      {children}
    </article>
  );
}

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
