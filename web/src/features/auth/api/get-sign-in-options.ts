import type { SignInOptions } from '@lp/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function getSignInOptions(signal?: AbortSignal): Promise<SignInOptions> {
  return api.get<SignInOptions>('/auth/options', { signal });
}

export const signInOptionsQuery = queryOptions({
  queryKey: ['auth', 'options'],
  queryFn: ({ signal }) => getSignInOptions(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** Which sign-in methods this server offers. */
export function useSignInOptions() {
  return useQuery(signInOptionsQuery);
}
