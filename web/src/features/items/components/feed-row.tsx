// One item in the compact list (issue 27 §2): favicon, source, title (bold when unread), a glimpse of the
// description and the time on one line of 28 px from `sm` up; on a phone the title takes two lines
// rather than being cut, with the source and a short time stacked beside it and the star left to the
// article, so a 390 × 844 screen shows 15 rows.
// A search result shows its snippet, the words found highlighted. The title is the button that opens the
// article; it stretches over the row.
import type { Ref } from 'react';
import { Favicon } from '@/components/ui/favicon';
import { cn } from '@/lib/cn';
import type { ListedItem } from '../api/get-feed-items';
import { ItemDate } from './item-date';
import { ItemTitleButton, OpenableItem } from './openable-item';
import { SearchSnippet } from './search-snippet';
import { StarButton } from './star-button';
import { StoryBadge } from './story-sources';

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
  const searchResult = item.snippet !== undefined;
  return (
    <OpenableItem
      item={item}
      active={active}
      testId="feed-row"
      className={cn(
        'flex items-start gap-2 px-2 py-0.5 hover:bg-accent/60 data-active:bg-accent sm:items-center sm:gap-3 sm:px-3',
        searchResult ? 'py-1 sm:py-1.5' : 'sm:h-7 sm:py-0',
      )}
    >
      <Favicon src={favicon} size={16} className="mt-px shrink-0 sm:mt-0" />
      {showSource ? (
        <span data-item-source="" className="hidden w-36 shrink-0 truncate text-xs text-muted-foreground sm:block">
          {item.source}
        </span>
      ) : null}
      <div className="grid min-w-0 flex-1 gap-0.5 sm:flex sm:items-baseline sm:gap-2">
        <h3 className="min-w-0 text-[0.8125rem] leading-4 sm:shrink-0 sm:basis-auto sm:max-w-[70%] sm:text-sm sm:leading-5">
          <ItemTitleButton
            item={item}
            openRef={openRef}
            onOpen={onOpen}
            className="line-clamp-2 max-w-full sm:line-clamp-none sm:block sm:truncate"
            unreadWeight="font-semibold"
            prefix={item.isRead ? null : <span className="sr-only">Unread: </span>}
          />
        </h3>
        <StoryBadge item={item} className="sm:shrink-0 sm:flex-nowrap" />
        {searchResult ? (
          <p className="line-clamp-2 text-xs text-muted-foreground sm:line-clamp-1 sm:text-sm">
            <SearchSnippet html={item.snippet ?? ''} />
          </p>
        ) : item.description ? (
          <p className="hidden min-w-0 truncate text-sm text-muted-foreground sm:block">{item.description}</p>
        ) : null}
      </div>
      <div className="grid w-14 shrink-0 justify-items-end text-[0.6875rem] leading-4 text-muted-foreground sm:contents">
        {showSource ? (
          <span data-item-source="" className="max-w-full truncate sm:hidden">
            {item.source}
          </span>
        ) : null}
        <ItemDate pubDate={item.pubDate} short className="max-w-full truncate sm:shrink-0 sm:text-xs" />
      </div>
      {/* On a phone the title needs the room; the star is in the article there. */}
      <span className="hidden sm:contents">
        <StarButton item={item} className="size-7 shrink-0" />
      </span>
    </OpenableItem>
  );
}
