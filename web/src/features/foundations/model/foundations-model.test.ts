import type { FoundationsLearner } from '@lp/contract/foundations';
import { describe, expect, it } from 'vitest';
import {
  attemptDay,
  cohortFilters,
  formatDuration,
  inCohort,
  isUnassignedCohort,
  summarize,
  totalPercentage,
} from './foundations-model.ts';

const exercise = (id: number, complete: boolean, title = `Exercise ${id}`) => ({
  id,
  title,
  complete,
  attempts: 1,
  first_attempt: null,
  last_attempt: null,
  used_solution: false,
});
const learner = (cohort: string, exercises = [exercise(1, true)]): FoundationsLearner => ({
  learner_name: 'K. M.',
  learner_github_id: null,
  cohort,
  exercises,
});

describe('totals', () => {
  it('divides completed exercises by 49 with one decimal', () => {
    expect(totalPercentage(0)).toBe('0.0%');
    expect(totalPercentage(6)).toBe('12.2%');
    expect(totalPercentage(49)).toBe('100.0%');
  });

  it('counts completed and incomplete exercises, ignoring untitled ones', () => {
    const summary = summarize(
      learner('Day 74', [exercise(1, true), exercise(2, false), exercise(3, true, 'Undefined')]),
    );
    expect(summary).toEqual({ completed: 1, incomplete: 1, total: '2.0%' });
  });
});

describe('formatDuration', () => {
  it('shows hours, minutes and seconds, and keeps counting hours past a day', () => {
    expect(formatDuration('2025-01-01T10:00:00Z', '2025-01-01T11:02:03Z')).toBe('1h 2m 3s');
    expect(formatDuration('2025-01-01T10:00:00Z', '2025-01-02T12:00:05Z')).toBe('26h 0m 5s');
    expect(formatDuration(null, '2025-01-01T10:00:00Z')).toBe('—');
    expect(formatDuration('2025-01-02T10:00:00Z', '2025-01-01T10:00:00Z')).toBe('—');
  });
});

describe('attemptDay', () => {
  it('shows the Central-time calendar day of an instant', () => {
    expect(attemptDay('2025-03-04T03:00:00.000Z')).toBe('2025-03-03');
    expect(attemptDay(null)).toBe('—');
  });
});

describe('cohort filter', () => {
  it('offers each cohort found once, sorted, without unassigned or day 0 cohorts', () => {
    const learners = [
      learner('Evening 19'),
      learner('Day 74'),
      learner('day 0'),
      learner('Unassigned'),
      learner('Day 74'),
      learner('Day 8'),
    ];
    expect(cohortFilters(learners)).toEqual(['Day 8', 'Day 74', 'Evening 19']);
    expect(inCohort(learners, 'Day 74')).toHaveLength(2);
    expect(inCohort(learners, 'All')).toHaveLength(6);
  });

  it('knows which cohorts mean "not assigned yet"', () => {
    expect(isUnassignedCohort('Unassigned')).toBe(true);
    expect(isUnassignedCohort('Day 0')).toBe(true);
    expect(isUnassignedCohort('day 0')).toBe(true);
    expect(isUnassignedCohort('Day 74')).toBe(false);
  });
});
