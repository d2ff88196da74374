import { describe, expect, it } from 'vitest';
import { course, learner } from './fixtures.ts';
import { buildBoard, UNPLACED_KEY } from './grouping.ts';

const namesIn = (board: ReturnType<typeof buildBoard>, key: string) =>
  board.books
    .flatMap((book) => book.columns)
    .find((column) => column.key === key)
    ?.learners.map((l) => l.name);

describe('buildBoard', () => {
  it('lists the books in index order with their active projects in index order, then the assessment column', () => {
    const board = buildBoard(course, []);
    expect(board.books.map((book) => book.name)).toEqual(['Book 1', 'Book 2', 'Book 3']);
    expect(
      board.books[0]?.columns.map((column) => [column.name, column.kind, column.index]),
    ).toEqual([
      ['Foundations Review', 'project', 0],
      ["Leonid's Toys", 'project', 1],
      ['Group: Cider Falls', 'group', 2],
      ['Flowers', 'assessment', 99],
    ]);
    expect(board.books[1]?.columns.map((column) => column.name)).toEqual([
      'Functionland',
      'Brewed Awakenings Deluxe',
      'Mortgage Qualifiers',
    ]);
    expect(board.books[2]?.columns.map((column) => column.kind)).toEqual(['project']);
    expect(board.books[2]?.assessmentName).toBeNull();
  });

  it('gives every column a unique key, assessment columns included', () => {
    const keys = buildBoard(course, []).books.flatMap((book) =>
      book.columns.map((column) => column.key),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts learners without an assessment in their project column and counts them per book', () => {
    const board = buildBoard(course, [
      learner('Ada Lovelace', 101),
      learner('Grace Hopper', 101),
      learner('Alan Turing', 102),
      learner('Linus T', 203),
    ]);
    expect(namesIn(board, 'project-101')).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(namesIn(board, 'project-102')).toEqual(['Alan Turing']);
    expect(board.books.map((book) => book.count)).toEqual([3, 1, 0]);
  });

  it('moves a learner with a self-assessment under way to the assessment column of the book', () => {
    const board = buildBoard(course, [
      learner('In Progress', 102, { assessment_status_id: 1 }),
      learner('Ready', 102, { assessment_status_id: 2 }),
      learner('Complete', 101, { assessment_status_id: 4 }),
    ]);
    expect(namesIn(board, 'project-102')).toEqual([]);
    expect(namesIn(board, 'assessment-10')).toEqual(['In Progress', 'Ready', 'Complete']);
    expect(board.books[0]?.count).toBe(3);
  });

  it('keeps group-project learners in the group column whatever their assessment status', () => {
    const board = buildBoard(course, [learner('Group Member', 103, { assessment_status_id: 2 })]);
    expect(namesIn(board, 'project-103')).toEqual(['Group Member']);
    expect(namesIn(board, 'assessment-10')).toEqual([]);
  });

  it('shows a learner with two cards once', () => {
    const twice = learner('Twice Enrolled', 101);
    const board = buildBoard(course, [twice, { ...twice }]);
    expect(namesIn(board, 'project-101')).toEqual(['Twice Enrolled']);
    expect(board.books[0]?.count).toBe(1);
  });

  it('keeps learners without a project of this course aside instead of losing them', () => {
    const none = learner('No Project', null);
    const elsewhere = learner('Other Course', null, {
      project_id: 999,
      book_id: 99,
      book_index: 0,
    });
    const board = buildBoard(course, [none, elsewhere]);
    expect(board.unplaced.map((l) => l.name)).toEqual(['No Project', 'Other Course']);
    expect(board.placement.get(none.id)).toBe(UNPLACED_KEY);
    expect(board.books.every((book) => book.count === 0)).toBe(true);
  });

  it('records where each learner is', () => {
    const ada = learner('Ada', 203, { assessment_status_id: 3 });
    expect(buildBoard(course, [ada]).placement.get(ada.id)).toBe('assessment-20');
  });
});
