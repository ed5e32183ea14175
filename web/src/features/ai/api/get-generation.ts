// GET /api/ai-generations/:id → one generation, opened from "Previous Generations".
import type { Generation } from '@contracts/ai';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { generationKeys } from '@/lib/query-keys';

export function getGeneration(generationId: number): Promise<Generation> {
  return client['ai-generations'][':generationId']
    .$get({ param: { generationId: String(generationId) } })
    .then((response) => response.json());
}

export function generationQueryOptions(generationId: number) {
  return queryOptions({
    queryKey: generationKeys.detail(generationId),
    queryFn: () => getGeneration(generationId),
  });
}

export function useGeneration(generationId: number | null) {
  return useQuery({ ...generationQueryOptions(generationId ?? 0), enabled: generationId !== null });
}
