// What happens when a learner is dropped on a column (or sent there from the card menu):
// client.md §7.7 with the intended semantics, spec §4 and §5.
import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import { bookOfLearner } from './grouping.ts';
import type { Board, BoardBook, BoardColumn, BoardLearner } from './types.ts';
import { droppableColumns } from './view.ts';

export const SELF_ASSESSMENT_WARNING =
  'Self-assessment for this book not marked as reviewed and complete.';
export const ALREADY_ASSESSING_ERROR = 'Student already assigned to assessment.';

export type DropDecision =
  /** Nothing to do: the learner is already there, or the column does not take this learner. */
  | { type: 'none' }
  | { type: 'warning'; message: string }
  | { type: 'error'; message: string }
  /** POST /students/{id}/assess {bookId} */
  | { type: 'assess'; bookId: number }
  /** POST /students/{id}/project {projectId} */
  | { type: 'assign'; projectId: number };

type Target = Pick<BoardColumn, 'kind' | 'bookId' | 'projectId'>;

/**
 * The rules, in order:
 * 1. Leaving a book that has a self-assessment needs that assessment 'Reviewed and Complete' (4).
 * 2. The assessment column (of the learner's own book) starts the self-assessment, only from
 *    status 0; otherwise 'Student already assigned to assessment.'
 * 3. A project column assigns the learner to that project (their current project: nothing).
 */
export function decideDrop(board: Board, learner: BoardLearner, target: Target): DropDecision {
  const status = learner.assessment_status_id;
  const book = bookOfLearner(board, learner);
  const leavingBook = book !== undefined && target.bookId !== book.id;
  if (
    leavingBook &&
    book.assessmentName !== null &&
    status !== ASSESSMENT_STATUS.reviewedComplete
  ) {
    return { type: 'warning', message: SELF_ASSESSMENT_WARNING };
  }
  if (target.kind === 'assessment') {
    if (target.bookId !== learner.book_id) return { type: 'none' };
    if (status !== ASSESSMENT_STATUS.none)
      return { type: 'error', message: ALREADY_ASSESSING_ERROR };
    return { type: 'assess', bookId: target.bookId };
  }
  if (target.projectId === null || target.projectId === learner.project_id) return { type: 'none' };
  return { type: 'assign', projectId: target.projectId };
}

/** A drop on a column the dragged learner cannot reach (not shown in expanded mode) does nothing. */
export function decideBoardDrop(
  board: Board,
  learner: BoardLearner,
  columnKey: string,
): DropDecision {
  const target = droppableColumns(board, learner).find((column) => column.key === columnKey);
  return target ? decideDrop(board, learner, target) : { type: 'none' };
}

/**
 * The card menu's 'Progress Tracking > Assign to project' (the non-drag way to move a card):
 * books from the learner's own book on (no going back), each with its projects; the learner's
 * own book also offers its assessment column. Choices go through decideDrop like a drop.
 */
export function assignTargets(
  board: Board,
  learner: BoardLearner,
): { book: BoardBook; columns: BoardColumn[] }[] {
  const own = bookOfLearner(board, learner);
  return board.books
    .filter((book) => own === undefined || book.index >= own.index)
    .map((book) => ({
      book,
      columns: book.columns.filter((column) => column.kind !== 'assessment' || book === own),
    }))
    .filter((entry) => entry.columns.length > 0);
}
