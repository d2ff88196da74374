import type { Insertable } from 'kysely';
import { sql, type Transaction } from 'kysely';
import type { Database, Db, PeopleTable } from '../../db/schema.ts';
import { DISPLAY_TIME_ZONE } from '../../lib/dates.ts';
import { fullNameOrNullSql } from '../../lib/names.ts';
import { learnerScore } from '../board/index.ts';
import { isCurrentMembership } from '../cohorts/index.ts';

/** Assessments of the cohort's courses, in course, book and assessment order. */
export const cohortAssessments = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohort_courses as cc')
    .innerJoin('books as b', 'b.course_id', 'cc.course_id')
    .innerJoin('assessments as a', 'a.book_id', 'b.id')
    .where('cc.cohort_id', '=', cohortId)
    .select(['a.id', 'a.name'])
    .orderBy('cc.index')
    .orderBy('b.index')
    .orderBy('a.id')
    .execute();

/** What the export shows of each current learner beyond their health: contact and score. */
export const learnerDetails = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohort_memberships as m')
    .innerJoin('people as p', 'p.id', 'm.person_id')
    .where('m.cohort_id', '=', cohortId)
    .where(isCurrentMembership('m'))
    .where('p.is_staff', '=', false)
    .select(['p.id', 'p.github_login', 'p.email', learnerScore('p.id').as('score')])
    .execute();

/** The interventions with the cohort's current learners, oldest first, with who made them. */
export const cohortInterventions = (db: Db, cohortId: number) =>
  db
    .selectFrom('interventions as i')
    .innerJoin('cohort_memberships as m', 'm.person_id', 'i.learner_id')
    .leftJoin('people as staff', 'staff.id', 'i.created_by')
    .where('m.cohort_id', '=', cohortId)
    .where(isCurrentMembership('m'))
    .select([
      'i.learner_id',
      'i.kind',
      'i.note',
      fullNameOrNullSql('staff').as('by'),
      sql<string>`to_char(i.created_at at time zone ${DISPLAY_TIME_ZONE}, 'YYYY-MM-DD')`.as('day'),
    ])
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();

/** The status name of every self-assessment of the cohort's current learners. */
export const assessmentStatuses = (db: Db, cohortId: number) =>
  db
    .selectFrom('student_assessments as sa')
    .innerJoin('assessment_statuses as s', 's.id', 'sa.status_id')
    .innerJoin('cohort_memberships as m', 'm.person_id', 'sa.student_id')
    .where('m.cohort_id', '=', cohortId)
    .where(isCurrentMembership('m'))
    .select(['sa.student_id', 'sa.assessment_id', 's.status'])
    .execute();

/** The people with these GitHub logins (any letter case), with their current cohort. */
export const peopleByLogin = (db: Db, logins: string[]) =>
  logins.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('people as p')
        .leftJoin('cohort_memberships as m', (join) =>
          join.onRef('m.person_id', '=', 'p.id').on(isCurrentMembership('m')),
        )
        .leftJoin('cohorts as c', 'c.id', 'm.cohort_id')
        .where(
          sql<string>`lower(p.github_login)`,
          'in',
          logins.map((login) => login.toLowerCase()),
        )
        .select([
          'p.id',
          'p.first_name',
          'p.last_name',
          'p.github_login',
          'p.is_staff',
          'p.is_active',
          'm.cohort_id',
          'c.name as cohort_name',
        ])
        .orderBy('p.id')
        .execute();

/** Which of these user names (any letter case) are taken. */
export const takenUsernames = async (db: Db, names: string[]) =>
  names.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db
            .selectFrom('people')
            .select(sql<string>`lower(username)`.as('name'))
            .where(
              sql<string>`lower(username)`,
              'in',
              names.map((name) => name.toLowerCase()),
            )
            .execute()
        ).map((row) => row.name),
      );

export const insertLearner = (trx: Transaction<Database>, values: Insertable<PeopleTable>) =>
  trx
    .insertInto('people')
    .values(values)
    .returning(['id', 'username', 'first_name', 'last_name', 'email', 'github_login'])
    .executeTakeFirstOrThrow();

/** The ids of these people's current memberships of the cohort. */
export const currentMembershipIds = async (
  trx: Transaction<Database>,
  cohortId: number,
  personIds: number[],
) =>
  personIds.length === 0
    ? []
    : (
        await trx
          .selectFrom('cohort_memberships as m')
          .select('m.id')
          .where('m.cohort_id', '=', cohortId)
          .where('m.person_id', 'in', personIds)
          .where(isCurrentMembership('m'))
          .orderBy('m.id')
          .execute()
      ).map((row) => row.id);

/** An applied import of the cohort's roster (its audit row), and whether it was undone. */
export async function findImport(trx: Transaction<Database>, cohortId: number, importId: number) {
  const row = await trx
    .selectFrom('audit_log')
    .select(['id', 'after'])
    .where('id', '=', importId)
    .where('entity', '=', 'cohort_roster')
    .where('action', '=', 'import')
    .where('entity_id', '=', String(cohortId))
    .executeTakeFirst();
  if (!row) return undefined;
  const undone = await trx
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'cohort_roster')
    .where('action', '=', 'undo-import')
    .where(sql<string>`after->>'import_id'`, '=', String(importId))
    .executeTakeFirst();
  return { ...row, undone: Boolean(undone) };
}

/** Ends these memberships where they are still current; answers the ended rows. */
export const endMemberships = (trx: Transaction<Database>, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : trx
        .updateTable('cohort_memberships')
        .set({ left_at: sql`now()` })
        .where('id', 'in', ids)
        .where(isCurrentMembership())
        .returning(['id', 'cohort_id', 'person_id'])
        .execute();
