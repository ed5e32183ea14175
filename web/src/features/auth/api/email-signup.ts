// POST /api/auth/email-signup {name, email} → 201 {email}: the server emails a verification link that
// signs the person in (a passwordless account; a password can be set later with "Forgot password?").
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SignUpInput } from './register';

export function signUpWithEmail(input: SignUpInput): Promise<{ email: string }> {
  return api.post<{ email: string }>('/api/auth/email-signup', input);
}

export function emailSignupMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'email-signup'], mutationFn: signUpWithEmail });
}

export function useEmailSignup() {
  return useMutation(emailSignupMutationOptions());
}
