import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { InterventionKind } from '@lp/contract/health';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { isoTimestampSql } from '../../lib/dates.ts';
import { fullNameSql } from '../../lib/names.ts';
import { currentAssignmentOf } from '../board/index.ts';
import { isCurrentMembership } from '../cohorts/index.ts';
import { COHORT_LEARNERS_SQL, INTERVENTION_OUTCOMES_SQL } from './cohort-health.query.ts';

// A cohort's health in a few statements, whatever its size: its learners, its review queue and
// its books, beside how long past learners took on every project and book. Instants are milliseconds since
// the epoch; the service turns them into whole elapsed days when it makes a report.

export interface LearnerRow {
  id: number;
  name: string;
  project_id: number | null;
  project_name: string | null;
  project_since: number | null;
  book_id: number | null;
  book_name: string | null;
  book_since: number | null;
  /** The median days of the learner's own finished projects, with two or more; else null. */
  own_project_days: number | string | null;
  active_at: number;
  objectives_achieved: number;
  /** json arrives parsed from node-postgres and as text from some drivers. */
  low_skills: Array<{ label: string; level: number }> | string;
  /** The last push to the current project's repository, or its link or the move before any. */
  push_due_at: number | null;
  /** Since when the checks of that repository's latest pushed commit fail; null when they do not. */
  checks_failing_since: number | null;
  /** The latest intervention: its kind, instant, the strong reasons then, and who; or nulls. */
  reached_out_kind: InterventionKind | null;
  reached_out_at: number | null;
  reached_out_reasons: string[] | null;
  reached_out_by: string | null;
}

/** The current learners of the cohort (COHORT_LEARNERS_SQL), by name. */
export async function learners(db: Db, cohortId: number, skillLevel: number) {
  const result = await db.executeQuery<LearnerRow>(
    CompiledQuery.raw(COHORT_LEARNERS_SQL, [cohortId, skillLevel]),
  );
  return result.rows;
}

/**
 * How many past learners took each number of whole days on each project and book, kept as moves
 * happen (table stay_lengths, migration 1055): a few thousand counts whatever the history's size,
 * sent as one row per project and book (`counts`: [days, learners] pairs, by days).
 */
export const stayLengths = (db: Db) =>
  db
    .selectFrom('stay_lengths')
    .select(['kind', 'item_id'])
    .select(
      sql<[number, number][] | string>`json_agg(json_build_array(days, learners) order by days)`.as(
        'counts',
      ),
    )
    .where('learners', '>', 0)
    .groupBy(['kind', 'item_id'])
    .execute();

export type StayLengthRow = Awaited<ReturnType<typeof stayLengths>>[number];

/** The cohort's current learners' self-assessments waiting for review, oldest first. */
export const reviewQueue = (db: Db, cohortId: number) =>
  db
    .selectFrom('student_assessments as sa')
    .innerJoin('cohort_memberships as m', 'm.person_id', 'sa.student_id')
    .innerJoin('people as p', 'p.id', 'sa.student_id')
    .innerJoin('assessments as a', 'a.id', 'sa.assessment_id')
    .where('m.cohort_id', '=', cohortId)
    .where(isCurrentMembership('m'))
    .where('p.is_staff', '=', false)
    .where('p.is_active', '=', true)
    .where('sa.status_id', '=', ASSESSMENT_STATUS.readyForReview)
    // The one the board shows: the self-assessment of the book of the learner's current project.
    .where((eb) =>
      eb('a.book_id', '=', currentAssignmentOf(db, eb.ref('sa.student_id')).select('book.id')),
    )
    .select([
      'sa.student_id',
      fullNameSql('p').as('name'),
      'a.name as assessment',
      'a.id as assessment_id',
      isoTimestampSql('sa.status_changed_at').as('since'),
      sql<number>`(extract(epoch from sa.status_changed_at) * 1000)::float8`.as('since_ms'),
    ])
    .orderBy('sa.status_changed_at')
    .orderBy('sa.id')
    .execute();

/** The books of the cohort's courses, in course then book order. */
export const cohortBooks = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohort_courses as cc')
    .innerJoin('books as b', 'b.course_id', 'cc.course_id')
    .where('cc.cohort_id', '=', cohortId)
    .select(['b.id', 'b.name', 'b.course_id', 'b.index'])
    .orderBy('cc.index')
    .orderBy('b.index')
    .orderBy('b.id')
    .execute();

export interface OutcomeRow {
  kind: InterventionKind;
  cohort_id: number | null;
  created_at: number;
  /** When the learner next moved on after it; null until they do. */
  moved_at: number | null;
}

/** Every intervention and when its learner next moved on (INTERVENTION_OUTCOMES_SQL). */
export async function interventionOutcomes(db: Db) {
  const result = await db.executeQuery<OutcomeRow>(
    CompiledQuery.raw(INTERVENTION_OUTCOMES_SQL, []),
  );
  return result.rows;
}
