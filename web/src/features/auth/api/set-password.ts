// POST /api/auth/set-password {token, password}: takes a password-setup or a reset token.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SetPasswordInput = { token: string; password: string };

export function setPassword(input: SetPasswordInput): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/api/auth/set-password', input);
}

export function setPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'set-password'], mutationFn: setPassword });
}

export function useSetPassword() {
  return useMutation(setPasswordMutationOptions());
}
