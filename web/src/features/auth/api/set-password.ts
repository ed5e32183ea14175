// POST /api/auth/set-password {token, password}: takes a password-setup or a reset token.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export type SetPasswordInput = { token: string; password: string };

export function setPassword(input: SetPasswordInput): Promise<{ message?: string }> {
  return client.auth['set-password'].$post({ json: input }).then((response) => response.json());
}

export function setPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'set-password'], mutationFn: setPassword });
}

export function useSetPassword() {
  return useMutation(setPasswordMutationOptions());
}
