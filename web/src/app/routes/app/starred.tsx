// `/starred` (issue 14): the items the person starred, newest first, kept whatever retention removes.
import type { DateFilter } from '@contracts/feeds';
import { useState } from 'react';
import { useDocumentTitle } from '@/lib/document-title';
import { ItemList } from './item-list';
import { prefetchItemList } from './prefetch-item-list';

const STARRED = { starred: true } as const;

export function loader() {
  prefetchItemList(STARRED);
  return null;
}

export function Component() {
  useDocumentTitle('Starred');
  const [dateFilter, setDateFilter] = useState<DateFilter>('none');
  return (
    <ItemList
      scope={STARRED}
      dateFilter={dateFilter}
      onDateFilterChange={setDateFilter}
      heading={<h1 className="text-2xl font-bold tracking-tight">Starred</h1>}
    />
  );
}
