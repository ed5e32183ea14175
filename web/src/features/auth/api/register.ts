// POST /api/auth/register {name, email} → 201 {email}: the server emails a password-setup link.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export type SignUpInput = { name: string; email: string };

export function registerAccount(input: SignUpInput): Promise<{ email: string }> {
  return client.auth.register.$post({ json: input }).then((response) => response.json());
}

export function registerMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'register'], mutationFn: registerAccount });
}

export function useRegister() {
  return useMutation(registerMutationOptions());
}
