// How the board is derived from the active course and the cohort's learner cards: every learner
// sits in exactly one column (client.md §7.3, without its bugs).
import { ASSESSMENT_COLUMN_INDEX, ASSESSMENT_STATUS } from '@lp/contract/constants';
import type {
  Board,
  BoardBook,
  BoardColumn,
  BoardCourse,
  BoardLearner,
  CourseBook,
} from './types.ts';

export const UNPLACED_KEY = 'unplaced';

export const projectColumnKey = (projectId: number) => `project-${projectId}`;
export const assessmentColumnKey = (bookId: number) => `assessment-${bookId}`;

function columnsOf(book: CourseBook): BoardColumn[] {
  const projects = [...book.projects]
    .filter((project) => project.active !== false)
    .sort((a, b) => a.index - b.index)
    .map<BoardColumn>((project) => ({
      key: projectColumnKey(project.id),
      kind: project.is_group_project ? 'group' : 'project',
      bookId: book.id,
      bookIndex: book.index,
      projectId: project.id,
      index: project.index,
      order: 0,
      name: project.name,
      learners: [],
    }));
  const assessment = book.assessments[0];
  if (!assessment) return projects;
  return [
    ...projects,
    {
      key: assessmentColumnKey(book.id),
      kind: 'assessment',
      bookId: book.id,
      bookIndex: book.index,
      projectId: null,
      index: ASSESSMENT_COLUMN_INDEX,
      order: 0,
      name: assessment.name,
      learners: [],
    },
  ];
}

/**
 * The column of a learner: a group project keeps its learners whatever their assessment status;
 * otherwise a learner with a self-assessment under way (status > 0) sits in the book's
 * assessment column; everyone else in their project's column.
 */
function columnFor(
  learner: BoardLearner,
  columns: ReadonlyMap<string, BoardColumn>,
): BoardColumn | undefined {
  if (learner.project_id === null) return undefined;
  const project = columns.get(projectColumnKey(learner.project_id));
  if (!project || project.bookId !== learner.book_id) return project;
  if (project.kind === 'group') return project;
  if (learner.assessment_status_id > ASSESSMENT_STATUS.none) {
    return columns.get(assessmentColumnKey(project.bookId)) ?? project;
  }
  return project;
}

/** Books in index order, each with all its columns; learners placed once each (first card wins). */
export function buildBoard(course: BoardCourse, learners: readonly BoardLearner[]): Board {
  const columns = new Map<string, BoardColumn>();
  const books: BoardBook[] = [...course.books]
    .sort((a, b) => a.index - b.index)
    .map((book) => {
      const bookColumns = columnsOf(book);
      for (const column of bookColumns) columns.set(column.key, column);
      return {
        id: book.id,
        name: book.name,
        index: book.index,
        count: 0,
        assessmentName: book.assessments[0]?.name ?? null,
        columns: bookColumns,
      };
    });
  for (const [order, column] of books.flatMap((book) => book.columns).entries()) {
    column.order = order;
  }
  const bookById = new Map(books.map((book) => [book.id, book]));

  const placement = new Map<number, string>();
  const unplaced: BoardLearner[] = [];
  for (const learner of learners) {
    if (placement.has(learner.id)) continue;
    const column = columnFor(learner, columns);
    if (!column) {
      placement.set(learner.id, UNPLACED_KEY);
      unplaced.push(learner);
      continue;
    }
    column.learners.push(learner);
    placement.set(learner.id, column.key);
    const book = bookById.get(column.bookId);
    if (book) book.count += 1;
  }
  return { books, unplaced, placement };
}

/** The book (of the course) a learner is in, if any. */
export function bookOfLearner(board: Board, learner: BoardLearner): BoardBook | undefined {
  return board.books.find((book) => book.id === learner.book_id);
}

/** The column that holds a learner's card. */
export function findColumn(board: Board, key: string): BoardColumn | undefined {
  for (const book of board.books) {
    const column = book.columns.find((candidate) => candidate.key === key);
    if (column) return column;
  }
  return undefined;
}
