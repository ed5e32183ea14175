import type { FeedItem } from '@contracts/feeds';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { itemKeys } from '@/lib/query-keys';
import { type FeedItemsPage, updateCachedItem } from './get-feed-items';

const item = (id: number): FeedItem => ({ id, title: `Item ${id}`, isRead: false, isStarred: false }) as FeedItem;

describe('a read mark made while a list loads its next page', () => {
  it('stays on the item once the page arrives', async () => {
    const queryClient = new QueryClient();
    let answerNextPage: (page: FeedItemsPage) => void = () => {};
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: itemKeys.list({ scope: {} }),
      queryFn: ({ pageParam }: { pageParam: string | undefined }) =>
        pageParam === undefined
          ? Promise.resolve<FeedItemsPage>({ items: [item(1)], nextCursor: 'next' })
          : new Promise<FeedItemsPage>((resolve) => {
              answerNextPage = resolve;
            }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: FeedItemsPage) => last.nextCursor ?? undefined,
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();

    // The next page is asked for (infinite scroll), then the first item is marked read ("m").
    const nextPage = observer.fetchNextPage();
    updateCachedItem(queryClient, 1, { isRead: true });
    expect(observer.getCurrentResult().data?.pages[0]?.items[0]?.isRead).toBe(true);
    answerNextPage({ items: [item(2)], nextCursor: null });
    await nextPage;

    const pages = observer.getCurrentResult().data?.pages ?? [];
    expect(pages.flatMap((page) => page.items.map(({ id, isRead }) => ({ id, isRead })))).toEqual([
      { id: 1, isRead: true },
      { id: 2, isRead: false },
    ]);
    unsubscribe();
  });
});

describe('a read mark made while a list that is then dropped loads', () => {
  it('is not put on a list of the same name made later (as after signing out and in again)', async () => {
    const queryClient = new QueryClient();
    const key = itemKeys.list({ scope: {} });
    const options = (first: FeedItemsPage) => ({
      queryKey: key,
      queryFn: () => Promise.resolve(first),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: FeedItemsPage) => last.nextCursor ?? undefined,
    });
    const loading = queryClient.fetchInfiniteQuery(options({ items: [item(1)], nextCursor: null }));
    updateCachedItem(queryClient, 1, { isRead: true });
    queryClient.clear();
    await loading.catch(() => undefined);

    const observer = new InfiniteQueryObserver(queryClient, options({ items: [item(1)], nextCursor: null }));
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    expect(observer.getCurrentResult().data?.pages[0]?.items[0]?.isRead).toBe(false);
    unsubscribe();
  });
});
