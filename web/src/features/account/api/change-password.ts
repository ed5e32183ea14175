// POST /api/users/me/password {currentPassword, newPassword}: every other session of the person ends.
import type { changePasswordSchema } from '@contracts/account';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/users/me/password', input);
}

export function changePasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'password'], mutationFn: changePassword });
}

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
