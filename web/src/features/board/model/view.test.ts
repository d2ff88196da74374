import { describe, expect, it } from 'vitest';
import { course, learner } from './fixtures.ts';
import { buildBoard } from './grouping.ts';
import { learnerFilter, searchTerm } from './search.ts';
import { type BoardView, boardView, cutHeader, dragView } from './view.ts';

const learners = [
  learner('Ada Lovelace', 101),
  learner('Grace Hopper', 102, { assessment_status_id: 2 }),
  learner('Alan Turing', 203, { tags: [{ id: 1, tag: 'lighthouse' }] }),
];
const board = buildBoard(course, learners);
const view = (text = '') =>
  boardView(board, { matches: learnerFilter(text), searching: searchTerm(text) !== null });

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

describe('the board while a learner is dragged', () => {
  const columnsOf = (books: BoardView['books']) =>
    books.map((book) => [
      book.name,
      book.columns.map((column) => [column.header, column.droppable]),
    ]);

  it('keeps the columns at rest as they are, marking those the learner may be dropped on', () => {
    const resting = view();
    const result = dragView(board, resting, learners[0]!);
    expect(result.expanded).toBe(true);
    // Their book's columns and the next book's projects; the board's other columns stay, unmarked.
    expect(columnsOf(result.books)).toEqual([
      [
        'Book 1',
        [
          ['Foundations Review', true],
          ['Flowers', true],
        ],
      ],
      ['Book 2', [['Functionland', true]]],
    ]);
    expect(result.books.map((book) => book.columns.length)).toEqual(
      resting.books.map((book) => book.columns.length),
    );
  });

  it('puts the droppable projects that hold nobody after the board, by book, headers cut to 14 characters', () => {
    const result = dragView(board, view(), learners[0]!);
    // The next book's projects, but not its assessment column.
    expect(columnsOf(result.more)).toEqual([
      [
        'Book 1',
        [
          ["Leonid's Toys", true],
          ['Group: Cider F', true],
        ],
      ],
      ['Book 2', [['Brewed Awakeni', true]]],
    ]);
    expect(result.more.flatMap((book) => book.columns.map((column) => column.name))).toContain(
      'Brewed Awakenings Deluxe',
    );
    expect(view().more).toEqual([]);
  });

  it('keeps a book the learner cannot reach the same object, so that it does not render again', () => {
    const ada = learner('Ada', 101);
    const last = learner('Last Book', 301);
    const wide = buildBoard(course, [ada, last]);
    const resting = boardView(wide, { matches: () => true, searching: false });
    const result = dragView(wide, resting, last);
    expect(result.books[0]).toBe(resting.books[0]);
    // A learner in the last book may go only to the columns of their own.
    expect(columnsOf(result.books)).toEqual([
      ['Book 1', [['Foundations Review', false]]],
      ['Book 3', [["Martin's Aquarium", true]]],
    ]);
    expect(result.more).toEqual([]);
  });

  it('offers the first book to a learner outside the course, and every card stays shown', () => {
    const newcomer = learner('New Learner', null);
    const withNewcomer = buildBoard(course, [...learners, newcomer]);
    const resting = boardView(withNewcomer, { matches: () => true, searching: false });
    const dragging = dragView(withNewcomer, resting, newcomer);
    expect(dragging.unplaced.map((l) => l.name)).toEqual(['New Learner']);
    expect(dragView(withNewcomer, resting, learners[0]!).unplaced).toEqual([newcomer]);
    // The first book's projects, not its self-assessment.
    expect(columnsOf(dragging.books)).toEqual([
      [
        'Book 1',
        [
          ['Foundations Review', true],
          ['Flowers', false],
        ],
      ],
      ['Book 2', [['Functionland', false]]],
    ]);
    expect(dragging.more.map((book) => book.columns.map((column) => column.kind))).toEqual([
      ['project', 'group'],
    ]);
  });

  it('cuts headers only when they are longer than 14 characters', () => {
    expect(cutHeader('Functionland')).toBe('Functionland');
    expect(cutHeader('Brewed Awakenings')).toBe('Brewed Awakeni');
    expect(cutHeader('Brewed Awakeni')).toHaveLength(14);
  });
});
