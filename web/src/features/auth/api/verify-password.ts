import type { PasswordSignInBody, TokenResponse } from '@lp/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { completeSignIn } from '../complete-sign-in.ts';

/**
 * The browser keeps the device cookie the server sets on success and sends it with later sign-ins
 * (it spares a browser that signed in before the lockout strangers cause), also when the API is on
 * another origin of the same site.
 */
export function verifyPassword(body: PasswordSignInBody): Promise<TokenResponse> {
  return api.post<TokenResponse>('/accounts/verify', body, { credentials: 'include' });
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
