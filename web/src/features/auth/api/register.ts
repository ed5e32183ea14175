// POST /api/auth/register {name, email} → 201 {email}: the server emails a password-setup link.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SignUpInput = { name: string; email: string };

export function registerAccount(input: SignUpInput): Promise<{ email: string }> {
  return api.post<{ email: string }>('/api/auth/register', input);
}

export function registerMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'register'], mutationFn: registerAccount });
}

export function useRegister() {
  return useMutation(registerMutationOptions());
}
