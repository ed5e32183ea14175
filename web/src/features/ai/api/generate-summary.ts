// POST /api/ai-generations/feed-summary {feedId, language, dateFilter omitted when none} and
// /category-summary {categoryId, language, dateFilter} (spec §7) → 202 with a pending generation that a job
// fills in; 422 when there are no items to summarise, 402 when the credits are short.

import type { Generation, Language } from '@contracts/ai';
import type { DateFilter } from '@contracts/feeds';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { generationKeys } from '@/lib/query-keys';
import { invalidateCredits } from './get-credits';

export type SummaryScope = { feedId: number } | { categoryId: number };
export type SummaryRequest = { scope: SummaryScope; language: Language; dateFilter: DateFilter };

export function generateSummary({ scope, language, dateFilter }: SummaryRequest): Promise<Generation> {
  if ('feedId' in scope) {
    const filter = dateFilter === 'none' ? {} : { dateFilter };
    return client['ai-generations']['feed-summary']
      .$post({ json: { feedId: scope.feedId, language, ...filter } })
      .then((response) => response.json());
  }
  return client['ai-generations']['category-summary']
    .$post({ json: { categoryId: scope.categoryId, language, dateFilter } })
    .then((response) => response.json());
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
