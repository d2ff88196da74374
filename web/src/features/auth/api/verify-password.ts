import type { PasswordSignInBody, TokenResponse } from '@lp/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { completeSignIn } from '../complete-sign-in.ts';

export function verifyPassword(body: PasswordSignInBody): Promise<TokenResponse> {
  return api.post<TokenResponse>('/accounts/verify', body);
}

/** Password sign-in: checks the credentials, then loads the profile and stores the session. */
export function usePasswordSignIn() {
  return useMutation({
    mutationFn: async (body: PasswordSignInBody) => {
      const { token } = await verifyPassword(body);
      await completeSignIn(token);
    },
  });
}
