// The shapes the board is derived from: the learner cards (contract/board.ts) and the active
// course of the cohort (GET /courses?cohortId={id}&active=true), read as the board needs them.
import type { BoardLearner } from '@lp/contract/board';

export type { BoardLearner };

export interface CourseProject {
  id: number;
  name: string;
  index: number;
  active?: boolean;
  is_group_project: boolean;
}

export interface CourseAssessment {
  id: number;
  name: string;
}

export interface CourseBook {
  id: number;
  name: string;
  index: number;
  /** Active projects, in index order. */
  projects: CourseProject[];
  /** The book's self-assessment(s); a book normally has at most one. */
  assessments: CourseAssessment[];
}

export interface BoardCourse {
  id: number;
  name: string;
  books: CourseBook[];
}

export type ColumnKind = 'project' | 'group' | 'assessment';

/** A project column of a book, or the book's assessment column (index 99). */
export interface BoardColumn {
  /** Unique across the board: 'project-{id}' or 'assessment-{bookId}'. */
  key: string;
  kind: ColumnKind;
  bookId: number;
  bookIndex: number;
  /** null for the assessment column. */
  projectId: number | null;
  /** The project index, or ASSESSMENT_COLUMN_INDEX. */
  index: number;
  /** Its place in the course: 0, 1, … book by book, each book's projects then its assessment. */
  order: number;
  name: string;
  /** Every learner placed here (the search does not change it). */
  learners: BoardLearner[];
}

export interface BoardBook {
  id: number;
  name: string;
  index: number;
  /** Learners in this book, whatever the search. */
  count: number;
  /** The assessment column's name when the book has a self-assessment. */
  assessmentName: string | null;
  columns: BoardColumn[];
}

export interface Board {
  books: BoardBook[];
  /** Learners with no project, or on a project outside the active course. */
  unplaced: BoardLearner[];
  /** learner id → key of the column holding the card ('unplaced' for the others). */
  placement: ReadonlyMap<number, string>;
}
