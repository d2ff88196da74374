import type { Updateable } from 'kysely';
import type { CohortInfoTable, Db } from '../../db/schema.ts';
import { currentLearnerCount } from '../cohorts/index.ts';

export const findInfo = (db: Db, id: number) =>
  db
    .selectFrom('cohort_info')
    .innerJoin('cohorts', 'cohorts.id', 'cohort_info.cohort_id')
    .select([
      'cohort_info.id',
      'cohort_info.cohort_id',
      'cohorts.name as cohort_name',
      'cohorts.active as cohort_active',
      currentLearnerCount('cohorts.id').as('students'),
      'cohort_info.attendance_sheet_url',
      'cohort_info.github_classroom_url',
      'cohort_info.student_organization_url',
      'cohort_info.client_course_url',
      'cohort_info.server_course_url',
      'cohort_info.zoom_url',
    ])
    .where('cohort_info.id', '=', id)
    .executeTakeFirst();
export type InfoRow = NonNullable<Awaited<ReturnType<typeof findInfo>>>;

export const lockInfo = (db: Db, id: number) =>
  db.selectFrom('cohort_info').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const infoOfCohort = (db: Db, cohortId: number) =>
  db.selectFrom('cohort_info').select('id').where('cohort_id', '=', cohortId).executeTakeFirst();

export const insertInfo = (db: Db, values: Updateable<CohortInfoTable> & { cohort_id: number }) =>
  db.insertInto('cohort_info').values(values).returningAll().executeTakeFirstOrThrow();

export const updateInfo = (db: Db, id: number, values: Updateable<CohortInfoTable>) =>
  db.updateTable('cohort_info').set(values).where('id', '=', id).returningAll().executeTakeFirst();
