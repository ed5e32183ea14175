// POST /api/auth/login {username, password}: username holds the email (spec §3).

import type { CurrentUser } from '@contracts/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export type LoginInput = { username: string; password: string; redirect?: string };
export type LoginResponse = { user: CurrentUser; redirect?: string };

export function loginWithPassword(input: LoginInput): Promise<LoginResponse> {
  return client.auth.login.$post({ json: input }).then((response) => response.json());
}

export function loginMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: loginWithPassword });
}

export function useLogin() {
  return useMutation(loginMutationOptions());
}
