// How dense the board's cards are. 'auto' picks compact cards when the full-size cards of the
// columns on show would not fit across the space the board has, so a whole cohort stays in view
// without scrolling sideways. The widths mirror board.css (1rem = 16px).
import type { Density } from '@/lib/settings.ts';
import type { BoardView } from './view.ts';

export type CardSize = 'comfortable' | 'compact';

/** Cards per visual column before a project column wraps sideways. */
export function rowsPerColumn(size: CardSize, showAvatars: boolean): number {
  if (size === 'compact') return 10;
  return showAvatars ? 6 : 9;
}

const REM = 16;
const WIDTHS = {
  comfortable: { card: 12 * REM, cardGap: 0.3 * REM, column: 12.5 * REM, columnGap: 0.4 * REM },
  compact: { card: 8.25 * REM, cardGap: 0.25 * REM, column: 8.25 * REM, columnGap: 0.25 * REM },
} as const;
/** A column's padding and border on both sides. */
const COLUMN_FRAME = 0.4 * REM + 2;
const BOOK_GAP = 0.75 * REM;

/** The width in pixels the board's columns take with cards of the given size. */
export function boardWidth(
  view: Pick<BoardView, 'books' | 'unplaced'>,
  size: CardSize,
  showAvatars: boolean,
): number {
  const widths = WIDTHS[size];
  const rows = rowsPerColumn(size, showAvatars);
  const columnWidth = (cards: number) => {
    const across = Math.max(1, Math.ceil(cards / rows));
    const content = across * widths.card + (across - 1) * widths.cardGap;
    return Math.max(widths.column, content) + COLUMN_FRAME;
  };
  const books = view.books.map(
    (book) =>
      book.columns.reduce((sum, column) => sum + columnWidth(column.learners.length), 0) +
      Math.max(0, book.columns.length - 1) * widths.columnGap,
  );
  if (view.unplaced.length > 0) books.push(columnWidth(view.unplaced.length));
  return books.reduce((sum, width) => sum + width, 0) + Math.max(0, books.length - 1) * BOOK_GAP;
}

/** The card size for a density choice; 'auto' is comfortable only when everything fits. */
export function cardSize(
  density: Density,
  view: Pick<BoardView, 'books' | 'unplaced'>,
  available: number | null,
  showAvatars: boolean,
): CardSize {
  if (density !== 'auto') return density;
  if (available === null) return 'comfortable';
  return boardWidth(view, 'comfortable', showAvatars) <= available ? 'comfortable' : 'compact';
}
