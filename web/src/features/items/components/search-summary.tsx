// Above a searched list: what was searched and where, with a way to search all feeds and to leave the search.
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { searchAddress } from './search-box';

type SearchSummaryProps = {
  text: string;
  /** The feed, category or list searched; null when it is everything the person follows. */
  scopeLabel: string | null;
  onClear: () => void;
};

export function SearchSummary({ text, scopeLabel, onClear }: SearchSummaryProps) {
  const link = 'text-primary underline-offset-4 hover:underline';
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm" data-testid="search-summary">
      <p className="min-w-0 text-muted-foreground">
        Results for <strong className="text-foreground">“{text}”</strong>{' '}
        {scopeLabel ? (
          <>
            in <strong className="text-foreground">{scopeLabel}</strong> only
          </>
        ) : (
          'in all your feeds'
        )}
      </p>
      {scopeLabel ? (
        <Link to={searchAddress(paths.home, text)} className={link}>
          Search all feeds
        </Link>
      ) : null}
      <button type="button" onClick={onClear} className={link}>
        Clear search
      </button>
    </div>
  );
}
