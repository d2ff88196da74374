// The board's changes: assign to a project, start a self-assessment, change its status, remove a
// tag. Each one moves the card in the cache at once, then re-reads the board; a failure puts the
// card back and says why (spec §8). A move, a self-assessment start and a status change go into
// the learner's History: their toast offers Undo.
import type {
  AssignProjectBody,
  BoardResponse,
  StartAssessmentBody,
  StartAssessmentResponse,
  UpdateAssessmentStatusBody,
} from '@lp/contract/board';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendUndoable, showWithUndo, type Undoable } from '@/features/learners';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { toast } from '@/ui/toasts/index.ts';
import { patchLearner } from '../model/optimistic.ts';
import type { BoardLearner } from '../model/types.ts';
import { boardQueryKey } from './get-board.ts';

export const DUPLICATE_ASSIGNMENT_TOAST = 'Student has previously been assigned to that project.';
export const ASSIGNMENT_FAILED_TOAST = 'Could not assign student to that project.';
export const ASSESSMENT_STARTED_TOAST = 'Student assigned to assessment';

/**
 * If-Match with the card's version as drawn, so that a change made meanwhile by someone else is
 * refused (412) rather than overwritten. A card this tab has just changed has no version until
 * the board is read again (see useBoardMutation), and sends none.
 */
const ifMatch = (version: string | undefined) =>
  version ? { headers: { 'If-Match': `"${version}"` } } : undefined;

export function assignProject(
  studentId: number,
  body: AssignProjectBody,
  version?: string,
): Promise<Undoable<unknown>> {
  return sendUndoable('POST', `/students/${studentId}/project`, body, ifMatch(version));
}

export function startAssessment(
  studentId: number,
  body: StartAssessmentBody,
  version?: string,
): Promise<Undoable<StartAssessmentResponse>> {
  return sendUndoable<StartAssessmentResponse>(
    'POST',
    `/students/${studentId}/assess`,
    body,
    ifMatch(version),
  );
}

export function updateAssessmentStatus(
  studentId: number,
  body: UpdateAssessmentStatusBody,
  version?: string,
): Promise<Undoable<void>> {
  return sendUndoable('PUT', `/students/${studentId}/assess`, body, ifMatch(version));
}

/** The card changed since it was drawn (412): the server's sentence says who changed what. */
export const isCardConflict = (error: unknown) => error instanceof ApiError && error.status === 412;

/** The spec's texts for a failed project assignment. */
export function assignmentErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.toLowerCase().includes('duplicate')
    ? DUPLICATE_ASSIGNMENT_TOAST
    : ASSIGNMENT_FAILED_TOAST;
}

interface Change<Vars> {
  learner: BoardLearner;
  patch: (learner: BoardLearner) => BoardLearner;
  vars: Vars;
}

/** One optimistic board mutation. */
function useBoardMutation<Vars, Result>(
  cohortId: number,
  send: (learner: BoardLearner, vars: Vars) => Promise<Result>,
  messages: {
    success?: (change: Change<Vars>) => string | null;
    failure: (error: unknown) => string;
  },
) {
  const queryClient = useQueryClient();
  const key = boardQueryKey(cohortId);
  return useMutation({
    mutationFn: (change: Change<Vars>) => send(change.learner, change.vars),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BoardResponse>(key);
      // The patched card's version is unknown until the board is read again: none is sent.
      if (before)
        queryClient.setQueryData<BoardResponse>(
          key,
          patchLearner(before, change.learner.id, (learner) => ({
            ...change.patch(learner),
            version: '',
          })),
        );
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      // Someone else changed the card meanwhile: say who and what; the board is read again below.
      if (isCardConflict(error))
        toast.show(errorText(error), { type: 'warning', duration: 'long' });
      else toast.show(messages.failure(error), { type: 'error', duration: 'normal' });
    },
    onSuccess: (result, change) => {
      const text = messages.success?.(change);
      if (!text) return;
      const historyId = (result as Partial<Undoable<unknown>> | undefined)?.historyId ?? null;
      if (historyId === null) toast.show(text, { type: 'done', duration: 'normal' });
      else showWithUndo(queryClient, text, change.learner.id, historyId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useBoardMutations(cohortId: number) {
  const assign = useBoardMutation<{ projectId: number; projectName: string }, Undoable<unknown>>(
    cohortId,
    (learner, vars) => assignProject(learner.id, { projectId: vars.projectId }, learner.version),
    {
      success: ({ learner, vars }) => `${learner.name} assigned to ${vars.projectName}`,
      failure: assignmentErrorText,
    },
  );
  const assess = useBoardMutation<{ bookId: number }, Undoable<StartAssessmentResponse>>(
    cohortId,
    (learner, vars) => startAssessment(learner.id, { bookId: vars.bookId }, learner.version),
    { success: () => ASSESSMENT_STARTED_TOAST, failure: errorText },
  );
  const setStatus = useBoardMutation<
    { statusId: number; statusName: string; instructorNotes?: string },
    Undoable<void>
  >(
    cohortId,
    (learner, vars) =>
      updateAssessmentStatus(
        learner.id,
        {
          statusId: vars.statusId,
          ...(vars.instructorNotes === undefined ? {} : { instructorNotes: vars.instructorNotes }),
        },
        learner.version,
      ),
    { success: ({ learner, vars }) => `${learner.name}: ${vars.statusName}`, failure: errorText },
  );
  return { assign, assess, setStatus };
}
