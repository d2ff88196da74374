import type { CohortCourse } from '@lp/contract/cohorts';
import { sql, type Updateable } from 'kysely';
import type { CohortsTable, Db } from '../../db/schema.ts';
import { calendarDaySql } from '../../lib/dates.ts';
import { fullNameSql } from '../../lib/names.ts';
import { containsPattern } from '../../lib/search.ts';
import { currentLearnerCount, currentLearnerCounts, isCurrentMembership } from './membership.ts';

export interface CohortFilter {
  id?: number;
  active?: boolean;
  /** Only this cohort (a learner sees their own). */
  onlyId?: number;
  limit?: number;
}

/**
 * Full cohorts in one query: coaches, courses and links come from correlated subqueries, so a
 * list costs one round trip whatever its length. A list counts the learners of all cohorts in
 * one pass; one cohort counts its own.
 */
export function findCohorts(db: Db, callerId: number, filter: CohortFilter) {
  const one = filter.id !== undefined || filter.onlyId !== undefined;
  let query = db
    .selectFrom('cohorts')
    .leftJoin('cohort_info', 'cohort_info.cohort_id', 'cohorts.id')
    .$if(!one, (list) =>
      list.leftJoin(currentLearnerCounts(db).as('counts'), 'counts.cohort_id', 'cohorts.id'),
    )
    .select([
      'cohorts.id',
      'cohorts.name',
      'cohorts.slack_channel',
      'cohorts.start_date',
      'cohorts.end_date',
      'cohorts.active',
      'cohorts.is_capstone',
      'cohorts.time_zone',
      'cohorts.invitation_secret',
      'cohorts.calendar_secret',
      'cohort_info.id as info',
      'cohort_info.student_organization_url',
      'cohort_info.github_classroom_url',
      'cohort_info.attendance_sheet_url',
      (one
        ? currentLearnerCount('cohorts.id')
        : sql<number>`coalesce(${sql.ref('counts.students')}, 0)`
      ).as('students'),
      sql<boolean>`exists (select 1 from cohort_coaches cc
        where cc.cohort_id = cohorts.id and cc.person_id = ${callerId})`.as('is_instructor'),
      sql<Array<{ id: number; name: string }>>`coalesce((select json_agg(json_build_object(
          'id', p.id, 'name', ${fullNameSql('p')})
          order by cc.joined_at, p.id)
        from cohort_coaches cc join people p on p.id = cc.person_id
        where cc.cohort_id = cohorts.id), '[]'::json)`.as('coaches'),
      sql<CohortCourse[]>`coalesce((select json_agg(json_build_object(
          'id', ccs.id,
          'course', json_build_object('id', c.id, 'name', c.name, 'active', c.active,
            'date_created', ${calendarDaySql('c.created_at')}),
          'active', ccs.active, 'index', ccs.index)
          order by ccs.index, ccs.id)
        from cohort_courses ccs join courses c on c.id = ccs.course_id
        where ccs.cohort_id = cohorts.id), '[]'::json)`.as('courses'),
    ]);
  if (filter.id !== undefined) query = query.where('cohorts.id', '=', filter.id);
  if (filter.onlyId !== undefined) query = query.where('cohorts.id', '=', filter.onlyId);
  if (filter.active !== undefined) query = query.where('cohorts.active', '=', filter.active);
  query = query.orderBy('cohorts.start_date', 'desc').orderBy('cohorts.id', 'desc');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}
export type CohortRow = Awaited<ReturnType<typeof findCohorts>>[number];

export function searchCohorts(db: Db, text: string, filter: CohortFilter) {
  let query = db.selectFrom('cohorts').select(['id', 'name']);
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    query = query.where('name', 'ilike', containsPattern(word));
  }
  if (filter.onlyId !== undefined) query = query.where('id', '=', filter.onlyId);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  return query
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 50)
    .execute();
}

