// A summary you can check (issue 25): each sentence ends with small numbered links to the items it came
// from (they open the item in the app), sentences the support check did not pass are greyed with a note
// saying why, and the share of supported sentences is shown above. docs/cited-summaries.md explains it.
import { type Citation, type CitedSource, type Generation, supportNotes } from '@contracts/ai';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** Where a cited item opens: the home list's article view (`?item=`), which loads any item of the person. */
export const itemPath = (itemId: number) => `/home?item=${itemId}`;

const passes = (citation: Citation) => citation.support === 'supported';

/** "5 of 6 sentences supported by their sources (83%)". */
export function SupportScore({ generation }: { generation: Pick<Generation, 'citations' | 'supportScore'> }) {
  if (generation.supportScore === null || generation.citations.length === 0) return null;
  const supported = generation.citations.filter(passes).length;
  const total = generation.citations.length;
  const percent = Math.round(generation.supportScore * 100);
  const tone =
    percent >= 95
      ? 'border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300'
      : percent >= 60
        ? 'border-amber-600/30 bg-amber-500/10 text-amber-900 dark:text-amber-200'
        : 'border-destructive/40 bg-destructive/10 text-destructive';
  return (
    <p
      data-testid="support-score"
      className={cn('inline-flex w-fit items-center gap-1 rounded-md border px-2 py-1 text-xs font-medium', tone)}
    >
      Checked: {supported} of {total} {total === 1 ? 'sentence' : 'sentences'} supported by their sources ({percent}%)
    </p>
  );
}

/** A sentence, its items' numbers in the summary's source list, and those items. */
type SentenceProps = { citation: Citation; numbers: Map<number, number>; sources: Map<number, CitedSource> };

function SourceLinks({ citation, numbers, sources }: SentenceProps) {
  return (
    <>
      {citation.itemIds.map((itemId) => {
        const number = numbers.get(itemId);
        const source = sources.get(itemId);
        if (number === undefined) return null;
        return (
          <Link
            key={itemId}
            to={itemPath(itemId)}
            className="ml-0.5 align-super text-[0.7em] font-semibold text-primary no-underline hover:underline"
            aria-label={`Source ${number}: ${source?.title ?? 'item'}`}
            title={source ? `${source.title} (${source.source})` : undefined}
          >
            [{number}]
          </Link>
        );
      })}
    </>
  );
}

function CitedSentence({ citation, numbers, sources }: SentenceProps) {
  const ok = passes(citation);
  const note = citation.support === 'supported' ? null : (citation.note ?? supportNotes[citation.support]);
  return (
    <span data-support={citation.support} className={cn(!ok && 'text-muted-foreground/70')}>
      <span className={cn(!ok && 'underline decoration-dotted underline-offset-4')}>{citation.sentence}</span>
      <SourceLinks citation={citation} numbers={numbers} sources={sources} />
      {note ? (
        <span className="ml-1 text-xs text-muted-foreground italic">
          ({supportNotes[citation.support as Exclude<Citation['support'], 'supported'>]}: {note})
        </span>
      ) : null}{' '}
    </span>
  );
}

/** Consecutive sentences under the same heading from the same items read as one paragraph. */
function paragraphsOf(citations: Citation[]) {
  const paragraphs: { heading?: string; citations: Citation[] }[] = [];
  for (const citation of citations) {
    const last = paragraphs[paragraphs.length - 1];
    const first = last?.citations[0];
    if (last && last.heading === citation.heading && first && first.itemIds.join() === citation.itemIds.join()) {
      last.citations.push(citation);
    } else paragraphs.push({ heading: citation.heading, citations: [citation] });
  }
  return paragraphs;
}

export function CitedSummary({
  generation,
}: {
  generation: Pick<Generation, 'citations' | 'sources' | 'lead' | 'supportScore'>;
}) {
  const numbers = new Map(generation.sources.map((source, index) => [source.itemId, index + 1]));
  const sources = new Map(generation.sources.map((source) => [source.itemId, source]));
  let heading: string | undefined;
  return (
    <div className="grid gap-3 text-sm leading-relaxed wrap-anywhere" data-testid="cited-summary">
      {generation.lead ? <p className="text-muted-foreground">{generation.lead}</p> : null}
      {paragraphsOf(generation.citations).map((paragraph, index) => {
        const showHeading = paragraph.heading && paragraph.heading !== heading;
        heading = paragraph.heading;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are fixed for a generation
          <div key={index} className="grid gap-1">
            {showHeading ? <h4 className="font-semibold">{paragraph.heading}</h4> : null}
            <p>
              {paragraph.citations.map((citation, position) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: sentences are fixed for a generation
                <CitedSentence key={position} citation={citation} numbers={numbers} sources={sources} />
              ))}
            </p>
          </div>
        );
      })}
      {generation.sources.length > 0 ? (
        <ol className="grid gap-0.5 border-t border-border pt-2 text-xs text-muted-foreground" aria-label="Sources">
          {generation.sources.map((source, index) => (
            <li key={source.itemId}>
              [{index + 1}]{' '}
              <Link to={itemPath(source.itemId)} className="font-medium text-primary hover:underline">
                {source.title}
              </Link>{' '}
              ({source.source})
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
