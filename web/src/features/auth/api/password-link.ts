import type { PasswordLinkInfo, SetPasswordBody } from '@lp/contract/accounts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { verifyPassword } from './verify-password.ts';

/** GET /accounts/password-link: whom a one-time link is for, or why it does not work. */
const passwordLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'password-link', token],
    queryFn: ({ signal }) =>
      api.get<PasswordLinkInfo>('/accounts/password-link', { query: { token }, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePasswordLink = (token: string) => useQuery(passwordLinkQuery(token));

/** Sets the password on the link, then signs in with it as any password sign-in does. */
export function useSetPassword() {
  return useMutation({
    mutationFn: async (body: SetPasswordBody) => {
      const { username } = await api.post<{ username: string }>('/accounts/password-link', body);
      const { token } = await verifyPassword({ username, password: body.password });
      await completeSignIn(token);
    },
  });
}
