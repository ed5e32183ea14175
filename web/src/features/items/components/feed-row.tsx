// One item in the list view: a dense row of favicon, source, title (bold when unread), a line of the
// description (a search result: its snippet, the words found highlighted) and the time. The title is the button that opens the article; it stretches over the row.
import type { Ref } from 'react';
import { Favicon } from '@/components/ui/favicon';
import { cn } from '@/lib/cn';
import type { ListedItem } from '../api/get-feed-items';
import { ItemDate } from './item-date';
import { ItemTitleButton, OpenableItem } from './openable-item';
import { SearchSnippet } from './search-snippet';
import { StarButton } from './star-button';

type FeedRowProps = {
  item: ListedItem;
  favicon: string | null;
  active: boolean;
  /** False on a single feed's page, where every item's source is that feed's name. */
  showSource?: boolean;
  openRef?: Ref<HTMLButtonElement>;
  onOpen: () => void;
};

export function FeedRow({ item, favicon, active, showSource = true, openRef, onOpen }: FeedRowProps) {
  return (
    <OpenableItem
      item={item}
      active={active}
      testId="feed-row"
      className="flex items-start gap-3 px-3 py-2.5 hover:bg-accent/60 data-active:bg-accent sm:items-center"
    >
      <Favicon src={favicon} size={16} className="mt-0.5 shrink-0 sm:mt-0" />
      {showSource ? (
        <span className="hidden w-36 shrink-0 truncate text-xs text-muted-foreground sm:block">{item.source}</span>
      ) : null}
      <div className="grid min-w-0 flex-1 gap-0.5 sm:flex sm:items-baseline sm:gap-2">
        <h3 className="min-w-0 truncate text-sm sm:shrink-0 sm:basis-auto sm:max-w-[60%]">
          <ItemTitleButton
            item={item}
            openRef={openRef}
            onOpen={onOpen}
            className="max-w-full truncate"
            unreadWeight="font-semibold"
            prefix={item.isRead ? null : <span className="sr-only">Unread: </span>}
          />
        </h3>
        <p
          className={cn(
            'text-xs text-muted-foreground sm:text-sm',
            item.snippet === undefined ? 'truncate' : 'line-clamp-2 sm:line-clamp-1',
          )}
        >
          {showSource ? <span className="sm:hidden">{item.source} · </span> : null}
          {item.snippet === undefined ? item.description || '' : <SearchSnippet html={item.snippet} />}
        </p>
      </div>
      <ItemDate pubDate={item.pubDate} className="shrink-0 text-xs text-muted-foreground sm:self-center" />
      <StarButton item={item} className="-my-1.5 size-8 shrink-0" />
    </OpenableItem>
  );
}
