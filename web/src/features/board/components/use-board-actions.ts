// What the board does with a drop, a menu choice or an evaluation: the decisions of the drop
// rules become toasts or optimistic mutations. Callbacks stay stable across renders so that
// memoised cards do not re-render.
import type { StatusItem } from '@lp/contract/board';
import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import { useMemo, useState } from 'react';
import { toast } from '@/ui/toasts/index.ts';
import { useBoardMutations } from '../api/board-mutations.ts';
import type { StatusChoice } from '../model/card-status.ts';
import { type DropDecision, decideBoardDrop, decideDrop } from '../model/drop-rules.ts';
import { findColumn } from '../model/grouping.ts';
import { assessmentStarted, assignedTo, statusSet } from '../model/optimistic.ts';
import type { Board, BoardColumn, BoardLearner } from '../model/types.ts';
import type { BoardMenuContext, CardHandlers, LearnerDialogActions } from './board-context.ts';
import { useLatest } from './use-latest.ts';

export function useBoardActions(input: {
  cohortId: number;
  board: Board;
  statuses: readonly StatusItem[];
  dialogs: LearnerDialogActions;
}) {
  const { cohortId, board, statuses, dialogs } = input;
  const mutations = useBoardMutations(cohortId);
  const [evaluating, setEvaluating] = useState<BoardLearner | null>(null);

  const act = (learner: BoardLearner, decision: DropDecision, column: BoardColumn | undefined) => {
    switch (decision.type) {
      case 'none':
        return;
      case 'warning':
        toast.show(decision.message, { type: 'warning', duration: 'normal' });
        return;
      case 'error':
        toast.show(decision.message, { type: 'error', duration: 'normal' });
        return;
      case 'assess':
        mutations.assess.mutate({
          learner,
          patch: assessmentStarted,
          vars: { bookId: decision.bookId },
        });
        return;
      case 'assign': {
        const book = board.books.find((candidate) => candidate.id === column?.bookId);
        if (!book || !column) return;
        mutations.assign.mutate({
          learner,
          patch: assignedTo(book, column),
          vars: { projectId: decision.projectId, projectName: column.name },
        });
      }
    }
  };
  const latest = useLatest({ dialogs, act, board, mutations });

  /** A card dropped on the column with this key. */
  const drop = (learner: BoardLearner, columnKey: string) =>
    act(learner, decideBoardDrop(board, learner, columnKey), findColumn(board, columnKey));

  const handlers = useMemo<CardHandlers>(
    () => ({
      openOverlay: (learner) => latest.current.dialogs.openOverlay(learner),
      openNotes: (learner) => latest.current.dialogs.openNotes(learner),
      openTags: (learner) => latest.current.dialogs.openTags(learner),
    }),
    [latest],
  );

  const menu = useMemo<BoardMenuContext>(
    () => ({
      board,
      statuses,
      moveTo: (learner, column) =>
        latest.current.act(learner, decideDrop(latest.current.board, learner, column), column),
      chooseStatus: (learner: BoardLearner, choice: StatusChoice) => {
        if (choice.needsEvaluation) {
          setEvaluating(learner);
          return;
        }
        latest.current.mutations.setStatus.mutate({
          learner,
          patch: statusSet(choice.id),
          vars: { statusId: choice.id, statusName: choice.status },
        });
      },
    }),
    [board, statuses, latest],
  );

  /** The evaluation dialog's Save: 'Reviewed and Complete' with the feedback. */
  const saveEvaluation = (learner: BoardLearner, feedback: string) => {
    const complete = ASSESSMENT_STATUS.reviewedComplete;
    const name =
      statuses.find((status) => status.id === complete)?.status ?? 'Reviewed and Complete';
    return mutations.setStatus.mutateAsync({
      learner,
      patch: statusSet(complete),
      vars: { statusId: complete, statusName: name, instructorNotes: feedback },
    });
  };

  return {
    drop,
    handlers,
    menu,
    evaluating,
    openEvaluation: setEvaluating,
    closeEvaluation: () => setEvaluating(null),
    saveEvaluation,
  };
}
