// GET /api/credits → {credits, isPro} (spec §7): the balance the rewrite dialog checks against a platform's cost.
import type { Credits } from '@contracts/ai';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const creditsQueryKey = ['credits'] as const;
/**
 * The current user's query key (features/auth): the sidebar shows the credits from it. Written out here
 * because features do not import one another; the key is part of the cache's contract, like ['preferences'].
 */
const currentUserQueryKey = ['users', 'me'] as const;

export function getCredits(): Promise<Credits> {
  return api.get<Credits>('/api/credits');
}

export function creditsQueryOptions() {
  return queryOptions({ queryKey: creditsQueryKey, queryFn: getCredits });
}

export function useCredits() {
  return useQuery(creditsQueryOptions());
}

/** After anything that spends or refunds credits: the dialog's balance and the sidebar's both refetch. */
export function invalidateCredits(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);
}
