import { describe, expect, it } from 'vitest';
import {
  ALREADY_ASSESSING_ERROR,
  assignTargets,
  decideBoardDrop,
  decideDrop,
  SELF_ASSESSMENT_WARNING,
} from './drop-rules.ts';
import { course, learner } from './fixtures.ts';
import { buildBoard } from './grouping.ts';
import type { BoardLearner } from './types.ts';

const drop = (who: BoardLearner, key: string) =>
  decideBoardDrop(buildBoard(course, [who]), who, key);

describe('drop rules', () => {
  it('assigns a learner to another project of the same book', () => {
    expect(drop(learner('Ada', 101), 'project-102')).toEqual({ type: 'assign', projectId: 102 });
    expect(drop(learner('Ada', 101, { assessment_status_id: 1 }), 'project-103')).toEqual({
      type: 'assign',
      projectId: 103,
    });
  });

  it('does nothing when dropped on the column the learner is already in', () => {
    expect(drop(learner('Ada', 101), 'project-101')).toEqual({ type: 'none' });
  });

  it('warns when leaving a book whose self-assessment is not reviewed and complete', () => {
    for (const status of [0, 1, 2, 3]) {
      expect(drop(learner('Ada', 102, { assessment_status_id: status }), 'project-203')).toEqual({
        type: 'warning',
        message: SELF_ASSESSMENT_WARNING,
      });
    }
    expect(SELF_ASSESSMENT_WARNING).toBe(
      'Self-assessment for this book not marked as reviewed and complete.',
    );
  });

  it('lets a learner whose self-assessment is complete move on to the next book', () => {
    expect(drop(learner('Ada', 102, { assessment_status_id: 4 }), 'project-203')).toEqual({
      type: 'assign',
      projectId: 203,
    });
  });

  it('lets a learner leave a book that has no self-assessment', () => {
    const board = buildBoard(course, []);
    const last = learner('Last', 301);
    // Book 3 has no assessment: the rule does not apply (e.g. from the menu to any later book).
    expect(decideDrop(board, last, { kind: 'project', bookId: 10, projectId: 101 })).toEqual({
      type: 'assign',
      projectId: 101,
    });
  });

  it('starts the self-assessment when dropped on the assessment column with status 0', () => {
    expect(drop(learner('Ada', 102), 'assessment-10')).toEqual({ type: 'assess', bookId: 10 });
  });

  it('refuses the assessment column when the learner is already assigned to it', () => {
    for (const status of [1, 2, 3, 4]) {
      expect(drop(learner('Ada', 102, { assessment_status_id: status }), 'assessment-10')).toEqual({
        type: 'error',
        message: ALREADY_ASSESSING_ERROR,
      });
    }
    expect(ALREADY_ASSESSING_ERROR).toBe('Student already assigned to assessment.');
  });

  it("ignores drops on columns the learner cannot reach (another book's assessment, books further on)", () => {
    expect(drop(learner('Ada', 101, { assessment_status_id: 4 }), 'assessment-20')).toEqual({
      type: 'none',
    });
    expect(drop(learner('Ada', 101, { assessment_status_id: 4 }), 'project-301')).toEqual({
      type: 'none',
    });
    expect(drop(learner('Ada', 101), 'no-such-column')).toEqual({ type: 'none' });
  });

  it('lets a learner outside the course join the first book', () => {
    expect(drop(learner('New', null), 'project-101')).toEqual({ type: 'assign', projectId: 101 });
  });
});

describe("the card menu's Assign to project choices", () => {
  it("offers the learner's book and the later ones, with the own book's assessment column", () => {
    const ada = learner('Ada', 203);
    const targets = assignTargets(buildBoard(course, [ada]), ada);
    expect(
      targets.map((target) => [target.book.name, target.columns.map((column) => column.name)]),
    ).toEqual([
      ['Book 2', ['Functionland', 'Brewed Awakenings Deluxe', 'Mortgage Qualifiers']],
      ['Book 3', ["Martin's Aquarium"]],
    ]);
  });

  it('offers every book to a learner outside the course', () => {
    const newcomer = learner('New', null);
    const targets = assignTargets(buildBoard(course, [newcomer]), newcomer);
    expect(targets.map((target) => target.book.name)).toEqual(['Book 1', 'Book 2', 'Book 3']);
    expect(
      targets.flatMap((target) => target.columns).some((column) => column.kind === 'assessment'),
    ).toBe(false);
  });
});
