import type { CohortProgress } from '@lp/contract/health';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { daysBetween } from '../../lib/dates.ts';
import { notFound } from '../../lib/http-errors.ts';
import { findCohort } from '../cohorts/index.ts';
import * as repo from './cohort-progress.repository.ts';

/** Past two years a cohort's chart says nothing more, and the statement stays small. */
export const MAX_WEEKS = 104;

/** The weeks from a cohort's start to its end date, the last one partly; at least one. */
export function weeksOf(startDate: string, endDate: string): number {
  const days = daysBetween(startDate, endDate);
  return Math.min(MAX_WEEKS, Math.max(1, Math.ceil(days / 7)));
}

/** The cohort's progress through its books against earlier cohorts; 404 for an unknown cohort. */
export async function cohortProgress(
  db: Kysely<Database>,
  cohortId: number,
): Promise<CohortProgress> {
  const cohort = await findCohort(db, cohortId);
  if (!cohort) throw notFound('Cohort');
  const [books, rows] = await Promise.all([
    repo.numberedBooks(db, cohortId),
    repo.weeklyPositions(db, cohortId, weeksOf(cohort.start_date, cohort.end_date)),
  ]);
  return {
    cohort,
    books,
    earlier_cohorts: rows[0]?.cohorts_seen ?? 0,
    weeks: rows.map(({ cohorts_seen: _, ...week }) => week),
  };
}
