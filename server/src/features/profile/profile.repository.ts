import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { isoTimestampSql } from '../../lib/dates.ts';
import { currentAssignmentOf } from '../board/index.ts';

export const findPerson = (db: Db, id: number) =>
  db
    .selectFrom('people')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'is_staff',
      'github_login',
      'avatar_url',
      'github_repos_url',
      'slack_handle',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

export const coachedCohorts = (db: Db, personId: number) =>
  db
    .selectFrom('cohort_coaches')
    .innerJoin('cohorts', 'cohorts.id', 'cohort_coaches.cohort_id')
    .select(['cohorts.id', 'cohorts.name'])
    .where('cohort_coaches.person_id', '=', personId)
    .orderBy('cohort_coaches.joined_at', 'desc')
    .orderBy('cohorts.id', 'desc')
    .execute();

export const cohortWithInfo = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohorts')
    .leftJoin('cohort_info', 'cohort_info.cohort_id', 'cohorts.id')
    .select([
      'cohorts.id',
      'cohorts.name',
      'cohorts.start_date',
      'cohorts.end_date',
      'cohorts.slack_channel',
      'cohort_info.id as info_id',
      'cohort_info.client_course_url',
      'cohort_info.server_course_url',
      'cohort_info.zoom_url',
      'cohort_info.student_organization_url',
    ])
    .where('cohorts.id', '=', cohortId)
    .executeTakeFirst();

export const cohortCourses = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohort_courses')
    .innerJoin('courses', 'courses.id', 'cohort_courses.course_id')
    .select(['courses.name as course__name', 'courses.id as course__id', 'cohort_courses.active'])
    .where('cohort_courses.cohort_id', '=', cohortId)
    .orderBy('cohort_courses.index')
    .execute();

export const currentProject = (db: Db, studentId: number) =>
  currentAssignmentOf(db, studentId)
    .select(['project.id', 'project.name', 'book.id as book_id', 'book.name as book_name'])
    .executeTakeFirst();

export const assessmentOverview = (db: Db, studentId: number) =>
  db
    .selectFrom('student_assessments as sa')
    .innerJoin('assessments', 'assessments.id', 'sa.assessment_id')
    .innerJoin('books', 'books.id', 'assessments.book_id')
    .innerJoin('assessment_statuses', 'assessment_statuses.id', 'sa.status_id')
    .leftJoin('people as instructor', 'instructor.id', 'sa.instructor_id')
    .select([
      'sa.id',
      'assessments.name',
      'assessment_statuses.status',
      'books.id as book_id',
      'books.name as book_name',
      'instructor.first_name as reviewed_by',
      'sa.url as github_url',
      'assessments.source_url',
    ])
    .where('sa.student_id', '=', studentId)
    .orderBy('books.index', 'desc')
    .execute();

export const capstonesWithStatuses = (db: Db, studentId: number) =>
  db
    .selectFrom('capstones')
    .innerJoin('courses', 'courses.id', 'capstones.course_id')
    .select((eb) => [
      'capstones.id',
      'courses.name as course',
      'capstones.proposal_url',
      eb
        .selectFrom('capstone_timelines')
        .innerJoin('proposal_statuses', 'proposal_statuses.id', 'capstone_timelines.status_id')
        .select(
          sql<Array<{ status__status: string; date: string }>>`coalesce(json_agg(json_build_object(
            'status__status', proposal_statuses.status,
            'date', ${isoTimestampSql('capstone_timelines.created_at')}
          ) order by capstone_timelines.created_at desc, capstone_timelines.id desc), '[]'::json)`.as(
            'statuses',
          ),
        )
        .whereRef('capstone_timelines.capstone_id', '=', 'capstones.id')
        .as('statuses'),
    ])
    .where('capstones.student_id', '=', studentId)
    .orderBy('capstones.id')
    .execute();

export const setGithubOrgMember = (db: Db, membershipId: number) =>
  db
    .updateTable('cohort_memberships')
    .set({ is_github_org_member: true })
    .where('id', '=', membershipId)
    .execute();

export const changeName = (db: Db, personId: number, firstName: string, lastName: string) =>
  db
    .updateTable('people')
    .set({ first_name: firstName, last_name: lastName })
    .where('id', '=', personId)
    .execute();
