import type { AddedLearner, AddLearnerBody, PasswordLink } from '@lp/contract/accounts';
import type { MessageResponse } from '@lp/contract/common';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '@/lib/api-client.ts';
import { toast } from '@/ui/toasts/index.ts';

/** A learner added or removed changes a cohort's board and its learner count. */
const invalidateLearners = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['students'] }),
    queryClient.invalidateQueries({ queryKey: ['cohorts'] }),
  ]);

/** POST /accounts/learners: the learner, in their cohort, and their one-time link. */
export function useAddLearner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddLearnerBody) => api.post<AddedLearner>('/accounts/learners', body),
    onSuccess: () => invalidateLearners(queryClient),
  });
}

/**
 * The toast's Undo of Add learner: removes the learner while they have not set a password, and
 * says how it went. A plain function: the toast outlives the dialog that added them.
 */
export async function undoAddLearner(queryClient: QueryClient, learnerId: number) {
  try {
    const result = await api.del<MessageResponse>(`/accounts/learners/${learnerId}`);
    toast.show(result.message, { type: 'done', duration: 'normal' });
  } catch (error) {
    toast.show(errorText(error), { type: 'error', duration: 'long' });
  } finally {
    await invalidateLearners(queryClient);
  }
}

/** POST /accounts/learners/{id}/password-link: a new one-time link; older ones stop working. */
export const useRenewPasswordLink = () =>
  useMutation({
    mutationFn: (learnerId: number) =>
      api.post<PasswordLink>(`/accounts/learners/${learnerId}/password-link`),
  });
