import type { Db } from '../src/db/schema.ts';

export const createEvent = (
  db: Db,
  cohortId: number,
  values: { name?: string; date?: string; time?: string | null; type?: number; zone?: string } = {},
) =>
  db
    .insertInto('events')
    .values({
      cohort_id: cohortId,
      event_type_id: values.type ?? 1,
      name: values.name ?? 'Standup',
      event_date: values.date ?? '2026-10-05',
      event_time: values.time === undefined ? '09:00:00' : values.time,
      time_zone: values.zone ?? 'America/Chicago',
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** The learner's current project (newest assignment), or nothing. */
export const currentProjectOf = (db: Db, studentId: number) =>
  db
    .selectFrom('student_projects')
    .innerJoin('projects', 'projects.id', 'student_projects.project_id')
    .select(['projects.id', 'projects.name'])
    .where('student_projects.student_id', '=', studentId)
    .orderBy('student_projects.assigned_at', 'desc')
    .orderBy('student_projects.id', 'desc')
    .executeTakeFirst();

export const currentMembershipOf = (db: Db, personId: number) =>
  db
    .selectFrom('cohort_memberships')
    .select(['cohort_id'])
    .where('person_id', '=', personId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
