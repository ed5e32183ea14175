// POST /api/auth/forgot-password {email} → 200 {email}, whether or not the account exists.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export function requestPasswordReset(input: { email: string }): Promise<{ email?: string }> {
  return client.auth['forgot-password'].$post({ json: input }).then((response) => response.json());
}

export function forgotPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'forgot-password'], mutationFn: requestPasswordReset });
}

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions());
}
