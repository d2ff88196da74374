import { isCurrentMembershipText } from '../../lib/membership.ts';

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
 * Each member's card is kept whole by the database (learner_cards, migration 0530): the board
 * adds the cohort and the days on the current project (whole calendar days in the cohort's time
 * zone since the self-assessment's status last changed, else since the assignment) and joins the
 * cards in board order, as text.
 */
export const BOARD_SQL = `-- The instructor board (GET /students?cohort=$1): one statement, one round trip.
with cohort as (
  select c.id, c.time_zone, (now() at time zone c.time_zone)::date as today,
    (select row_to_json(ref) from (select c.id, c.name) ref)::text as ref
  from cohorts c
  where c.id = $1
)
select cohort.id,
  cohort.today::text as today,
  coalesce((select v.version from board_versions v where v.cohort_id = cohort.id), 0)::text as cohort_version,
  coalesce((select v.version from board_versions v where v.cohort_id = 0), 0)::text as catalogue_version,
  (select '[' || coalesce(string_agg(
      lc.card || ',"current_cohort":' || cohort.ref || ',"project_duration":'
        || coalesce((cohort.today - (lc.duration_start at time zone cohort.time_zone)::date)::text, 'null')
        || '}',
      ',' order by lc.book_index nulls last, lc.project_index nulls last, lc.name, lc.student_id), '') || ']'
   from cohort_memberships m
   join learner_cards lc on lc.student_id = m.person_id
   where m.cohort_id = cohort.id and ${isCurrentMembershipText('m')}) as body
from cohort
`;
