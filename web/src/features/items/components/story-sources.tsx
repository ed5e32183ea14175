// A story told by several of the person's feeds (issue 24): the list shows one card for it, the first
// source that arrived, saying how many sources tell it and which other outlets; a source that arrived
// after the person read the story is "1 new source" rather than an unread story. The article lists every
// source: its title (a link to the original), outlet and time.
import type { FeedItem } from '@contracts/feeds';
import { cn } from '@/lib/cn';
import { ItemDate } from './item-date';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "3 sources · also Daily, Blog" and, on a read story, "1 new source"; on a feed's own page, where every
 * item is shown, "also in 2 feeds"; nothing for an item alone.
 */
export function StoryBadge({ item, className }: { item: FeedItem; className?: string }) {
  const others = item.alsoIn ?? [];
  if (others.length === 0 && item.story.size > 1) {
    const feeds = item.story.size - 1;
    return (
      <p data-story-sources="" className={cn('relative z-10 text-xs text-muted-foreground', className)}>
        also in {plural(feeds, 'feed', 'feeds')}
      </p>
    );
  }
  if (others.length === 0) return null;
  // The server's count of the read story's unread sources (a source that arrived after it was read).
  const fresh = item.story.newSources ?? 0;
  const outlets = [...new Set(others.map((other) => other.source))].join(', ');
  return (
    <p
      data-story-sources=""
      className={cn('relative z-10 flex flex-wrap gap-x-1.5 text-xs text-muted-foreground', className)}
    >
      <span className="font-medium text-foreground">{plural(item.story.size, 'source', 'sources')}</span>
      <span className="truncate">· also {outlets}</span>
      {fresh > 0 ? (
        <span className="font-medium text-primary">· {plural(fresh, 'new source', 'new sources')}</span>
      ) : null}
    </p>
  );
}

/** Every source of the story, the opened one first. */
export function StorySourcesList({ item }: { item: FeedItem }) {
  const others = item.alsoIn ?? [];
  if (others.length === 0) return null;
  const sources = [
    { id: item.id, source: item.source, title: item.title, link: item.link, pubDate: item.pubDate },
    ...others,
  ];
  return (
    <section aria-label="Sources" className="grid gap-2 border-t border-border pt-4">
      <h3 className="text-sm font-semibold">{plural(sources.length, 'source', 'sources')} tell this story</h3>
      <ul className="grid gap-2">
        {sources.map((source) => (
          <li key={source.id} data-story-source="" className="grid gap-0.5 text-sm">
            {source.link ? (
              <a
                href={source.link}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium underline-offset-2 hover:underline"
              >
                {source.title || 'Untitled'}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="font-medium">{source.title || 'Untitled'}</span>
            )}
            <span className="text-xs text-muted-foreground">
              {source.source} · <ItemDate pubDate={source.pubDate} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
