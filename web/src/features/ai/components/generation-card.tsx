// One generation on /ai-generated (spec §2): a text card (title, content type, date, the content, copy and
// email) or an image card (the image with a placeholder when it fails, and a new-image button). In progress
// it shows a spinner; failed it shows the recorded error. `renderActions` is the slot other features fill
// (publish to WordPress), given only generations that have content.
import { contentTypeLabels, type Generation } from '@contracts/ai';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { AlertIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatItemDate } from '@/lib/dates';
import { sanitizeGenerationHtml } from '@/lib/sanitize-html';
import { CitedSummary, SupportScore } from './cited-summary';
import { CopyButton, DownloadImageButton, EmailButton, RegenerateButton } from './generation-actions';
import { closingNote } from './generation-text';
import { ImageIcon } from './icons';

export type RenderGenerationActions = (generation: Generation) => ReactNode;

export const isImageGeneration = (generation: Generation) =>
  generation.contentType === 'visual_content' || generation.imageUrl !== null;

/** Past this much HTML a card starts folded, with "Show more". */
const FOLD_AT_CHARS = 900;

/** Typography for the sanitised HTML of a generation (headings, paragraphs, lists, quotes, links). */
const proseClasses =
  'text-sm leading-relaxed wrap-anywhere [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_em]:text-muted-foreground [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-3 [&_p:last-child]:mb-0 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-5 [&>:first-child]:mt-0';

export function GenerationContent({ html, folded = false }: { html: string; folded?: boolean }) {
  const safe = useMemo(() => sanitizeGenerationHtml(html), [html]);
  return (
    <div
      className={cn(
        proseClasses,
        folded && 'max-h-72 overflow-hidden [mask-image:linear-gradient(to_bottom,black_70%,transparent)]',
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised twice, by the server and by DOMPurify above
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}

export function GenerationStatus({ generation }: { generation: Generation }) {
  if (generation.status === 'failed') {
    return (
      <div
        role="alert"
        className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
      >
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <p>
          <span className="font-medium">This generation failed.</span> {generation.error ?? 'Please try again.'}
        </p>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-md bg-muted/60 p-3 text-sm text-muted-foreground">
      <Spinner className="size-5" label="Generating" />
      <span>Generating… This may take a minute.</span>
    </div>
  );
}

export function GenerationImage({ generation }: { generation: Generation }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = generation.imageUrl;
  if (url && failedUrl !== url) {
    return (
      <img
        src={url}
        alt={generation.title}
        loading="lazy"
        onError={() => setFailedUrl(url)}
        className="aspect-video w-full rounded-md bg-muted object-cover"
      />
    );
  }
  return (
    <div className="grid aspect-video w-full place-items-center rounded-md bg-muted text-muted-foreground">
      <span className="grid justify-items-center gap-2 text-sm">
        <ImageIcon className="size-8" />
        {url ? 'Image unavailable' : 'No image yet'}
      </span>
    </div>
  );
}

export function GenerationCard({
  generation,
  renderActions,
}: {
  generation: Generation;
  renderActions?: RenderGenerationActions;
}) {
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  const image = isImageGeneration(generation);
  const content = generation.content;
  const foldable = !image && content !== null && content.length > FOLD_AT_CHARS;
  const settled = generation.status !== 'pending';
  // Summaries of several items show their sentences with numbered sources (issue 25); a rewrite of one
  // item keeps its own shape (a post, an email) and shows only how well its sources support it.
  const cited = !image && generation.origin !== 'rewrite' && generation.citations.length > 0;
  const citedFoldable = cited && generation.citations.length > 8;
  // The cited view shows sentences, not the HTML: the model's closing label is read from it once.
  const note = useMemo(() => (cited && content !== null ? closingNote(content) : null), [cited, content]);

  return (
    <Card className="flex min-w-0 flex-col">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col gap-4 p-5">
        <header className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="secondary">{contentTypeLabels[generation.contentType] ?? generation.contentType}</Badge>
            <time dateTime={generation.createdAt}>{formatItemDate(generation.createdAt)}</time>
          </div>
          <h3 id={titleId} className="text-base leading-snug font-semibold break-words">
            {generation.title}
          </h3>
        </header>

        {image && (settled || generation.imageUrl) ? <GenerationImage generation={generation} /> : null}
        {generation.status !== 'done' && content === null ? <GenerationStatus generation={generation} /> : null}
        {generation.status === 'failed' && content !== null ? <GenerationStatus generation={generation} /> : null}
        {content !== null && cited ? (
          <div className="grid gap-2">
            <SupportScore generation={generation} />
            <div
              className={cn(
                citedFoldable &&
                  !expanded &&
                  'max-h-72 overflow-hidden [mask-image:linear-gradient(to_bottom,black_70%,transparent)]',
              )}
            >
              <CitedSummary generation={generation} />
            </div>
            {note ? <p className="text-xs text-muted-foreground italic">{note}</p> : null}
            {citedFoldable ? <FoldToggle expanded={expanded} onToggle={() => setExpanded(!expanded)} /> : null}
          </div>
        ) : null}
        {content !== null && !cited ? (
          <div className="grid gap-2">
            <SupportScore generation={generation} />
            <GenerationContent html={content} folded={foldable && !expanded} />
            {foldable ? <FoldToggle expanded={expanded} onToggle={() => setExpanded(!expanded)} /> : null}
          </div>
        ) : null}

        {content !== null || (image && settled) ? (
          <footer className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
            {content !== null ? (
              <>
                <CopyButton html={content} />
                <EmailButton generation={generation} />
              </>
            ) : null}
            {image ? <RegenerateButton generation={generation} /> : null}
            {image ? <DownloadImageButton generation={generation} /> : null}
            {content !== null ? renderActions?.(generation) : null}
          </footer>
        ) : null}
      </article>
    </Card>
  );
}

/** Shows a long text whole, or folds it again. */
function FoldToggle({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      onClick={onToggle}
      className="justify-self-start text-sm font-medium text-primary hover:underline"
    >
      {expanded ? 'Show less' : 'Show more'}
    </button>
  );
}
