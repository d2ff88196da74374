-- The board's version (GET /students?cohort=$1 with If-None-Match): changes with anything shown.
select c.id,
  (now() at time zone c.time_zone)::date::text as today,
  c.time_zone,
  coalesce((select v.version from board_versions v where v.cohort_id = c.id), 0)::text as cohort_version,
  coalesce((select v.version from board_versions v where v.cohort_id = 0), 0)::text as catalogue_version
from cohorts c
where c.id = $1
