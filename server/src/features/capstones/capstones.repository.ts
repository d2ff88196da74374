import type { Capstone } from '@lp/contract/capstones';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { isoTimestampSql } from '../../lib/dates.ts';
import { fullNameSql } from '../../lib/names.ts';
import { isCurrentMembership } from '../cohorts/index.ts';

/** Capstones with their timelines (oldest first), in one query. */
function capstones(db: Db) {
  return db
    .selectFrom('capstones as cap')
    .innerJoin('people as p', 'p.id', 'cap.student_id')
    .innerJoin('courses as co', 'co.id', 'cap.course_id')
    .select((eb) => [
      'cap.id',
      'cap.student_id',
      fullNameSql('p').as('name'),
      'cap.course_id',
      'co.name as course',
      'cap.proposal_url',
      sql<string>`coalesce(cap.repo_url, '')`.as('repo_url'),
      'cap.description',
      eb
        .selectFrom('capstone_timelines as tl')
        .innerJoin('proposal_statuses as ps', 'ps.id', 'tl.status_id')
        .select(
          sql<Capstone['statuses']>`coalesce(json_agg(json_build_object(
            'id', tl.id, 'status', ps.status, 'status_id', tl.status_id, 'date', ${isoTimestampSql('tl.created_at')}
          ) order by tl.created_at, tl.id), '[]'::json)`.as('statuses'),
        )
        .whereRef('tl.capstone_id', '=', 'cap.id')
        .as('statuses'),
    ])
    .orderBy(sql`lower(p.last_name)`)
    .orderBy(sql`lower(p.first_name)`)
    .orderBy('cap.id');
}

/** Proposals of the cohort's current learners. */
export const capstonesOfCohort = (db: Db, cohortId: number) =>
  capstones(db)
    .innerJoin('cohort_memberships as m', 'm.person_id', 'cap.student_id')
    .where('m.cohort_id', '=', cohortId)
    .where(isCurrentMembership('m'))
    .execute() as Promise<Capstone[]>;

export const capstonesOfLearner = (db: Db, learnerId: number) =>
  capstones(db).where('cap.student_id', '=', learnerId).execute() as Promise<Capstone[]>;

export const cohortExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('cohorts').select('id').where('id', '=', id).executeTakeFirst());

export const findLearner = (db: Db, id: number) =>
  db
    .selectFrom('people as p')
    .leftJoin('cohort_memberships as m', (join) =>
      join.onRef('m.person_id', '=', 'p.id').on(isCurrentMembership('m')),
    )
    .leftJoin('cohorts as c', 'c.id', 'm.cohort_id')
    .select([
      'p.id',
      fullNameSql('p').as('name'),
      'p.slack_handle',
      'c.slack_channel as cohort_channel',
    ])
    .where('p.id', '=', id)
    .where('p.is_staff', '=', false)
    .executeTakeFirst();

export const findCourse = (db: Db, id: number) =>
  db.selectFrom('courses').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

/** Whether the course is one of the courses of the learner's current cohort. */
export const isCourseOfCurrentCohort = async (db: Db, learnerId: number, courseId: number) =>
  Boolean(
    await db
      .selectFrom('cohort_memberships as m')
      .innerJoin('cohort_courses as cc', 'cc.cohort_id', 'm.cohort_id')
      .select('cc.id')
      .where('m.person_id', '=', learnerId)
      .where(isCurrentMembership('m'))
      .where('cc.course_id', '=', courseId)
      .executeTakeFirst(),
  );

export const hasProposalFor = async (db: Db, learnerId: number, courseId: number) =>
  Boolean(
    await db
      .selectFrom('capstones')
      .select('id')
      .where('student_id', '=', learnerId)
      .where('course_id', '=', courseId)
      .executeTakeFirst(),
  );

export const insertCapstone = (
  db: Db,
  values: {
    student_id: number;
    course_id: number;
    description: string;
    proposal_url: string;
    repo_url: string | null;
  },
) => db.insertInto('capstones').values(values).returningAll().executeTakeFirstOrThrow();

/**
 * The capstone with its learner, for a timeline entry and its message; the capstone's row is
 * locked, so steps on one proposal are decided one at a time. Read what to decide on in a later
 * statement: one waiting for this lock still sees the other tables as they were when it began.
 */
export const lockCapstone = (trx: Transaction<Database>, id: number) =>
  trx
    .selectFrom('capstones as cap')
    .innerJoin('people as p', 'p.id', 'cap.student_id')
    .innerJoin('courses as co', 'co.id', 'cap.course_id')
    .select([
      'cap.id',
      'cap.student_id',
      'co.name as course_name',
      fullNameSql('p').as('name'),
      'p.slack_handle',
    ])
    .where('cap.id', '=', id)
    .forNoKeyUpdate('cap')
    .executeTakeFirst();

/** The status of the proposal's latest timeline entry, or undefined without one. */
export const currentStatusId = async (db: Db, capstoneId: number) =>
  (
    await db
      .selectFrom('capstone_timelines')
      .select('status_id')
      .where('capstone_id', '=', capstoneId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.status_id;

export const findProposalStatus = (db: Db, id: number) =>
  db
    .selectFrom('proposal_statuses')
    .select(['id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();

export const insertTimeline = (
  db: Db,
  values: { capstone_id: number; status_id: number; created_by: number },
) =>
  db
    .insertInto('capstone_timelines')
    .values(values)
    .returning(['id', 'capstone_id', 'status_id', 'created_by', 'created_at'])
    .executeTakeFirstOrThrow();

export const deleteTimeline = (db: Db, id: number) =>
  db
    .deleteFrom('capstone_timelines')
    .where('id', '=', id)
    .returning(['id', 'capstone_id', 'status_id', 'created_by', 'created_at'])
    .executeTakeFirst();
