import type { Course, CourseBook, CourseStatsRow } from '@lp/contract/courses';
import { sql } from 'kysely';
import type { Db } from '../../../db/schema.ts';
import { calendarDaySql } from '../../../lib/dates.ts';
import { membershipHeldAt } from '../../cohorts/index.ts';

/** The course's creation day as the product's home zone sees it. */
const dateCreated = calendarDaySql('courses.created_at');

/** Books by index, each with its active projects and its assessments, in the same query. */
const booksJson = sql<CourseBook[]>`coalesce((
  select json_agg(json_build_object(
    'id', b.id, 'name', b.name, 'index', b.index,
    'projects', coalesce((
      select json_agg(json_build_object(
        'id', p.id, 'name', p.name, 'index', p.index, 'active', p.active,
        'is_group_project', p.is_group_project
      ) order by p.index, p.id)
      from projects p where p.book_id = b.id and p.active
    ), '[]'::json),
    'assessments', coalesce((
      select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.id)
      from assessments a where a.book_id = b.id
    ), '[]'::json)
  ) order by b.index, b.id)
  from books b where b.course_id = courses.id
), '[]'::json)`;

const selectCourses = (db: Db) =>
  db
    .selectFrom('courses')
    .select([
      'courses.id',
      'courses.name',
      'courses.active',
      dateCreated.as('date_created'),
      booksJson.as('books'),
    ]);

export interface CourseFilter {
  cohortId?: number;
  active?: boolean;
  all?: boolean;
}

export function listCourses(db: Db, filter: CourseFilter): Promise<Course[]> {
  const { cohortId, active, all } = filter;
  if (cohortId !== undefined) {
    let query = selectCourses(db)
      .innerJoin('cohort_courses', 'cohort_courses.course_id', 'courses.id')
      .where('cohort_courses.cohort_id', '=', cohortId);
    if (active !== undefined) query = query.where('cohort_courses.active', '=', active);
    return query.orderBy('cohort_courses.index').orderBy('courses.id').execute();
  }
  let query = selectCourses(db);
  if (!all) query = query.where('courses.active', '=', active ?? true);
  return query.orderBy('courses.id').execute();
}

export const findCourse = (db: Db, id: number): Promise<Course | undefined> =>
  selectCourses(db).where('courses.id', '=', id).executeTakeFirst();

export const cohortExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('cohorts').select('id').where('id', '=', id).executeTakeFirst());

export const courseExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('courses').select('id').where('id', '=', id).executeTakeFirst());

/** The course's own columns, locked for the transaction's update. */
export const findCourseRow = (db: Db, id: number) =>
  db
    .selectFrom('courses')
    .select(['id', 'name', 'active'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const insertCourse = (db: Db, values: { name: string; active: boolean }) =>
  db
    .insertInto('courses')
    .values(values)
    .returning(['id', 'name', 'active'])
    .executeTakeFirstOrThrow();

export const updateCourse = (db: Db, id: number, values: { name?: string; active?: boolean }) =>
  db
    .updateTable('courses')
    .set(values)
    .where('id', '=', id)
    .returning(['id', 'name', 'active'])
    .executeTakeFirstOrThrow();

/**
 * Average start delay per project of a course, in one query.
 *
 * A sample is one (learner, project) assignment: student_projects is unique on that pair, so a
 * learner counts once per project however many cohorts they were in. Its delay is the number of
 * days from the start of the learner's cohort *at the time of the assignment* to the day of the
 * assignment (in that cohort's time zone). That cohort is the first one (by joined_at) the learner
 * had not left when the project was assigned: a transferred learner's later projects count against
 * the cohort they moved to, their earlier ones against the cohort they left, and work assigned
 * before they formally joined counts against the first cohort they joined. Assignments of people
 * with no such membership (staff trying a project) are left out. Projects without any sample are
 * left out. Rows come in book order, then project order.
 */
export const courseStats = (db: Db, courseId: number) =>
  sql<CourseStatsRow>`
    select b.name as bookname, b.index as bookindex, p.name as projectname, p.index as projectindex,
      avg((sp.assigned_at at time zone cohort.time_zone)::date - cohort.start_date)::float8
        as averagestartdelay
    from projects p
    join books b on b.id = p.book_id
    join student_projects sp on sp.project_id = p.id
    join lateral (
      select c.start_date, c.time_zone
      from cohort_memberships m
      join cohorts c on c.id = m.cohort_id
      where m.person_id = sp.student_id
        and ${membershipHeldAt('m', 'sp.assigned_at')}
      order by m.joined_at, m.id
      limit 1
    ) cohort on true
    where b.course_id = ${courseId}
    group by b.id, b.name, b.index, p.id, p.name, p.index
    order by b.index, b.id, p.index, p.id`
    .execute(db)
    .then((result) => result.rows);
