// POST /api/ai-generations/:id/email → {message: 'Email sent', to}: mails one generation to the person's
// delivery address (or their account email when none is set).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export type EmailGenerationResult = { message: string; to: string };

export function emailGeneration(generationId: number): Promise<EmailGenerationResult> {
  return client['ai-generations'][':generationId'].email
    .$post({ param: { generationId: String(generationId) } })
    .then((response) => response.json());
}

export function emailGenerationMutationOptions() {
  return mutationOptions({ mutationKey: ['ai-generations', 'email'], mutationFn: emailGeneration });
}

export function useEmailGeneration() {
  return useMutation(emailGenerationMutationOptions());
}
