import type { Objective } from '@lp/contract/objectives';
import type { LearningRecord } from '@lp/contract/records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { formatShortDate } from '@/lib/dates.ts';
import { invalidateLearners, learnerKeys } from './keys.ts';
import { sendUndoable } from './undo.ts';

// GET /weights?studentId= — the objectives the learner has not achieved (catalogue feature's route).
export const getRemainingObjectives = (studentId: number, signal?: AbortSignal) =>
  api.get<Objective[]>('/weights', { query: { studentId }, signal });
export const useRemainingObjectives = (studentId: number, enabled = true) =>
  useQuery({
    queryKey: learnerKeys.remaining(studentId),
    queryFn: ({ signal }) => getRemainingObjectives(studentId, signal),
    enabled,
  });

// GET /records?studentId=
export const getRecords = (studentId: number, signal?: AbortSignal) =>
  api.get<LearningRecord[]>('/records', { query: { studentId }, signal });

/**
 * Marks an objective achieved: PUT the learner's record for it when there is one, else POST a new
 * record; either way with the entry note 'Achieved on {M/D/YYYY}'. The answer names the history
 * entry that undoes it.
 */
export async function markAchieved(studentId: number, objectiveId: number, now = new Date()) {
  // The entry note written when an objective is marked achieved (spec §4).
  const note = `Achieved on ${formatShortDate(now)}`;
  const records = await getRecords(studentId);
  const existing = records.find((record) => record.objective === objectiveId);
  if (existing)
    return sendUndoable('PUT', `/records/${existing.id}`, { ...existing, achieved: true, note });
  return sendUndoable('POST', '/records', {
    student: studentId,
    weight: objectiveId,
    achieved: true,
    note,
  });
}

export function useMarkAchieved(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (objectiveId: number) => markAchieved(studentId, objectiveId),
    onMutate: async (objectiveId) => {
      // The objective leaves the panel at once; a failure puts it back.
      const key = learnerKeys.remaining(studentId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Objective[]>(key);
      queryClient.setQueryData<Objective[]>(key, (list) =>
        list?.filter((objective) => objective.id !== objectiveId),
      );
      return { before };
    },
    onError: (_error, _objectiveId, context) => {
      queryClient.setQueryData(learnerKeys.remaining(studentId), context?.before);
    },
    onSettled: () => invalidateLearners(queryClient),
  });
}
