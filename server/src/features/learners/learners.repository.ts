import type { StudentDetail } from '@lp/contract/learners';
import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/schema.ts';
import { isoTimestampSql as iso } from '../../lib/dates.ts';
import { fullNameOrNullSql as fullName } from '../../lib/names.ts';
import { currentAssignmentOf, learnerScore } from '../board/index.ts';
import { isCurrentMembership } from '../cohorts/index.ts';

/**
 * A learner's whole record in one statement (one round trip, one pool connection): the person
 * with their current cohort and score, and each list as JSON built beside it.
 */
export const learnerDetail = (db: Db, id: number) =>
  db
    .selectFrom('people as p')
    .leftJoin('cohort_memberships as m', (join) =>
      join.onRef('m.person_id', '=', 'p.id').on(isCurrentMembership('m')),
    )
    .leftJoin('cohorts as c', 'c.id', 'm.cohort_id')
    .select((eb) => [
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
      jsonObjectFrom(
        currentAssignmentOf(db, sql.ref<number>('p.id')).select(['project.id', 'project.name']),
      ).as('project'),
      jsonArrayFrom(
        eb
          .selectFrom('cohort_memberships as cm')
          .innerJoin('cohorts as mc', 'mc.id', 'cm.cohort_id')
          .select([
            sql<{ id: number; name: string }>`json_build_object('id', mc.id, 'name', mc.name)`.as(
              'cohort',
            ),
            iso('cm.joined_at').as('joined_at'),
            sql<string | null>`${iso('cm.left_at')}`.as('left_at'),
          ])
          .whereRef('cm.person_id', '=', 'p.id')
          .orderBy(isCurrentMembership('cm'), 'desc')
          .orderBy('cm.joined_at', 'desc')
          .orderBy('cm.id', 'desc'),
      ).as('cohorts'),
      jsonArrayFrom(
        eb
          .selectFrom('core_skill_records as r')
          .innerJoin('core_skills as s', 's.id', 'r.skill_id')
          .select([
            'r.id',
            sql<{ id: number; label: string }>`json_build_object('id', s.id, 'label', s.label)`.as(
              'skill',
            ),
            'r.level',
          ])
          .whereRef('r.student_id', '=', 'p.id')
          .orderBy('s.label'),
      ).as('core_skill_records'),
      jsonArrayFrom(
        eb
          .selectFrom('learning_records as r')
          .innerJoin('learning_objectives as o', 'o.id', 'r.objective_id')
          .select((records) => [
            'r.id',
            'o.label as objective',
            'o.id as objective_id',
            'o.weight',
            'r.achieved',
            records
              .selectFrom('learning_record_entries as e')
              .leftJoin('people as i', 'i.id', 'e.instructor_id')
              .select(
                sql<
                  StudentDetail['records'][number]['entries']
                >`coalesce(json_agg(json_build_object(
                  'id', e.id, 'note', e.note, 'recorded_on', ${iso('e.recorded_at')},
                  'instructor', ${fullName('i')}
                ) order by e.recorded_at desc, e.id desc), '[]'::json)`.as('entries'),
              )
              .whereRef('e.record_id', '=', 'r.id')
              .as('entries'),
          ])
          .whereRef('r.student_id', '=', 'p.id')
          .orderBy('r.achieved')
          .orderBy('o.tier')
          .orderBy('o.id'),
      ).as('records'),
      jsonArrayFrom(
        eb
          .selectFrom('feedback as f')
          .leftJoin('people as coach', 'coach.id', 'f.coach_id')
          .select([
            'f.id',
            'f.notes',
            iso('f.created_at').as('session_date'),
            fullName('coach').as('author'),
          ])
          .whereRef('f.student_id', '=', 'p.id')
          .orderBy('f.created_at', 'desc')
          .orderBy('f.id', 'desc'),
      ).as('feedback'),
      sql<number[]>`coalesce((select json_agg(cap.id order by cap.id) from capstones cap
        where cap.student_id = p.id), '[]'::json)`.as('capstones'),
    ])
    .where('p.id', '=', id)
    .where('p.is_staff', '=', false)
    .executeTakeFirst();

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
