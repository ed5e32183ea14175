// POST /api/auth/email-signup {name, email} → 201 {email}: the server emails a verification link that
// signs the person in (a passwordless account; a password can be set later with "Forgot password?").
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import type { SignUpInput } from './register';

export function signUpWithEmail(input: SignUpInput): Promise<{ email: string }> {
  return client.auth['email-signup'].$post({ json: input }).then((response) => response.json());
}

export function emailSignupMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'email-signup'], mutationFn: signUpWithEmail });
}

export function useEmailSignup() {
  return useMutation(emailSignupMutationOptions());
}
