// The article dialog (spec §2): full content, author, published date, a link to the original source and
// "Rewrite with AI"; an enclosure's player (enclosure-player.tsx); previous and next item (buttons, or k and j), star (s) and mark unread (m) without closing.
// The full article comes from the server (slow the first time): meanwhile, and if it fails, the feed's
// own content is shown (spec §8: "Failed to load full article content" when the server fails, "An
// error occurred while loading the content" when the connection does). Loaded lazily
// with DOMPurify.
import type { FeedItem } from '@contracts/feeds';
import { useEffect, useMemo, useRef } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ArrowLeftIcon, ArrowRightIcon, ExternalLinkIcon, SparklesIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { apiErrorStatus } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';
import { sanitizeArticleHtml } from '@/lib/sanitize-html';
import { useArticleContent } from '../api/get-article-content';
import { useSetItemStarred } from '../api/set-item-starred';
import { articleClasses, feedHtml, fullArticleNote } from './article-body';
import { EnclosurePlayer } from './enclosure-player';
import { StarButton } from './star-button';
import { StorySourcesList } from './story-sources';

function publishedOn(value: string): string | null {
  try {
    return formatCalendarDate(value);
  } catch {
    return null;
  }
}

/**
 * Spec §8's two texts: the server answered but could not give the article ("Failed to load full
 * article content"), or nothing answered at all, the connection failing on the way ("An error occurred
 * while loading the content").
 */
export function articleLoadError(error: Error): string {
  return apiErrorStatus(error) === undefined
    ? 'An error occurred while loading the content'
    : 'Failed to load full article content';
}

type ArticleDialogProps = {
  item: FeedItem;
  onClose: () => void;
  /** Absent at the start of the list. */
  onPrevious?: () => void;
  /** Absent at the end of the list. */
  onNext?: () => void;
  onToggleRead: () => void;
  /** n: the list's next unread item. */
  onNextUnread?: () => void;
  /** v: the original page in a new tab. */
  onOpenOriginal?: () => void;
  canRewrite: boolean;
  onRewrite: () => void;
};

/**
 * j/k/n/m/s/v inside the open article, and o or Enter to close it (issue 27 §3); typing in a field of it
 * (none today) keeps its keys, and Enter on a button or link is that control's.
 */
function useArticleKeys(handlers: {
  onPrevious?: () => void;
  onNext?: () => void;
  onNextUnread?: () => void;
  onOpenOriginal?: () => void;
  onClose: () => void;
  onToggleRead: () => void;
  onToggleStar: () => void;
}) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
      if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('button, a, summary')) {
        return;
      }
      const keys: Record<string, (() => void) | undefined> = {
        j: latest.current.onNext,
        k: latest.current.onPrevious,
        n: latest.current.onNextUnread,
        v: latest.current.onOpenOriginal,
        o: latest.current.onClose,
        Enter: latest.current.onClose,
        m: latest.current.onToggleRead,
        s: latest.current.onToggleStar,
      };
      const action = keys[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function ArticleDialog({
  item,
  onClose,
  onPrevious,
  onNext,
  onToggleRead,
  onNextUnread,
  onOpenOriginal,
  canRewrite,
  onRewrite,
}: ArticleDialogProps) {
  const article = useArticleContent(item.id);
  const setStarred = useSetItemStarred();
  const onToggleStar = () => setStarred.mutate({ itemId: item.id, isStarred: !item.isStarred });
  useArticleKeys({ onPrevious, onNext, onNextUnread, onOpenOriginal, onClose, onToggleRead, onToggleStar });

  useEffect(() => {
    if (article.error) toast({ variant: 'destructive', title: 'Error', description: articleLoadError(article.error) });
  }, [article.error]);

  const { content, description } = item;
  const html = useMemo(
    () => sanitizeArticleHtml(article.data?.content || feedHtml({ content, description })),
    [article.data?.content, content, description],
  );

  const date = publishedOn(item.pubDate);
  const meta = [item.source, item.author ? `By ${item.author}` : null, date].filter(Boolean).join(' · ');

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={item.title || 'Untitled'}
      description={meta}
      className="sm:max-w-3xl"
    >
      {article.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label="Loading" /> Loading the full article…
        </p>
      ) : null}
      {item.fullArticle === 'failed' && !article.data?.extracted ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{fullArticleNote('failed')}</p>
      ) : null}
      <EnclosurePlayer itemId={item.id} enclosures={item.enclosures ?? []} />
      {html ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server and again by DOMPurify above
        <div className={articleClasses} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="text-sm text-muted-foreground">No description available</p>
      )}
      <StorySourcesList item={item} />
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
        <div className="flex gap-2 sm:mr-auto">
          <Button variant="outline" size="icon" aria-label="Previous item" disabled={!onPrevious} onClick={onPrevious}>
            <ArrowLeftIcon />
          </Button>
          <Button variant="outline" size="icon" aria-label="Next item" disabled={!onNext} onClick={onNext}>
            <ArrowRightIcon />
          </Button>
          <StarButton item={item} />
          <Button variant="outline" onClick={onToggleRead}>
            {item.isRead ? 'Mark as unread' : 'Mark as read'}
          </Button>
        </div>
        {item.link ? (
          <a
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'outline' })}
          >
            <ExternalLinkIcon /> Read the original
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
        <Button disabled={!canRewrite} onClick={onRewrite}>
          <SparklesIcon /> Rewrite with AI
        </Button>
      </div>
    </Dialog>
  );
}
