import { currentAssignmentJoinText } from '../../lib/assignments.ts';
import { cardVersionText } from '../../lib/card-version.ts';
import { isoTimestampText } from '../../lib/dates.ts';
import { learnerScoreSql } from '../../lib/learner-score.ts';
import { isCurrentMembershipText } from '../../lib/membership.ts';
import { fullNameText } from '../../lib/names.ts';

// The board's SQL, reviewed as SQL: queries/board.sql is this text (checked by a test) and
// queries/board.explain.txt its plan on the benchmark dataset (`npm run bench -- --explain`).

/** The ETag parts of a cohort's board; no row when the cohort does not exist. */
export const BOARD_VERSION_SQL = `-- The board's version (GET /students?cohort=$1 with If-None-Match): changes with anything shown.
select c.id,
  (now() at time zone c.time_zone)::date::text as today,
  c.time_zone,
  coalesce((select v.version from board_versions v where v.cohort_id = c.id), 0)::text as cohort_version,
  coalesce((select v.version from board_versions v where v.cohort_id = 0), 0)::text as catalogue_version
from cohorts c
where c.id = $1
`;

/**
 * The whole board of cohort $1 as one JSON text, with its version parts, in one statement.
 * Current project = latest assigned_at (then id); its book's assessment gives the status;
 * durations are whole calendar days in the cohort's time zone.
 */
export const BOARD_SQL = `-- The instructor board (GET /students?cohort=$1): one statement, one round trip.
with cohort as (
  select c.id, c.name, c.time_zone, (now() at time zone c.time_zone)::date as today
  from cohorts c
  where c.id = $1
),
members as (
  select p.id, ${fullNameText('p')} as name, p.github_login, p.avatar_url
  from cohort_memberships m
  join people p on p.id = m.person_id
  where m.cohort_id = $1 and ${isCurrentMembershipText('m')} and not p.is_staff and p.is_active
),
cards as (
  select mb.id, mb.name, mb.github_login, mb.avatar_url,
    cp.assignment_id, cp.project_id, cp.assigned_at, pr.index as project_index, pr.name as project_name,
    b.id as book_id, b.index as book_index, b.name as book_name,
    sa.id as student_assessment_id, sa.status_id, sa.url as assessment_url, sa.status_changed_at
  from members mb
  ${currentAssignmentJoinText('mb.id', 'sp.id as assignment_id, sp.project_id, sp.assigned_at', '  ')}
  left join projects pr on pr.id = cp.project_id
  left join books b on b.id = pr.book_id
  left join assessments a on a.book_id = b.id
  left join student_assessments sa on sa.assessment_id = a.id and sa.student_id = mb.id
)
select cohort.id,
  cohort.today::text as today,
  coalesce((select v.version from board_versions v where v.cohort_id = cohort.id), 0)::text as cohort_version,
  coalesce((select v.version from board_versions v where v.cohort_id = 0), 0)::text as catalogue_version,
  (select coalesce(json_agg(json_build_object(
      'id', c.id,
      'name', c.name,
      'github_handle', c.github_login,
      'avatar', c.avatar_url,
      'current_cohort', json_build_object('id', cohort.id, 'name', cohort.name),
      'assessment_status_id', coalesce(c.status_id, 0),
      'assessment_url', c.assessment_url,
      'project_id', c.project_id,
      'project_index', c.project_index,
      'project_name', c.project_name,
      'project_duration',
        cohort.today - (coalesce(c.status_changed_at, c.assigned_at) at time zone cohort.time_zone)::date,
      'book_id', c.book_id,
      'book_index', c.book_index,
      'book_name', c.book_name,
      'score', ${learnerScoreSql('c.id')},
      'tags', (select coalesce(json_agg(json_build_object('id', st.id, 'tag', t.name)
                 order by lower(t.name), st.id), '[]'::json)
               from student_tags st
               join tags t on t.id = st.tag_id
               where st.student_id = c.id),
      'proposals', (select coalesce(json_agg(json_build_object(
                       'id', cap.id,
                       'status', latest.status,
                       'current_status_id', latest.status_id,
                       'proposal_url', cap.proposal_url,
                       'created_on', ${isoTimestampText('latest.created_at')},
                       'course_name', co.name) order by cap.id), '[]'::json)
                    from capstones cap
                    join courses co on co.id = cap.course_id
                    left join lateral (
                      select tl.status_id, tl.created_at, ps.status
                      from capstone_timelines tl
                      join proposal_statuses ps on ps.id = tl.status_id
                      where tl.capstone_id = cap.id
                      order by tl.created_at desc, tl.id desc
                      limit 1
                    ) latest on true
                    where cap.student_id = c.id),
      'version', ${cardVersionText({
        assignment: 'c.assignment_id',
        assessment: 'c.student_assessment_id',
        status: 'c.status_id',
        statusChangedAt: 'c.status_changed_at',
      })}
    ) order by c.book_index nulls last, c.project_index nulls last, c.name, c.id), '[]'::json)
   from cards c)::text as body
from cohort
`;
