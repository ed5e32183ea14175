// GET /api/ai-generations → the newest 12 generations (spec §7), the cards of /ai-generated. While any of
// them is still being written the list polls gently, so the in-progress banner clears by itself (spec §4
// says "after a refresh"; nobody should have to press the button to see a summary arrive).
import type { Generation } from '@contracts/ai';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { generationKeys } from '@/lib/query-keys';

/** The prefix of every generations query: invalidating it refreshes the cards, the previous list and details. */
export const GENERATIONS_POLL_MS = 4000;

export const isInProgress = (generation: Generation) => generation.status === 'pending' && generation.content === null;

export function getGenerations(): Promise<Generation[]> {
  return client['ai-generations'].$get().then((response) => response.json());
}

export function generationsQueryOptions() {
  return queryOptions({
    queryKey: generationKeys.all(),
    queryFn: getGenerations,
    refetchInterval: (query) => (query.state.data?.some(isInProgress) ? GENERATIONS_POLL_MS : false),
  });
}

export function useGenerations() {
  return useQuery(generationsQueryOptions());
}
