import { memo } from 'react';
import type { ViewBook } from '../model/view.ts';
import { PeopleIcon } from './icons.tsx';
import { type ColumnDisplay, ProjectColumn } from './project-column.tsx';

interface BookColumnProps extends ColumnDisplay {
  book: ViewBook;
  assessmentName: string | null;
  searching: boolean;
  /** The book's droppable projects that hold nobody, after the board's columns while dragging. */
  more?: boolean;
}

/** A book: its name and learner count, then its project columns. */
export const BookColumn = memo(function BookColumn({
  book,
  assessmentName,
  searching,
  more = false,
  ...display
}: BookColumnProps) {
  const count =
    searching && book.matches !== book.count
      ? `${book.matches} of ${book.count}`
      : String(book.count);
  const learners = `${count} ${book.count === 1 ? 'learner' : 'learners'}`;
  return (
    <section
      className={more ? 'lp-book lp-book--more' : 'lp-book'}
      aria-label={more ? `${book.name}, more projects` : `${book.name}, ${learners}`}
      data-book={book.id}
    >
      <h2 className="lp-book__header" style={{ margin: 0 }}>
        {/* Sticky: the label stays in view while the book is scrolled partly out of the board. */}
        <span className="lp-book__label">
          {more ? (
            <span>{book.name}: more projects</span>
          ) : (
            <>
              <span>{book.name}</span>
              <span className="lp-book__count" title={learners}>
                <PeopleIcon />
                <span aria-hidden>{count}</span>
                <span className="lp-visually-hidden">{learners}</span>
              </span>
            </>
          )}
        </span>
      </h2>
      <div className="lp-book__columns">
        {book.columns.map((column) => (
          <ProjectColumn
            key={column.key}
            column={column}
            bookName={book.name}
            assessmentName={assessmentName}
            {...display}
          />
        ))}
      </div>
    </section>
  );
});
