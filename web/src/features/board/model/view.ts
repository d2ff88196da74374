// What the board shows: in normal mode the books and project columns that hold learners; while a
// learner is dragged ("expanded mode") their book and the next one with every droppable column,
// headers cut to 14 characters, so a learner can be dropped on an empty project.
import { PROJECT_HEADER_CHARS } from '@lp/contract/constants';
import { UNPLACED_KEY } from './grouping.ts';
import type { Board, BoardBook, BoardColumn, BoardLearner, ColumnKind } from './types.ts';

export interface ViewColumn {
  key: string;
  kind: ColumnKind;
  bookId: number;
  projectId: number | null;
  /** The header text (cut in expanded mode). */
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
  /** Learners outside the course's projects (shown in normal mode only). */
  unplaced: BoardLearner[];
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

export function boardView(
  board: Board,
  options: {
    matches: (learner: BoardLearner) => boolean;
    searching: boolean;
    dragged?: BoardLearner | null;
  },
): BoardView {
  const { matches, searching, dragged } = options;
  const viewColumn = (column: BoardColumn, expanded: boolean): ViewColumn => ({
    key: column.key,
    kind: column.kind,
    bookId: column.bookId,
    projectId: column.projectId,
    header: expanded ? cutHeader(column.name) : column.name,
    name: column.name,
    learners: searching ? column.learners.filter(matches) : column.learners,
    droppable: expanded,
  });

  if (dragged) {
    const allowed = new Set(droppableColumns(board, dragged).map((column) => column.key));
    const books = board.books
      .map((book) => {
        const columns = book.columns
          .filter((column) => allowed.has(column.key))
          .map((column) => viewColumn(column, true));
        const matched = columns.reduce((sum, column) => sum + column.learners.length, 0);
        return {
          id: book.id,
          name: book.name,
          index: book.index,
          count: book.count,
          matches: matched,
          columns,
        };
      })
      .filter((book) => book.columns.length > 0);
    const draggedIsUnplaced = board.placement.get(dragged.id) === UNPLACED_KEY;
    return {
      books,
      unplaced: draggedIsUnplaced ? board.unplaced.filter(matches) : [],
      expanded: true,
    };
  }

  const books: ViewBook[] = [];
  for (const book of board.books) {
    if (book.count === 0) continue;
    const columns = book.columns
      .map((column) => viewColumn(column, false))
      .filter((column) => column.learners.length > 0);
    const matched = columns.reduce((sum, column) => sum + column.learners.length, 0);
    if (searching && matched === 0) continue;
    books.push({
      id: book.id,
      name: book.name,
      index: book.index,
      count: book.count,
      matches: matched,
      columns,
    });
  }
  const unplaced = searching ? board.unplaced.filter(matches) : board.unplaced;
  return { books, unplaced, expanded: false };
}
