// GET /api/credits → {credits, isPro} (spec §7): the balance the rewrite dialog checks against a platform's cost.
import type { Credits } from '@contracts/ai';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { creditKeys, userKeys } from '@/lib/query-keys';

export function getCredits(): Promise<Credits> {
  return client.credits.$get().then((response) => response.json());
}

export function creditsQueryOptions() {
  return queryOptions({ queryKey: creditKeys.balance(), queryFn: getCredits });
}

export function useCredits() {
  return useQuery(creditsQueryOptions());
}

/** After anything that spends or refunds credits: the dialog's balance and the sidebar's both refetch. */
export function invalidateCredits(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: creditKeys.balance() }),
    // The sidebar shows the credits from the signed-in user.
    queryClient.invalidateQueries({ queryKey: userKeys.current() }),
  ]);
}
