// The expanded view (issue 27 §1): whole articles one after another in the list, as Miniflux's and
// FreshRSS's reading views show them, so a stream reads without a click per item.
// - With "Mark read on scroll" (on by default), an article is marked read once it has scrolled past the
//   top of the window, its bottom edge above it (an IntersectionObserver, so nothing runs per scroll
//   event for it).
// - j/k (the list's keys) bring each article's start to the top of the window.
// - The article at the top is remembered for this tab and page, so a reload comes back to it.
// Loaded lazily with DOMPurify, like the article dialog.
import type { FeedItem } from '@contracts/feeds';
import { useEffect, useMemo, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Favicon } from '@/components/ui/favicon';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { sanitizeArticleHtml } from '@/lib/sanitize-html';
import { articleClasses, feedHtml, fullArticleNote } from './article-body';
import { ItemDate } from './item-date';
import { StarButton } from './star-button';

const POSITION_KEY = 'feedloom:expanded-position:';

export type ExpandedStreamProps = {
  items: FeedItem[];
  /** The list's address (path and filters, not the open item), whose position is remembered. */
  positionKey: string;
  showSource: boolean;
  favicons: ReadonlyMap<number, string | null>;
  activeIndex: number;
  markReadOnScroll: boolean;
  setOpenButton: (index: number, element: HTMLButtonElement | null) => void;
  onOpen: (index: number) => void;
  onScrolledPast: (index: number) => void;
  onToggleRead: (index: number) => void;
  /** The remembered article was found again after a reload: it becomes the selected one. */
  onRestore: (index: number) => void;
};

function readPosition(key: string): number | null {
  try {
    const saved = Number(window.sessionStorage.getItem(POSITION_KEY + key));
    return Number.isSafeInteger(saved) && saved > 0 ? saved : null;
  } catch {
    return null;
  }
}

function savePosition(key: string, itemId: number) {
  try {
    window.sessionStorage.setItem(POSITION_KEY + key, String(itemId));
  } catch {
    // No session storage: the position holds for this page only.
  }
}

export function ExpandedStream(props: ExpandedStreamProps) {
  const { items, positionKey, markReadOnScroll } = props;
  const articles = useRef<(HTMLElement | null)[]>([]);
  const latest = useRef(props);
  latest.current = props;

  // Mark read once scrolled past the top: an observer per list, re-made when the items change.
  useEffect(() => {
    if (!markReadOnScroll) return;
    const marked = new Set<number>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const index = Number((entry.target as HTMLElement).dataset.index);
        const item = latest.current.items[index];
        const above = !entry.isIntersecting && entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0);
        if (!item || !above || item.isRead || marked.has(item.id)) continue;
        marked.add(item.id);
        latest.current.onScrolledPast(index);
      }
    });
    for (const article of articles.current.slice(0, items.length)) if (article) observer.observe(article);
    return () => observer.disconnect();
  }, [items, markReadOnScroll]);

  // Remember the article at the top of the window, at most every 200 ms of scrolling.
  useEffect(() => {
    let timer: number | undefined;
    const remember = () => {
      timer = undefined;
      const list = latest.current.items;
      const index = articles.current.findIndex(
        (article, at) => at < list.length && article !== null && article.getBoundingClientRect().bottom > 0,
      );
      const item = list[index];
      if (item) savePosition(positionKey, item.id);
    };
    const onScroll = () => {
      if (timer === undefined) timer = window.setTimeout(remember, 200);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, [positionKey]);

  // After a reload, come back to the remembered article once it is in the list.
  const restored = useRef(false);
  const restoreTimers = useRef<number[]>([]);
  useEffect(() => {
    if (restored.current || items.length === 0) return;
    restored.current = true;
    const saved = readPosition(positionKey);
    const index = saved === null ? -1 : items.findIndex((item) => item.id === saved);
    if (index <= 0) return;
    const article = articles.current[index];
    article?.scrollIntoView({ block: 'start' });
    latest.current.onRestore(index);
    // The router restores the page's scroll after a reload too, sometimes after this: until the person
    // scrolls, come back to the article once more if something moved the page away from it.
    let touched = false;
    const onTouch = () => {
      touched = true;
    };
    const events = ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, onTouch, { passive: true, once: true });
    // Not cleared when the items change (marking those above read does at once), only on unmount.
    restoreTimers.current = [150, 500, 1000].map((delay) =>
      window.setTimeout(() => {
        const top = article?.getBoundingClientRect().top ?? 0;
        if (!touched && Math.abs(top) > 40) article?.scrollIntoView({ block: 'start' });
      }, delay),
    );
    window.setTimeout(() => {
      for (const name of events) window.removeEventListener(name, onTouch);
    }, 1100);
  }, [items, positionKey]);
  useEffect(
    () => () => {
      for (const timer of restoreTimers.current) window.clearTimeout(timer);
    },
    [],
  );

  return (
    // The gap is wider than the articles' scroll margin, so an article brought to the top by j has left
    // the one before wholly above the window, where it counts as scrolled past.
    <div className="grid gap-6">
      {items.map((item, index) => (
        <ExpandedArticle
          key={item.id}
          item={item}
          index={index}
          props={props}
          articleRef={(element) => {
            articles.current[index] = element;
          }}
        />
      ))}
    </div>
  );
}

function ExpandedArticle({
  item,
  index,
  props,
  articleRef,
}: {
  item: FeedItem;
  index: number;
  props: ExpandedStreamProps;
  articleRef: (element: HTMLElement | null) => void;
}) {
  const html = useMemo(() => sanitizeArticleHtml(feedHtml(item)), [item]);
  const headingId = `expanded-${item.id}`;
  const note = fullArticleNote(item.fullArticle);
  return (
    <article
      ref={articleRef}
      data-testid="expanded-item"
      data-index={index}
      data-read={item.isRead}
      data-active={index === props.activeIndex || undefined}
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-xl border border-border bg-card p-4 data-active:ring-2 data-active:ring-ring sm:p-6"
    >
      <header className="grid gap-2">
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <Favicon src={props.favicons.get(item.feedId) ?? null} size={16} />
          {props.showSource ? <span className="truncate font-medium">{item.source}</span> : null}
          {item.author ? <span className="truncate">By {item.author}</span> : null}
          <ItemDate pubDate={item.pubDate} className="ml-auto shrink-0" />
        </div>
        <h3 id={headingId} className="text-lg leading-snug sm:text-xl">
          <button
            ref={(element) => props.setOpenButton(index, element)}
            type="button"
            onClick={() => props.onOpen(index)}
            className={cn(
              'text-left hover:text-primary',
              item.isRead ? 'font-semibold text-muted-foreground' : 'font-bold text-foreground',
            )}
          >
            {item.isRead ? null : <span className="sr-only">Unread: </span>}
            {item.title || 'Untitled'}
          </button>
        </h3>
      </header>
      {note ? <p className="mt-3 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{note}</p> : null}
      {html ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server and again by DOMPurify above
        <div className={cn(articleClasses, 'mt-3')} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">No description available</p>
      )}
      <footer className="mt-4 flex flex-wrap items-center gap-2 border-t border-border pt-3">
        <StarButton item={item} />
        <button
          type="button"
          onClick={() => props.onToggleRead(index)}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          {item.isRead ? 'Mark as unread' : 'Mark as read'}
        </button>
        {item.link ? (
          <a
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonClasses({ variant: 'ghost', size: 'sm' }), 'ml-auto')}
          >
            <ExternalLinkIcon /> Read the original
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </footer>
    </article>
  );
}
