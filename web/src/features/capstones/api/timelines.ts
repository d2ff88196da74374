// A proposal's status changes: POST /timelines adds a timeline entry; DELETE /timelines/{id}
// removes one (revoking an approval). Both refresh the board and the cohort's capstones. A step
// goes into the learner's History, so its toast offers Undo (MVP too, whose row has no selector).
import type { CreateTimelineBody, Timeline } from '@lp/contract/capstones';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendUndoable, showWithUndo, type Undoable } from '@/features/learners';
import { toast } from '@/ui/toasts/index.ts';

export function createTimeline(body: CreateTimelineBody): Promise<Undoable<Timeline>> {
  return sendUndoable<Timeline>('POST', '/timelines', body);
}

export function deleteTimeline(id: number): Promise<Undoable<void>> {
  return sendUndoable('DELETE', `/timelines/${id}`);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['students'] }),
      queryClient.invalidateQueries({ queryKey: ['capstones'] }),
    ]);
}

const failed = (error: Error) => toast.show(error.message, { type: 'error', duration: 'normal' });

export function useSetProposalStatus() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: {
      capstone: number;
      status: number;
      learnerId: number;
      learnerName: string;
      statusName: string;
    }) => createTimeline({ capstone: change.capstone, status: change.status }),
    onSuccess: ({ historyId }, change) =>
      showWithUndo(
        queryClient,
        `${change.learnerName}: ${change.statusName}`,
        change.learnerId,
        historyId,
      ),
    onError: failed,
    onSettled: refresh,
  });
}

export function useRevokeTimeline() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { timelineId: number; learnerId: number; learnerName: string }) =>
      deleteTimeline(change.timelineId),
    onSuccess: ({ historyId }, change) =>
      showWithUndo(
        queryClient,
        `Approval of ${change.learnerName}'s proposal revoked`,
        change.learnerId,
        historyId,
      ),
    onError: failed,
    onSettled: refresh,
  });
}
