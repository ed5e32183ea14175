// POST /api/users/me/password {currentPassword, newPassword}: every other session of the person ends.
import type { changePasswordSchema } from '@contracts/account';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { client } from '@/lib/api-client';

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return client.users.me.password.$post({ json: input }).then((response) => response.json());
}

export function changePasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'password'], mutationFn: changePassword });
}

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
