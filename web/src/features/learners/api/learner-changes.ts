import type {
  ClearResult,
  DeleteResult,
  HistoryItem,
  TransferResult,
  UndoResult,
} from '@lp/contract/learners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateLearners, learnerKeys } from './keys.ts';

// DELETE /students/{id}?soft=true — "Clear Student Data" (undoable for 30 days).
export const clearStudent = (id: number) =>
  api.del<ClearResult>(`/students/${id}`, undefined, { query: { soft: true } });
// DELETE /students/{id} — "Delete Student Permanently".
export const deleteStudent = (id: number) => api.del<DeleteResult>(`/students/${id}`);
// POST /students/{id}/transfer {cohortId} (undoable for 30 days).
export const transferStudent = (id: number, cohortId: number) =>
  api.post<TransferResult>(`/students/${id}/transfer`, { cohortId });
// GET /students/{id}/history — every undoable change, newest first.
export const getHistory = (id: number, signal?: AbortSignal) =>
  api.get<HistoryItem[]>(`/students/${id}/history`, { signal });
// POST /students/{id}/history/{historyId}/undo
export const undoChange = (id: number, historyId: number) =>
  api.post<UndoResult>(`/students/${id}/history/${historyId}/undo`);

export const useHistory = (id: number, enabled = true) =>
  useQuery({
    queryKey: learnerKeys.history(id),
    queryFn: ({ signal }) => getHistory(id, signal),
    enabled,
  });

/**
 * The refresh after a change is not awaited: the caller's own callbacks (toast, closing the
 * overlay) run at once, before re-read data can unmount the component that made the change.
 */
function useLearnerChange<Vars, Result>(
  send: (vars: Vars) => Promise<Result>,
  forget?: (vars: Vars) => number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_result, vars) => {
      // A deleted learner's record is dropped, not re-read (it would answer 404).
      if (forget) queryClient.removeQueries({ queryKey: learnerKeys.detail(forget(vars)) });
    },
    onSettled: () => {
      void invalidateLearners(queryClient);
    },
  });
}

export const useClearStudent = () => useLearnerChange(clearStudent);
export const useDeleteStudent = () => useLearnerChange(deleteStudent, (id: number) => id);
export const useTransferStudent = () =>
  useLearnerChange(({ id, cohortId }: { id: number; cohortId: number }) =>
    transferStudent(id, cohortId),
  );
