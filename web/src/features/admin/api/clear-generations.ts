// POST /api/admin/clear-generations {email}: deletes every AI generation of one user (admins only).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ClearGenerationsResult = { deleted: number; message: string };

export function clearUserGenerations(input: { email: string }): Promise<ClearGenerationsResult> {
  return api.post<ClearGenerationsResult>('/api/admin/clear-generations', input);
}

export function clearGenerationsMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'clear-generations'], mutationFn: clearUserGenerations });
}

export function useClearUserGenerations() {
  return useMutation(clearGenerationsMutationOptions());
}
