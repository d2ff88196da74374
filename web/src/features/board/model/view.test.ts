import { describe, expect, it } from 'vitest';
import { course, learner } from './fixtures.ts';
import { buildBoard } from './grouping.ts';
import { learnerFilter, searchTerm } from './search.ts';
import { boardView, cutHeader } from './view.ts';

const learners = [
  learner('Ada Lovelace', 101),
  learner('Grace Hopper', 102, { assessment_status_id: 2 }),
  learner('Alan Turing', 203, { tags: [{ id: 1, tag: 'lighthouse' }] }),
];
const board = buildBoard(course, learners);
const view = (text = '', dragged: (typeof learners)[number] | null = null) =>
  boardView(board, { matches: learnerFilter(text), searching: searchTerm(text) !== null, dragged });

describe('boardView, normal mode', () => {
  it('shows only books and project columns that hold learners, with full names', () => {
    const result = view();
    expect(result.expanded).toBe(false);
    expect(result.books.map((book) => [book.name, book.count])).toEqual([
      ['Book 1', 2],
      ['Book 2', 1],
    ]);
    expect(result.books[0]?.columns.map((column) => column.header)).toEqual([
      'Foundations Review',
      'Flowers',
    ]);
    expect(result.books[0]?.columns.every((column) => !column.droppable)).toBe(true);
  });

  it('filters cards by the search but keeps the book counts', () => {
    const result = view('lighthouse');
    expect(result.books.map((book) => [book.name, book.count, book.matches])).toEqual([
      ['Book 2', 1, 1],
    ]);
    expect(result.books[0]?.columns[0]?.learners.map((l) => l.name)).toEqual(['Alan Turing']);
  });

  it('shows everything again when the search is 2 characters or less', () => {
    expect(view('zz').books).toHaveLength(2);
  });
});

describe('boardView, expanded mode while dragging', () => {
  it("shows the learner's book and the next one with every droppable column, headers cut to 14 characters", () => {
    const result = view('', learners[0]);
    expect(result.expanded).toBe(true);
    expect(result.books.map((book) => book.name)).toEqual(['Book 1', 'Book 2']);
    expect(result.books[0]?.columns.map((column) => column.header)).toEqual([
      'Foundations Re',
      "Leonid's Toys",
      'Group: Cider F',
      'Flowers',
    ]);
    // The next book's projects, but not its assessment column.
    expect(result.books[1]?.columns.map((column) => column.name)).toEqual([
      'Functionland',
      'Brewed Awakenings Deluxe',
    ]);
    expect(result.books.flatMap((book) => book.columns).every((column) => column.droppable)).toBe(
      true,
    );
  });

  it('offers the first book to a learner outside the course, whose card stays shown', () => {
    const newcomer = learner('New Learner', null);
    const withNewcomer = buildBoard(course, [...learners, newcomer]);
    const dragging = boardView(withNewcomer, {
      matches: () => true,
      searching: false,
      dragged: newcomer,
    });
    expect(dragging.unplaced.map((l) => l.name)).toEqual(['New Learner']);
    expect(
      boardView(withNewcomer, { matches: () => true, searching: false, dragged: learners[0] })
        .unplaced,
    ).toEqual([]);
    const result = view('', newcomer);
    expect(result.books.map((book) => book.name)).toEqual(['Book 1']);
    expect(result.books[0]?.columns.map((column) => column.kind)).toEqual([
      'project',
      'project',
      'group',
    ]);
  });

  it('shows only the own book for a learner in the last book', () => {
    const last = learner('Last Book', 301);
    const result = boardView(buildBoard(course, [last]), {
      matches: () => true,
      searching: false,
      dragged: last,
    });
    expect(result.books.map((book) => book.name)).toEqual(['Book 3']);
  });

  it('cuts headers only when they are longer than 14 characters', () => {
    expect(cutHeader('Functionland')).toBe('Functionland');
    expect(cutHeader('Brewed Awakenings')).toBe('Brewed Awakeni');
    expect(cutHeader('Brewed Awakeni')).toHaveLength(14);
  });
});
