import { FOUNDATIONS_EXERCISE_TOTAL } from '@lp/contract/constants';
import type { FoundationsExercise, FoundationsLearner } from '@lp/contract/foundations';
import { isUnassignedCohort } from '@lp/contract/guards';
import { instantDay } from '@/lib/dates.ts';

export { isUnassignedCohort };

/** Exercises the site reports without a title ("Undefined") are not counted. */
const counted = (exercises: FoundationsExercise[]) =>
  exercises.filter((exercise) => exercise.title !== 'Undefined');

export interface LearnerSummary {
  completed: number;
  incomplete: number;
  /** "12.2%": completed out of all Foundations exercises (49), one decimal. */
  total: string;
}

export function summarize(learner: FoundationsLearner): LearnerSummary {
  const exercises = counted(learner.exercises);
  const completed = exercises.filter((exercise) => exercise.complete).length;
  return {
    completed,
    incomplete: exercises.length - completed,
    total: totalPercentage(completed),
  };
}

export const totalPercentage = (completed: number, total = FOUNDATIONS_EXERCISE_TOTAL) =>
  `${((completed / total) * 100).toFixed(1)}%`;

/** "26h 3m 5s" from first to last attempt; hours keep counting past a day. "—" when unknown. */
export function formatDuration(first: string | null, last: string | null): string {
  if (!first || !last) return '—';
  const ms = Date.parse(last) - Date.parse(first);
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const seconds = Math.floor(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}h ${minutes}m ${seconds % 60}s`;
}

/** The calendar day (YYYY-MM-DD, Central time) of an attempt's instant, or "—". */
export const attemptDay = (instant: string | null) => (instant ? instantDay(instant) : '—');

/** The cohort filter buttons after "All": each cohort found, sorted, without unassigned ones. */
export function cohortFilters(learners: FoundationsLearner[]): string[] {
  const names = new Set(learners.map((learner) => learner.cohort));
  return [...names]
    .filter((name) => !isUnassignedCohort(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

export const ALL_COHORTS = 'All';

export const inCohort = (learners: FoundationsLearner[], cohort: string) =>
  cohort === ALL_COHORTS ? learners : learners.filter((learner) => learner.cohort === cohort);
