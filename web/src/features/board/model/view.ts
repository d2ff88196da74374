// What the board shows: the books and project columns that hold learners. While a learner is
// dragged ("expanded mode") those stay where they are, the ones the learner may be dropped on
// marked, and the droppable columns of their book and the next one that hold nobody follow them,
// headers cut to 14 characters, so a learner can be dropped on an empty project.
import { PROJECT_HEADER_CHARS } from '@lp/contract/constants';
import type { Board, BoardBook, BoardColumn, BoardLearner, ColumnKind } from './types.ts';

export interface ViewColumn {
  key: string;
  kind: ColumnKind;
  bookId: number;
  projectId: number | null;
  /** Its place in the course (BoardColumn.order): the keyboard moves a card in this order. */
  order: number;
  /** The header text (cut for the columns shown only while dragging). */
  header: string;
  name: string;
  /** Cards shown (after the search). */
  learners: BoardLearner[];
  droppable: boolean;
}

export interface ViewBook {
  id: number;
  name: string;
  index: number;
  /** Learners in the book, whatever the search. */
  count: number;
  /** Learners in the book matching the search (= count without a search). */
  matches: number;
  columns: ViewColumn[];
}

export interface BoardView {
  books: ViewBook[];
  /** Learners outside the course's projects. */
  unplaced: BoardLearner[];
  /** While dragging: the droppable columns that hold nobody, after the others (empty at rest). */
  more: ViewBook[];
  /** A learner is being dragged. */
  expanded: boolean;
}

export function cutHeader(name: string): string {
  return name.length > PROJECT_HEADER_CHARS ? name.slice(0, PROJECT_HEADER_CHARS) : name;
}

/**
 * The books a dragged learner may go to: their current book and the next one (by index). A
 * learner outside the course's books may go to its first book.
 */
export function dropBooks(
  board: Board,
  learner: BoardLearner,
): { current: BoardBook | undefined; next: BoardBook | undefined } {
  const position = board.books.findIndex((book) => book.id === learner.book_id);
  if (position === -1) return { current: undefined, next: board.books[0] };
  return { current: board.books[position], next: board.books[position + 1] };
}

/** The columns a dragged learner can be dropped on. */
export function droppableColumns(board: Board, learner: BoardLearner): BoardColumn[] {
  const { current, next } = dropBooks(board, learner);
  return [
    ...(current?.columns ?? []),
    ...(next?.columns.filter((column) => column.kind !== 'assessment') ?? []),
  ];
}

/** What the board shows at rest: the books and project columns that hold (matching) learners. */
export function boardView(
  board: Board,
  options: { matches: (learner: BoardLearner) => boolean; searching: boolean },
): BoardView {
  const { matches, searching } = options;
  const books: ViewBook[] = [];
  for (const book of board.books) {
    if (book.count === 0) continue;
    const columns = book.columns
      .map((column) =>
        viewColumn(
          column,
          column.name,
          searching ? column.learners.filter(matches) : column.learners,
        ),
      )
      .filter((column) => column.learners.length > 0);
    const matched = columns.reduce((sum, column) => sum + column.learners.length, 0);
    if (searching && matched === 0) continue;
    books.push({ ...viewBook(book, matched), columns });
  }
  const unplaced = searching ? board.unplaced.filter(matches) : board.unplaced;
  return { books, unplaced, more: [], expanded: false };
}

/**
 * The board while `dragged` is dragged: the columns at rest stay where they are (those the learner
 * may be dropped on marked droppable), and the droppable ones not shown, having no learner, come
 * after them, by book, with their headers cut.
 */
export function dragView(board: Board, resting: BoardView, dragged: BoardLearner): BoardView {
  const allowed = new Set(droppableColumns(board, dragged).map((column) => column.key));
  const shown = new Set(resting.books.flatMap((book) => book.columns.map((column) => column.key)));
  // A book and a column the learner cannot reach stay the same objects: they do not render again.
  const books = resting.books.map((book) =>
    book.columns.some((column) => allowed.has(column.key))
      ? {
          ...book,
          columns: book.columns.map((column) =>
            allowed.has(column.key) ? { ...column, droppable: true } : column,
          ),
        }
      : book,
  );
  const { current, next } = dropBooks(board, dragged);
  const more = [current, next].flatMap((book) => {
    const columns = (book?.columns ?? [])
      .filter((column) => allowed.has(column.key) && !shown.has(column.key))
      // Not shown at rest: none of their learners (if any) matches the search.
      .map((column) => ({ ...viewColumn(column, cutHeader(column.name), []), droppable: true }));
    return book && columns.length > 0 ? [{ ...viewBook(book, 0), columns }] : [];
  });
  return { books, unplaced: resting.unplaced, more, expanded: true };
}

function viewColumn(column: BoardColumn, header: string, learners: BoardLearner[]): ViewColumn {
  return {
    key: column.key,
    kind: column.kind,
    bookId: column.bookId,
    projectId: column.projectId,
    order: column.order,
    header,
    name: column.name,
    learners,
    droppable: false,
  };
}

function viewBook(book: BoardBook, matched: number): Omit<ViewBook, 'columns'> {
  return { id: book.id, name: book.name, index: book.index, count: book.count, matches: matched };
}