/** A cohort by id, or undefined: the one lookup every feature uses. */
export const findCohort = (db: Db, id: number) =>
  db.selectFrom('cohorts').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The cohort, locked for a change until the transaction ends. FOR NO KEY UPDATE (the lock an
 * UPDATE takes) still lets others insert rows that refer to the cohort, such as a learner's
 * transfer into it, which holds the learner's lock: no deadlock with enrolling that learner here.
 */
export const lockCohort = (trx: Db, id: number) =>
  trx.selectFrom('cohorts').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();

/**
 * The cohort, locked against every change and every new row that refers to it (FOR UPDATE), so
 * that no learner joins it between the look at its memberships and its removal.
 */
export const lockCohortForRemoval = (trx: Db, id: number) =>
  trx.selectFrom('cohorts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Whether any learner was ever in the cohort (a membership, current or ended). */
export const everHadLearners = async (db: Db, cohortId: number) =>
  (await db
    .selectFrom('cohort_memberships')
    .select('id')
    .where('cohort_id', '=', cohortId)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** Removes the cohort; its courses, coaches, links, events and teams go with it (on delete cascade). */
export const deleteCohort = (trx: Db, id: number) =>
  trx.deleteFrom('cohorts').where('id', '=', id).execute();

export const cohortNameTaken = async (db: Db, name: string, exceptId?: number) => {
  let query = db
    .selectFrom('cohorts')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
};

export const findCourses = (db: Db, ids: number[]) =>
  db.selectFrom('courses').select(['id', 'name']).where('id', 'in', ids).execute();

export const insertCohort = (
  trx: Db,
  values: {
    name: string;
    slack_channel: string;
    start_date: string;
    end_date: string;
    active: boolean;
    is_capstone: boolean;
    invitation_secret: string;
    calendar_secret: string;
  },
) => trx.insertInto('cohorts').values(values).returningAll().executeTakeFirstOrThrow();

export const insertCohortCourses = (
  trx: Db,
  rows: Array<{ cohort_id: number; course_id: number; index: number; active: boolean }>,
) => trx.insertInto('cohort_courses').values(rows).execute();

export const insertInfo = (trx: Db, cohortId: number, orgUrl: string) =>
  trx
    .insertInto('cohort_info')
    .values({ cohort_id: cohortId, student_organization_url: orgUrl })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateCohort = (trx: Db, id: number, values: Updateable<CohortsTable>) =>
  trx.updateTable('cohorts').set(values).where('id', '=', id).returningAll().executeTakeFirst();

export const isCoach = async (db: Db, cohortId: number, personId: number) =>
  Boolean(
    await db
      .selectFrom('cohort_coaches')
      .select('person_id')
      .where('cohort_id', '=', cohortId)
      .where('person_id', '=', personId)
      .executeTakeFirst(),
  );

export const addCoach = (trx: Db, cohortId: number, personId: number) =>
  trx.insertInto('cohort_coaches').values({ cohort_id: cohortId, person_id: personId }).execute();

export const removeCoach = (trx: Db, cohortId: number, personId: number) =>
  trx
    .deleteFrom('cohort_coaches')
    .where('cohort_id', '=', cohortId)
    .where('person_id', '=', personId)
    .executeTakeFirst();

export const findPerson = (db: Db, id: number) =>
  db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'is_staff', 'is_active'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Ends a learner's current membership of this cohort; answers the row, or nothing. */
export const endMembership = (trx: Db, cohortId: number, personId: number) =>
  trx
    .updateTable('cohort_memberships')
    .set({ left_at: sql`now()` })
    .where('cohort_id', '=', cohortId)
    .where('person_id', '=', personId)
    .where(isCurrentMembership())
    .returning(['id', 'cohort_id', 'person_id'])
    .executeTakeFirst();

export const cohortCourses = (trx: Db, cohortId: number) =>
  trx
    .selectFrom('cohort_courses')
    .select(['id', 'course_id', 'index', 'active'])
    .where('cohort_id', '=', cohortId)
    .orderBy('index')
    .execute();

export const setCohortCourseActive = (trx: Db, id: number, active: boolean) =>
  trx.updateTable('cohort_courses').set({ active }).where('id', '=', id).execute();
