// POST /api/users/me/password {currentPassword, newPassword, revokeAppPasswords}: every other session of
// the person ends, and their app passwords unless revokeAppPasswords is false; the answer lists those kept.
import type { AppPassword, changePasswordSchema } from '@contracts/account';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type * as z from 'zod';
import { client } from '@/lib/api-client';

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export function changePassword(
  input: ChangePasswordInput,
): Promise<{ message: string; keptAppPasswords: AppPassword[] }> {
  return client.users.me.password.$post({ json: input }).then((response) => response.json());
}

export function changePasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'password'], mutationFn: changePassword });
}

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
