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
 * Planned for a cohort's few dozen learners: each member's person, current assignment (with its
 * project, book and assessment), score, tags and proposals are index lookups of that member, and
 * each card is written as a row's JSON (compact, and without a key-value call per field).
 */
export const BOARD_SQL = `-- The instructor board (GET /students?cohort=$1): one statement, one round trip.
with cohort as (
  select c.id, c.time_zone, (now() at time zone c.time_zone)::date as today,
    (select row_to_json(ref) from (select c.id, c.name) ref) as ref
  from cohorts c
  where c.id = $1
),
cards as (
  select p.id, ${fullNameText('p')} as name, p.github_login, p.avatar_url,
    cp.assignment_id, cp.project_id, cp.assigned_at, cp.project_index, cp.project_name,
    cp.book_id, cp.book_index, cp.book_name,
    sa.id as student_assessment_id, sa.status_id, sa.url as assessment_url, sa.status_changed_at
  from cohort_memberships m
  -- Each member's row by its key (offset 0 keeps the lookup): a join would hash all people.
  -- The lookups below go by m.person_id, whose values the planner knows to be distinct.
  cross join lateral (
    select p.id, p.first_name, p.last_name, p.github_login, p.avatar_url
    from people p
    where p.id = m.person_id and not p.is_staff and p.is_active
    offset 0
  ) p
  ${currentAssignmentJoinText(
    'm.person_id',
    [
      'sp.id as assignment_id, sp.project_id, sp.assigned_at,',
      'pr.index as project_index, pr.name as project_name,',
      'b.id as book_id, b.index as book_index, b.name as book_name, a.id as assessment_id',
    ].join('\n      '),
    '  ',
    [
      'join projects pr on pr.id = sp.project_id',
      'join books b on b.id = pr.book_id',
      'left join assessments a on a.book_id = b.id',
    ],
  )}
  left join student_assessments sa on sa.assessment_id = cp.assessment_id and sa.student_id = m.person_id
  where m.cohort_id = $1 and ${isCurrentMembershipText('m')}
)
select cohort.id,
  cohort.today::text as today,
  coalesce((select v.version from board_versions v where v.cohort_id = cohort.id), 0)::text as cohort_version,
  coalesce((select v.version from board_versions v where v.cohort_id = 0), 0)::text as catalogue_version,
  (select coalesce(json_agg(card
      order by card.book_index nulls last, card.project_index nulls last, card.name, card.id), '[]'::json)
   from (select c.id,
      c.name,
      c.github_login as github_handle,
      c.avatar_url as avatar,
      cohort.ref as current_cohort,
      coalesce(c.status_id, 0) as assessment_status_id,
      c.assessment_url,
      c.project_id,
      c.project_index,
      c.project_name,
      cohort.today - (coalesce(c.status_changed_at, c.assigned_at) at time zone cohort.time_zone)::date
        as project_duration,
      c.book_id,
      c.book_index,
      c.book_name,
      ${learnerScoreSql('c.id')} as score,
      (select coalesce(json_agg(row_to_json(link) order by lower(link.tag), link.id), '[]'::json)
       from (select st.id, t.name as tag
             from student_tags st
             join tags t on t.id = st.tag_id
             where st.student_id = c.id) link) as tags,
      (select coalesce(json_agg(proposal order by proposal.id), '[]'::json)
       from (select cap.id,
               latest.status,
               latest.status_id as current_status_id,
               cap.proposal_url,
               ${isoTimestampText('latest.created_at')} as created_on,
               co.name as course_name
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
             where cap.student_id = c.id) proposal) as proposals,
      ${cardVersionText({
        assignment: 'c.assignment_id',
        assessment: 'c.student_assessment_id',
        status: 'c.status_id',
        statusChangedAt: 'c.status_changed_at',
      })} as version
    from cards c) card)::text as body
from cohort
`;
