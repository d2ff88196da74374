import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { currentAssignmentJoinText } from '../../lib/assignments.ts';
import { isoTimestampSql } from '../../lib/dates.ts';
import { isCurrentMembership } from '../../lib/membership.ts';
import { fullNameSql } from '../../lib/names.ts';

type Db = Kysely<Database>;

// A cohort's health in three statements, whatever its size: its learners with their pace
// history, its review queue and its books. Days are whole elapsed days (24 hours) up to now, so a
// day is a day in every time zone and across clock changes.

const elapsedDays = (from: string, to = 'now()') =>
  `floor(extract(epoch from (${to} - ${from})) / 86400)`;

export const findCohort = (db: Db, id: number) =>
  db.selectFrom('cohorts').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export interface LearnerRow {
  id: number;
  name: string;
  project_id: number | null;
  project_name: string | null;
  project_days: number | null;
  book_id: number | null;
  book_name: string | null;
  book_days: number | null;
  days_inactive: number;
  objectives_achieved: number;
  low_skills: Array<{ label: string; level: number }>;
  project_past: number;
  project_median: number | null;
  project_p80: number | null;
  book_past: number;
  book_median: number | null;
  book_p80: number | null;
}

/**
 * Every current learner of the cohort with their current project and book, how long they have
 * been on each, their last activity, achieved objectives and core skills at or below
 * `skillLevel`, beside how long past learners took on the same project and book. History is
 * computed only for the projects and books the cohort's learners are on now.
 */
export async function learners(db: Db, cohortId: number, skillLevel: number) {
  const result = await sql<LearnerRow>`
    with members as (
      select p.id, ${fullNameSql('p')} as name, m.joined_at
      from cohort_memberships m
      join people p on p.id = m.person_id
      where m.cohort_id = ${cohortId} and ${isCurrentMembership('m')} and not p.is_staff and p.is_active
    ),
    current as (
      select mb.id, mb.name, mb.joined_at, cp.project_id, cp.assigned_at, pr.name as project_name,
        b.id as book_id, b.name as book_name,
        (select min(bp.assigned_at) from student_projects bp
           join projects bpr on bpr.id = bp.project_id
           where bp.student_id = mb.id and bpr.book_id = b.id) as book_started_at
      from members mb
      ${sql.raw(currentAssignmentJoinText('mb.id', 'sp.project_id, sp.assigned_at', '      '))}
      left join projects pr on pr.id = cp.project_id
      left join books b on b.id = pr.book_id
    ),
    -- Every move of every learner, once, in order: what followed it and which book came before.
    moves as (
      select sp.student_id, sp.project_id, pr.book_id, sp.assigned_at,
        lead(sp.assigned_at) over w as next_at,
        lag(pr.book_id) over w as previous_book_id
      from student_projects sp
      join projects pr on pr.id = sp.project_id
      window w as (partition by sp.student_id order by sp.assigned_at, sp.id)
    ),
    project_history as (
      select project_id, count(distinct student_id)::int as past,
        percentile_cont(0.5) within group (order by extract(epoch from (next_at - assigned_at)) / 86400) as median,
        percentile_cont(0.8) within group (order by extract(epoch from (next_at - assigned_at)) / 86400) as p80
      from moves
      where next_at is not null and project_id in (select project_id from current)
      group by project_id
    ),
    -- A stay in a book begins with a move from another book and ends with the next such move.
    book_stays as (
      select student_id, book_id, assigned_at,
        lead(assigned_at) over (partition by student_id order by assigned_at) as left_at
      from moves
      where previous_book_id is distinct from book_id
    ),
    book_history as (
      select book_id, count(distinct student_id)::int as past,
        percentile_cont(0.5) within group (order by extract(epoch from (left_at - assigned_at)) / 86400) as median,
        percentile_cont(0.8) within group (order by extract(epoch from (left_at - assigned_at)) / 86400) as p80
      from book_stays
      where left_at is not null and book_id in (select book_id from current)
      group by book_id
    )
    select c.id, c.name, c.project_id, c.project_name, c.book_id, c.book_name,
      ${sql.raw(elapsedDays('c.assigned_at'))}::int as project_days,
      ${sql.raw(elapsedDays('c.book_started_at'))}::int as book_days,
      ${sql.raw(
        // greatest() skips nulls: the later of the last move and the last assessment change.
        elapsedDays(`coalesce(greatest(c.assigned_at,
          (select max(sa.status_changed_at) from student_assessments sa where sa.student_id = c.id)),
          c.joined_at)`),
      )}::int as days_inactive,
      (select count(distinct lr.objective_id)::int from learning_records lr
         where lr.student_id = c.id and lr.achieved) as objectives_achieved,
      (select coalesce(json_agg(json_build_object('label', s.label, 'level', r.level)
                 order by r.level, s.label), '[]'::json)
         from core_skill_records r
         join core_skills s on s.id = r.skill_id
         where r.student_id = c.id and r.level <= ${skillLevel}) as low_skills,
      coalesce(ph.past, 0) as project_past, ph.median as project_median, ph.p80 as project_p80,
      coalesce(bh.past, 0) as book_past, bh.median as book_median, bh.p80 as book_p80
    from current c
    left join project_history ph on ph.project_id = c.project_id
    left join book_history bh on bh.book_id = c.book_id
    order by c.name, c.id
  `.execute(db);
  return result.rows;
}

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
    .select([
      'sa.student_id',
      fullNameSql('p').as('name'),
      'a.name as assessment',
      'a.id as assessment_id',
      isoTimestampSql('sa.status_changed_at').as('since'),
      sql<number>`${sql.raw(elapsedDays('sa.status_changed_at'))}::int`.as('waiting_days'),
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
