-- The instructor board (GET /students?cohort=$1): one statement, one round trip.
with cohort as (
  select c.id, c.time_zone, (now() at time zone c.time_zone)::date as today,
    (select row_to_json(ref) from (select c.id, c.name) ref) as ref
  from cohorts c
  where c.id = $1
),
members as (
  select p.id, trim(p.first_name || ' ' || p.last_name) as name, p.github_login, p.avatar_url
  from cohort_memberships m
  -- Each member's row by its key (offset 0 keeps the lookup): a join would hash all people.
  cross join lateral (
    select p.id, p.first_name, p.last_name, p.github_login, p.avatar_url
    from people p
    where p.id = m.person_id and not p.is_staff and p.is_active
    offset 0
  ) p
  where m.cohort_id = $1 and m.left_at is null
),
card_links as (
  select distinct on (rl.learner_id, rl.project_id) rl.learner_id, rl.project_id, rl.repository_id
  from repository_links rl
  where rl.learner_id in (select id from members)
  order by rl.learner_id, rl.project_id, rl.created_at desc, rl.id desc
)
select cohort.id,
  cohort.today::text as today,
  (select coalesce(json_agg(row_to_json(card)
      order by card.book_index nulls last, card.project_index nulls last, card.name, card.id), '[]'::json)
   from (select mb.id,
      mb.name,
      mb.github_login as github_handle,
      mb.avatar_url as avatar,
      cohort.ref as current_cohort,
      coalesce(sa.status_id, 0) as assessment_status_id,
      sa.url as assessment_url,
      cp.project_id,
      cp.project_index,
      cp.project_name,
      cohort.today - (coalesce(sa.created_at, cp.assigned_at) at time zone cohort.time_zone)::date
        as project_duration,
      cp.book_id,
      cp.book_index,
      cp.book_name,
      (select coalesce(sum(lo.weight), 0)::int
      from learning_records lr
      join learning_objectives lo on lo.id = lr.objective_id
      where lr.student_id = mb.id and lr.achieved) as score,
      (select coalesce(json_agg(row_to_json(link) order by lower(link.tag), link.id), '[]'::json)
       from (select st.id, t.name as tag
             from student_tags st
             join tags t on t.id = st.tag_id
             where st.student_id = mb.id) link) as tags,
      (select coalesce(json_agg(row_to_json(proposal) order by proposal.id), '[]'::json)
       from (select cap.id,
               latest.status,
               latest.status_id as current_status_id,
               cap.proposal_url,
               to_char(latest.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_on,
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
             where cap.student_id = mb.id) proposal) as proposals,
      case when act_repo.id is not null then json_build_object(
        'repository', json_build_object('full_name', act_repo.full_name, 'url', act_repo.html_url,
          'deleted', act_repo.deleted_at is not null),
        'last_push_at', to_char(act_work.last_push_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'days_since_push', cohort.today - (act_work.last_push_at at time zone cohort.time_zone)::date,
        'pull_request', act_work.pull_request,
        'checks', act_work.checks,
        'checks_since', to_char(act_work.checks_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end as activity,
      left(md5(concat_ws(':', coalesce(cp.assignment_id, 0), coalesce(sa.id, 0), coalesce(sa.status_id, 0), coalesce(extract(epoch from sa.status_changed_at), 0))), 16) as version
    from members mb
    left join lateral (
      select sp.id as assignment_id, sp.project_id, sp.assigned_at,
        pr.index as project_index, pr.name as project_name,
        b.id as book_id, b.index as book_index, b.name as book_name,
        a.id as assessment_id, a.name as assessment_name
      from student_projects sp
      join projects pr on pr.id = sp.project_id
      join books b on b.id = pr.book_id
      left join assessments a on a.book_id = b.id
      where sp.student_id = mb.id
      order by sp.assigned_at desc, sp.id desc
      limit 1
    ) cp on true
    left join student_assessments sa
      on sa.assessment_id = cp.assessment_id and sa.student_id = mb.id
    left join card_links act_link on act_link.learner_id = mb.id and act_link.project_id = cp.project_id
    left join repositories act_repo on act_repo.id = act_link.repository_id
    left join repository_work act_work on act_work.repository_id = act_link.repository_id) card)::text as body
from cohort
