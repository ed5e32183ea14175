// POST /api/admin/clear-generations {email}: deletes every AI generation of one user (admins only).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export type ClearGenerationsResult = { deleted: number; message: string };

export function clearUserGenerations(input: { email: string }): Promise<ClearGenerationsResult> {
  return client.admin['clear-generations'].$post({ json: input }).then((response) => response.json());
}

export function clearGenerationsMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'clear-generations'], mutationFn: clearUserGenerations });
}

export function useClearUserGenerations() {
  return useMutation(clearGenerationsMutationOptions());
}
