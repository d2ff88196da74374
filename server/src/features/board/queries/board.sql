-- The instructor board (GET /students?cohort=$1): one statement, one round trip.
with cohort as (
  select c.id, c.name, c.time_zone, (now() at time zone c.time_zone)::date as today
  from cohorts c
  where c.id = $1
),
members as (
  select p.id, trim(p.first_name || ' ' || p.last_name) as name, p.github_login, p.avatar_url
  from cohort_memberships m
  join people p on p.id = m.person_id
  where m.cohort_id = $1 and m.left_at is null and not p.is_staff and p.is_active
),
cards as (
  select mb.id, mb.name, mb.github_login, mb.avatar_url,
    cp.assignment_id, cp.project_id, cp.assigned_at, pr.index as project_index, pr.name as project_name,
    b.id as book_id, b.index as book_index, b.name as book_name,
    sa.id as student_assessment_id, sa.status_id, sa.url as assessment_url, sa.status_changed_at
  from members mb
  left join lateral (
    select sp.id as assignment_id, sp.project_id, sp.assigned_at
    from student_projects sp
    where sp.student_id = mb.id
    order by sp.assigned_at desc, sp.id desc
    limit 1
  ) cp on true
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
      'score', (select coalesce(sum(lo.weight), 0)::int
      from learning_records lr
      join learning_objectives lo on lo.id = lr.objective_id
      where lr.student_id = c.id and lr.achieved),
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
                       'created_on', to_char(latest.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
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
      'version', left(md5(concat_ws(':', coalesce(c.assignment_id, 0), coalesce(c.student_assessment_id, 0), coalesce(c.status_id, 0), coalesce(extract(epoch from c.status_changed_at), 0))), 16)
    ) order by c.book_index nulls last, c.project_index nulls last, c.name, c.id), '[]'::json)
   from cards c)::text as body
from cohort
