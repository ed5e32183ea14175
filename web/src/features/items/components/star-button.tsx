// The star of an item (issue 14): an icon toggle, pressed when the item is starred. `s` does the same
// from the keyboard on lists and in the article.
import type { FeedItem } from '@contracts/feeds';
import { StarIcon } from '@/components/ui/icons';
import { TooltipButton } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useSetItemStarred } from '../api/set-item-starred';

export function StarButton({ item, className }: { item: FeedItem; className?: string }) {
  const setStarred = useSetItemStarred();
  return (
    <TooltipButton
      label="Star"
      aria-pressed={item.isStarred}
      className={cn('relative z-10', item.isStarred && 'text-amber-600 dark:text-amber-400', className)}
      icon={<StarIcon filled={item.isStarred} />}
      onClick={() => setStarred.mutate({ itemId: item.id, isStarred: !item.isStarred })}
    />
  );
}
