import type { StudentDetail } from '@lp/contract/learners';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoTimestampSql as iso } from '../../lib/dates.ts';
import { learnerScore } from '../../lib/learner-score.ts';
import { isCurrentMembership } from '../../lib/membership.ts';
import { fullNameOrNullSql as fullName } from '../../lib/names.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const learnerWithCohort = (db: Db, id: number) =>
  db
    .selectFrom('people as p')
    .leftJoin('cohort_memberships as m', (join) =>
      join.onRef('m.person_id', '=', 'p.id').on(isCurrentMembership('m')),
    )
    .leftJoin('cohorts as c', 'c.id', 'm.cohort_id')
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.email',
      'p.github_login',
      'p.avatar_url',
      'p.slack_handle',
      'c.id as cohort_id',
      'c.name as cohort_name',
      // One definition of the score, the same as the board's card.
      learnerScore('p.id').as('score'),
    ])
    .where('p.id', '=', id)
    .where('p.is_staff', '=', false)
    .executeTakeFirst();

export const currentProject = (db: Db, studentId: number) =>
  db
    .selectFrom('student_projects')
    .innerJoin('projects', 'projects.id', 'student_projects.project_id')
    .select(['projects.id', 'projects.name'])
    .where('student_projects.student_id', '=', studentId)
    .orderBy('student_projects.assigned_at', 'desc')
    .orderBy('student_projects.id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const memberships = (db: Db, studentId: number) =>
  db
    .selectFrom('cohort_memberships as m')
    .innerJoin('cohorts as c', 'c.id', 'm.cohort_id')
    .select(['c.id', 'c.name', iso('m.joined_at').as('joined_at'), 'm.left_at'])
    .where('m.person_id', '=', studentId)
    .orderBy(isCurrentMembership('m'), 'desc')
    .orderBy('m.joined_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();

export const coreSkills = (db: Db, studentId: number) =>
  db
    .selectFrom('core_skill_records as r')
    .innerJoin('core_skills as s', 's.id', 'r.skill_id')
    .select(['r.id', 's.id as skill_id', 's.label', 'r.level'])
    .where('r.student_id', '=', studentId)
    .orderBy('s.label')
    .execute();

export const records = (db: Db, studentId: number) =>
  db
    .selectFrom('learning_records as r')
    .innerJoin('learning_objectives as o', 'o.id', 'r.objective_id')
    .select((eb) => [
      'r.id',
      'o.label as objective',
      'o.id as objective_id',
      'o.weight',
      'r.achieved',
      eb
        .selectFrom('learning_record_entries as e')
        .leftJoin('people as i', 'i.id', 'e.instructor_id')
        .select(
          sql<StudentDetail['records'][number]['entries']>`coalesce(json_agg(json_build_object(
            'id', e.id, 'note', e.note, 'recorded_on', ${iso('e.recorded_at')},
            'instructor', ${fullName('i')}
          ) order by e.recorded_at desc, e.id desc), '[]'::json)`.as('entries'),
        )
        .whereRef('e.record_id', '=', 'r.id')
        .as('entries'),
    ])
    .where('r.student_id', '=', studentId)
    .orderBy('r.achieved')
    .orderBy('o.tier')
    .orderBy('o.id')
    .execute();

export const feedback = (db: Db, studentId: number) =>
  db
    .selectFrom('feedback as f')
    .leftJoin('people as coach', 'coach.id', 'f.coach_id')
    .select([
      'f.id',
      'f.notes',
      iso('f.created_at').as('session_date'),
      fullName('coach').as('author'),
    ])
    .where('f.student_id', '=', studentId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();

export const capstoneIds = (db: Db, studentId: number) =>
  db
    .selectFrom('capstones')
    .select('id')
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();

export const slackHandle = (db: Db, id: number) =>
  db
    .selectFrom('people')
    .select(['id', 'slack_handle'])
    .where('id', '=', id)
    .where('is_staff', '=', false)
    .forNoKeyUpdate()
    .executeTakeFirst();

/** Whether someone other than `exceptId` has the Slack member id (compared without case). */
export const slackHandleTaken = async (db: Db, handle: string, exceptId: number) =>
  Boolean(
    await db
      .selectFrom('people')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['slack_handle']), '=', handle.toLowerCase()))
      .where('id', '!=', exceptId)
      .executeTakeFirst(),
  );

export const setSlackHandle = (db: Db, id: number, handle: string | null) =>
  db.updateTable('people').set({ slack_handle: handle }).where('id', '=', id).execute();

export const insertFeedback = (
  db: Db,
  values: { student_id: number; coach_id: number; notes: string },
) => db.insertInto('feedback').values(values).returningAll().executeTakeFirstOrThrow();
