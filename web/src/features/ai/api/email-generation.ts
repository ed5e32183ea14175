// POST /api/ai-generations/:id/email → {message: 'Email sent', to}: mails one generation to the person's
// delivery address (or their account email when none is set).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type EmailGenerationResult = { message: string; to: string };

export function emailGeneration(generationId: number): Promise<EmailGenerationResult> {
  return api.post<EmailGenerationResult>(`/api/ai-generations/${generationId}/email`);
}

export function emailGenerationMutationOptions() {
  return mutationOptions({ mutationKey: ['ai-generations', 'email'], mutationFn: emailGeneration });
}

export function useEmailGeneration() {
  return useMutation(emailGenerationMutationOptions());
}
