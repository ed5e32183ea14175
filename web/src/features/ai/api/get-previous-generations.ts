// GET /api/ai-generations/previous?offset&limit → the generations older than the newest 12, a page at a time
// ("Previous Generations" on /ai-generated).
import type { Generation } from '@contracts/ai';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { generationKeys } from '@/lib/query-keys';

export const PREVIOUS_PAGE_SIZE = 10;

export function getPreviousGenerations(offset: number, limit = PREVIOUS_PAGE_SIZE): Promise<Generation[]> {
  return client['ai-generations'].previous
    .$get({ query: { offset: String(offset), limit: String(limit) } })
    .then((response) => response.json());
}

export function previousGenerationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: generationKeys.previous(),
    queryFn: ({ pageParam }) => getPreviousGenerations(pageParam),
    initialPageParam: 0,
    // A short page is the last one.
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < PREVIOUS_PAGE_SIZE ? undefined : pages.length * PREVIOUS_PAGE_SIZE,
  });
}

export function usePreviousGenerations({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...previousGenerationsQueryOptions(), enabled });
}
