// The items of a list as cards or dense rows, My Feed's "Past 24 hours" / "Earlier" split included.
// Positions are the index in the whole list, so the keyboard selection and the open buttons line up.
import type { FeedItem } from '@contracts/feeds';
import { FeedCard } from './feed-card';
import { FeedRow } from './feed-row';
import type { ListView } from './list-settings';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ItemCollectionProps = {
  items: FeedItem[];
  view: ListView;
  /** My Feed, newest first with no date filter: split into the past 24 hours and earlier. */
  groupRecent: boolean;
  /** The server's count of unread items in the list's scope (the sidebar's), for "N older unread items below". */
  unreadTotal?: number;
  /** Whether more pages follow the loaded ones. */
  hasMore: boolean;
  /** False on a single feed's page: each item would repeat the feed's name. */
  showSource: boolean;
  favicons: ReadonlyMap<number, string | null>;
  activeIndex: number;
  canRewrite: boolean;
  setOpenButton: (index: number, element: HTMLButtonElement | null) => void;
  onOpen: (index: number) => void;
  onRewrite: (index: number) => void;
};

export function ItemCollection(props: ItemCollectionProps) {
  const { items, groupRecent } = props;
  if (!groupRecent) return <ItemSlice {...props} slice={items} offset={0} />;

  const since = Date.now() - DAY_MS;
  const firstOlder = items.findIndex((item) => Date.parse(item.pubDate) < since);
  const split = firstOlder === -1 ? items.length : firstOlder;
  const olderNote = olderUnreadNote(items.slice(0, split), split < items.length || !props.hasMore, props.unreadTotal);
  return (
    <div className="grid gap-8">
      <section aria-labelledby="items-recent" className="grid gap-2 sm:gap-4">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 id="items-recent" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Past 24 hours
          </h2>
          {olderNote ? (
            <button
              type="button"
              onClick={() => document.getElementById('items-earlier')?.scrollIntoView({ block: 'start' })}
              className="text-sm text-primary underline-offset-4 hover:underline"
            >
              {olderNote}
            </button>
          ) : null}
        </div>
        {split > 0 ? (
          <ItemSlice {...props} slice={items.slice(0, split)} offset={0} />
        ) : (
          <p className="text-sm text-muted-foreground">Nothing new in the past 24 hours.</p>
        )}
      </section>
      {split < items.length ? (
        <section aria-labelledby="items-earlier" className="grid gap-2 sm:gap-4">
          <h2
            id="items-earlier"
            className="scroll-mt-20 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Earlier
          </h2>
          <ItemSlice {...props} slice={items.slice(split)} offset={split} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * "N older unread items below": the server's unread count (the sidebar's) less the unread items of the
 * past 24 hours, which are counted here only once all of them are loaded. Counting the loaded page said
 * 30 where the sidebar said 38 (issue 27).
 */
function olderUnreadNote(recent: FeedItem[], recentAllLoaded: boolean, unreadTotal: number | undefined) {
  if (unreadTotal === undefined || !recentAllLoaded) return null;
  const olderUnread = unreadTotal - recent.filter((item) => !item.isRead).length;
  if (olderUnread <= 0) return null;
  return olderUnread === 1
    ? '1 older unread item below, under Earlier'
    : `${olderUnread} older unread items below, under Earlier`;
}

function ItemSlice({
  slice,
  offset,
  view,
  showSource,
  favicons,
  activeIndex,
  canRewrite,
  setOpenButton,
  onOpen,
  onRewrite,
}: ItemCollectionProps & { slice: FeedItem[]; offset: number }) {
  if (view === 'list') {
    return (
      <div className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
        {slice.map((item, position) => {
          const index = offset + position;
          return (
            <FeedRow
              key={item.id}
              item={item}
              favicon={favicons.get(item.feedId) ?? null}
              active={index === activeIndex}
              showSource={showSource}
              openRef={(element) => setOpenButton(index, element)}
              onOpen={() => onOpen(index)}
            />
          );
        })}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {slice.map((item, position) => {
        const index = offset + position;
        return (
          <FeedCard
            key={item.id}
            item={item}
            active={index === activeIndex}
            showSource={showSource}
            canRewrite={canRewrite}
            openRef={(element) => setOpenButton(index, element)}
            onOpen={() => onOpen(index)}
            onRewrite={() => onRewrite(index)}
          />
        );
      })}
    </div>
  );
}
