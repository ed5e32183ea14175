// The body of a feed's or a category's page: the language selector and the AI feature's Generate Summary
// for the page header, and the scope's items below. Both follow one date filter, so Generate Summary
// summarises what the list shows; the page component (its feature's) places the two.
import type { DateFilter } from '@contracts/feeds';
import { type ReactNode, useState } from 'react';
import type { SummaryScope } from '@/features/ai/api/generate-summary';
import { GenerateSummaryButton } from '@/features/ai/components/generate-summary-button';
import { preferencesQueryOptions } from '@/features/preferences/api/get-preferences';
import { useLanguagePreference } from '@/features/preferences/api/language-preference';
import { LanguageSelect } from '@/features/preferences/components/language-select';
import { queryClient } from '@/lib/query-client';
import { ItemList } from './item-list';
import { prefetchItemList } from './prefetch-item-list';

/** The loader's half: the items, and the preferences that hold the summary language. */
export function prefetchScopedItemList(scope: SummaryScope | null) {
  if (scope !== null) prefetchItemList(scope);
  void queryClient.prefetchQuery(preferencesQueryOptions());
}

type ScopedItemListProps = {
  /** Null for an id that is not a number: the page shows its own error and no list. */
  scope: SummaryScope | null;
  children: (parts: { headerActions: ReactNode; items: ReactNode }) => ReactNode;
};

export function ScopedItemList({ scope, children }: ScopedItemListProps) {
  const language = useLanguagePreference();
  const [dateFilter, setDateFilter] = useState<DateFilter>('none');
  if (scope === null) return children({ headerActions: null, items: null });
  return children({
    headerActions: (
      <>
        <LanguageSelect />
        <GenerateSummaryButton scope={scope} language={language} dateFilter={dateFilter} />
      </>
    ),
    items: (
      <ItemList
        scope={scope}
        dateFilter={dateFilter}
        onDateFilterChange={setDateFilter}
        heading={<h2 className="text-lg font-semibold">Items</h2>}
      />
    ),
  });
}
