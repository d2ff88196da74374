import { describe, expect, it } from 'vitest';
import { cohortProgressOf } from '../testing/index.ts';
import {
  bookAt,
  bookLoadSummary,
  hasProgress,
  progressSeries,
  progressSummary,
} from './chart-data.ts';

describe('the progress chart data', () => {
  it('draws one point per week for the cohort and for earlier cohorts, with gaps', () => {
    expect(progressSeries(cohortProgressOf())).toEqual({
      labels: ['Week 1', 'Week 2', 'Week 3'],
      cohort: [1, 1.5, null],
      earlier: [1.5, 2, 2],
    });
  });

  it('says where the cohort stands at its last week against earlier cohorts', () => {
    expect(progressSummary(cohortProgressOf())).toBe(
      "After week 2 this cohort's learners are on book 1.50 on average (Book 2). Earlier cohorts (1) averaged book 2 at the same week.",
    );
    const none = cohortProgressOf({
      earlier_cohorts: 0,
      weeks: [
        {
          week: 1,
          date: '2026-01-12',
          average: null,
          learners: 0,
          earlier_average: null,
          earlier_cohorts: 0,
        },
      ],
    });
    expect(hasProgress(none)).toBe(false);
    expect(progressSummary(none)).toBe(
      'No week of this cohort has a figure yet. No earlier cohort of these courses to compare with.',
    );
  });

  it('names books only at whole numbers on the axis', () => {
    const { books } = cohortProgressOf();
    expect(bookAt(books, 2)).toBe('Book 2');
    expect(bookAt(books, 1.5)).toBe('');
  });

  it('sums up the learners across books today', () => {
    const book = (id: number, learners: number) => ({
      id,
      name: `Book ${id}`,
      course_id: 1,
      index: id,
      learners,
    });
    expect(bookLoadSummary([book(1, 2), book(2, 5)])).toBe(
      '7 learners across 2 books; most are on Book 2 (5).',
    );
    expect(bookLoadSummary([book(1, 0)])).toBe('No learner is on a book today.');
  });
});
