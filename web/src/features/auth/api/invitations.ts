import type {
  InvitationAccountBody,
  InvitationInfo,
  JoinBody,
  JoinResult,
} from '@lp/contract/accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { verifyPassword } from './verify-password.ts';

/** GET /invitations: the cohort of an invitation link and the ways in, or why it does not work. */
const invitationQuery = (cohort: number, v: string) =>
  queryOptions({
    queryKey: ['auth', 'invitation', cohort, v],
    queryFn: ({ signal }) =>
      api.get<InvitationInfo>('/invitations', { query: { cohort, v }, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useInvitation = (cohort: number, v: string) => useQuery(invitationQuery(cohort, v));

/** A newcomer's account on the link, then a password sign-in with it. */
export function useCreateInvitedAccount() {
  return useMutation({
    mutationFn: async (body: InvitationAccountBody) => {
      const { username } = await api.post<{ username: string }>('/invitations/accounts', body);
      const { token } = await verifyPassword({ username, password: body.password });
      await completeSignIn(token);
    },
  });
}

/** A signed-in learner joins the link's cohort: every answer about them is read again. */
export function useJoinByInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinBody) => api.post<JoinResult>('/invitations/join', body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
