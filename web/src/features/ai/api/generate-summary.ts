// POST /api/ai-generations/feed-summary {feedId, language, dateFilter omitted when none} and
// /category-summary {categoryId, language, dateFilter} (spec §7) → 202 with a pending generation that a job
// fills in; 422 when there are no items to summarise, 402 when the credits are short.

import type { Generation } from '@contracts/ai';
import type { DateFilter } from '@contracts/feeds';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { generationKeys } from '@/lib/query-keys';
import { invalidateCredits } from './get-credits';

export type SummaryScope = { feedId: number } | { categoryId: number };
export type SummaryRequest = { scope: SummaryScope; language: string; dateFilter: DateFilter };

export function generateSummary({ scope, language, dateFilter }: SummaryRequest): Promise<Generation> {
  if ('feedId' in scope) {
    const filter = dateFilter === 'none' ? {} : { dateFilter };
    return api.post<Generation>('/api/ai-generations/feed-summary', { feedId: scope.feedId, language, ...filter });
  }
  return api.post<Generation>('/api/ai-generations/category-summary', {
    categoryId: scope.categoryId,
    language,
    dateFilter,
  });
}

export function generateSummaryMutationOptions() {
  return mutationOptions({ mutationKey: ['ai-generations', 'summary'], mutationFn: generateSummary });
}

export function useGenerateSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    ...generateSummaryMutationOptions(),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: generationKeys.all() }), invalidateCredits(queryClient)]),
  });
}
