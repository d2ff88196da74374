import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

// A cohort's progress through its books, week by week, beside earlier cohorts of its courses:
// one statement over the stored assignment history (contract/src/health.ts says what counts).

/** The books of the cohort's courses, numbered from 1 in course then book order. */
export const numberedBooks = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohort_courses as cc')
    .innerJoin('books as b', 'b.course_id', 'cc.course_id')
    .where('cc.cohort_id', '=', cohortId)
    .select([
      sql<number>`(row_number() over (order by cc.index, b.index, b.id))::int`.as('position'),
      'b.id',
      'b.name',
    ])
    .orderBy('position')
    .execute();

export interface WeekRow {
  week: number;
  date: string;
  average: number | null;
  learners: number;
  earlier_average: number | null;
  earlier_cohorts: number;
}

/**
 * For weeks 1 … `weeks` of the cohort: its learners' average book number at each week's end (the
 * week under way: now) and the mean of earlier cohorts' averages at the same week, with how many
 * learners and cohorts each figure stands on. A week's end is midnight of its last day in the
 * cohort's time zone.
 */
export async function weeklyPositions(db: Db, cohortId: number, weeks: number) {
  const result = await sql<WeekRow & { cohorts_seen: number }>`
    with target as (
      select id, start_date from cohorts where id = ${cohortId}
    ),
    target_courses as (
      select course_id from cohort_courses where cohort_id = ${cohortId}
    ),
    numbered_books as (
      select b.id, (row_number() over (order by cc.index, b.index, b.id))::int as position
      from cohort_courses cc
      join books b on b.course_id = cc.course_id
      where cc.cohort_id = ${cohortId}
    ),
    compared as (
      select c.id, c.start_date, c.end_date, c.time_zone, c.id = t.id as is_target
      from cohorts c, target t
      where c.id = t.id
        or (c.start_date < t.start_date
          and exists (select 1 from cohort_courses cc
                      where cc.cohort_id = c.id and cc.course_id in (select course_id from target_courses)))
    ),
    week_ends as (
      -- The cohort's own week under way counts as of now: its chart reaches today.
      select c.id as cohort_id, c.is_target, w.week,
        least(((c.start_date + 7 * w.week)::timestamp at time zone c.time_zone), now()) as at
      from compared c
      cross join generate_series(1, ${weeks}) as w(week)
      -- An earlier cohort counts up to the week its end date falls in.
      where (c.is_target or c.start_date + 7 * (w.week - 1) < c.end_date)
        and (((c.start_date + 7 * w.week)::timestamp at time zone c.time_zone) <= now()
          or (c.is_target
            and ((c.start_date + 7 * (w.week - 1))::timestamp at time zone c.time_zone) <= now()))
    ),
    members as (
      select distinct on (m.cohort_id, m.person_id) m.cohort_id, m.person_id, m.left_at
      from cohort_memberships m
      join people p on p.id = m.person_id
      where m.cohort_id in (select id from compared) and not p.is_staff and p.is_active
      order by m.cohort_id, m.person_id, m.left_at desc nulls first
    ),
    moves as (
      select sp.student_id, nb.position, sp.assigned_at,
        lead(sp.assigned_at) over (partition by sp.student_id order by sp.assigned_at, sp.id) as next_at
      from student_projects sp
      join projects pr on pr.id = sp.project_id
      left join numbered_books nb on nb.id = pr.book_id
      where sp.student_id in (select person_id from members)
    ),
    averages as (
      select we.cohort_id, we.is_target, we.week,
        avg(mv.position)::float8 as average, count(mv.position)::int as learners
      from week_ends we
      join members mb on mb.cohort_id = we.cohort_id and (mb.left_at is null or mb.left_at > we.at)
      join moves mv on mv.student_id = mb.person_id
        and mv.assigned_at <= we.at and (mv.next_at is null or mv.next_at > we.at)
      where mv.position is not null
      group by we.cohort_id, we.is_target, we.week
    ),
    earlier as (
      select week, avg(average)::float8 as average, count(*)::int as cohorts
      from averages
      where not is_target
      group by week
    )
    select s.week, to_char(t.start_date + 7 * s.week, 'YYYY-MM-DD') as date,
      round(mine.average::numeric, 2)::float8 as average, coalesce(mine.learners, 0) as learners,
      round(e.average::numeric, 2)::float8 as earlier_average, coalesce(e.cohorts, 0) as earlier_cohorts,
      (select count(distinct cohort_id)::int from averages where not is_target) as cohorts_seen
    from generate_series(1, ${weeks}) as s(week)
    cross join target t
    left join averages mine on mine.week = s.week and mine.is_target
    left join earlier e on e.week = s.week
    order by s.week
  `.execute(db);
  return result.rows;
}
