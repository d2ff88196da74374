-- The instructor board (GET /students?cohort=$1): one statement, one round trip.
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
   where m.cohort_id = cohort.id and m.left_at is null) as body
from cohort
