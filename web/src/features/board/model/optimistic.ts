// How a board mutation changes the cached learner cards before the server answers, so a moved
// card lands at once; the board is re-read afterwards and the server's answer wins.
import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { BoardColumn, BoardLearner, CourseBook } from './types.ts';

type Patch = (learner: BoardLearner) => BoardLearner;

export function patchLearner(
  learners: readonly BoardLearner[],
  id: number,
  patch: Patch,
): BoardLearner[] {
  return learners.map((learner) => (learner.id === id ? patch(learner) : learner));
}

/** Assigned to a project: a new book starts with no self-assessment. */
export function assignedTo(
  book: Pick<CourseBook, 'id' | 'index' | 'name'>,
  project: Pick<BoardColumn, 'projectId' | 'index' | 'name'>,
): Patch {
  return (learner) => {
    const newBook = learner.book_id !== book.id;
    return {
      ...learner,
      project_id: project.projectId,
      project_index: project.index,
      project_name: project.name,
      book_id: book.id,
      book_index: book.index,
      book_name: book.name,
      project_duration: 0,
      ...(newBook ? { assessment_status_id: ASSESSMENT_STATUS.none, assessment_url: null } : {}),
    };
  };
}

export const assessmentStarted: Patch = (learner) => ({
  ...learner,
  assessment_status_id: ASSESSMENT_STATUS.inProgress,
  project_duration: 0,
});

/** A status change: the days keep counting from the self-assessment's start. */
export const statusSet =
  (statusId: number): Patch =>
  (learner) => ({ ...learner, assessment_status_id: statusId });
