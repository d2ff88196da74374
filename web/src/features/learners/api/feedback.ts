import type { FeedbackCreated } from '@lp/contract/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { learnerKeys } from './keys.ts';

// POST /students/{id}/status {notes} — 1:1 feedback to the learner.
export const sendFeedback = (studentId: number, notes: string) =>
  api.post<FeedbackCreated>(`/students/${studentId}/status`, { notes });

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, notes }: { studentId: number; notes: string }) =>
      sendFeedback(studentId, notes),
    onSuccess: (_result, { studentId }) =>
      queryClient.invalidateQueries({ queryKey: learnerKeys.detail(studentId) }),
  });
}
