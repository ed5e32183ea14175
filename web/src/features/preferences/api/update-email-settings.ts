// PATCH /api/preferences/email {emailDelivery, emailFormat, emailSubjectTemplate} → the full preferences.
import type { emailSettingsSchema, Preferences } from '@contracts/ai';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { client } from '@/lib/api-client';
import { preferenceKeys } from '@/lib/query-keys';

export type EmailSettingsInput = z.output<typeof emailSettingsSchema>;

export function updateEmailSettings(input: EmailSettingsInput): Promise<Preferences> {
  return client.preferences.email.$patch({ json: input }).then((response) => response.json());
}

export function updateEmailSettingsMutationOptions() {
  return mutationOptions({ mutationKey: ['preferences', 'email'], mutationFn: updateEmailSettings });
}

export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateEmailSettingsMutationOptions(),
    onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.all(), saved),
  });
}
