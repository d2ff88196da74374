-- A cohort's learners for its health (GET /cohorts/{id}/health): instants, not days.
with members as (
  select p.id, trim(p.first_name || ' ' || p.last_name) as name, m.joined_at
  from cohort_memberships m
  join people p on p.id = m.person_id
  where m.cohort_id = $1 and m.left_at is null and not p.is_staff and p.is_active
),
current as (
  select mb.id, mb.name, mb.joined_at, cp.project_id, cp.assigned_at, pr.name as project_name,
    b.id as book_id, b.name as book_name,
    (select min(bp.assigned_at) from student_projects bp
       join projects bpr on bpr.id = bp.project_id
       where bp.student_id = mb.id and bpr.book_id = b.id) as book_started_at
  from members mb
  left join lateral (
    select sp.project_id, sp.assigned_at
    from student_projects sp
    where sp.student_id = mb.id
    order by sp.assigned_at desc, sp.id desc
    limit 1
  ) cp on true
  left join projects pr on pr.id = cp.project_id
  left join books b on b.id = pr.book_id
)
select c.id, c.name, c.project_id, c.project_name, c.book_id, c.book_name,
  (extract(epoch from c.assigned_at) * 1000)::float8 as project_since,
  (extract(epoch from c.book_started_at) * 1000)::float8 as book_since,
  (select percentile_cont(0.5) within group (order by extract(epoch from (own.next_at - own.assigned_at)) / 86400)
     from (select sp.assigned_at,
             lead(sp.assigned_at) over (order by sp.assigned_at, sp.id) as next_at
           from student_projects sp where sp.student_id = c.id) own
     where own.next_at is not null
     having count(*) >= 2) as own_project_days,
  -- greatest() skips nulls: the latest of the last move, assessment change and push.
  (extract(epoch from coalesce(greatest(c.assigned_at,
    (select max(sa.status_changed_at) from student_assessments sa where sa.student_id = c.id),
    w.last_push_at),
    c.joined_at)) * 1000)::float8 as active_at,
  (select count(distinct lr.objective_id)::int from learning_records lr
     where lr.student_id = c.id and lr.achieved) as objectives_achieved,
  (select coalesce(json_agg(json_build_object('label', s.label, 'level', r.level)
             order by r.level, s.label), '[]'::json)
     from core_skill_records r
     join core_skills s on s.id = r.skill_id
     where r.student_id = c.id and r.level <= $2) as low_skills,
  case when linked.repository_id is not null
    then (extract(epoch from coalesce(w.last_push_at, greatest(linked.created_at, c.assigned_at))) * 1000)::float8
  end as push_due_at,
  case when w.checks = 'failing' then (extract(epoch from w.checks_since) * 1000)::float8 end as checks_failing_since,
  reached.kind as reached_out_kind,
  (extract(epoch from reached.created_at) * 1000)::float8 as reached_out_at,
  reached.reasons as reached_out_reasons,
  reached.by as reached_out_by
from current c
-- The repository linked for the current project (the card's, features/github), and its work.
left join lateral (
  select rl.repository_id, rl.created_at from repository_links rl
  where rl.learner_id = c.id and rl.project_id = c.project_id
  order by rl.created_at desc, rl.id desc
  limit 1
) linked on true
left join repository_work w on w.repository_id = linked.repository_id
-- The latest intervention (features/interventions): the flag rests for a while after it.
left join lateral (
  select i.kind, i.created_at, i.reasons, trim(s.first_name || ' ' || s.last_name) as by
  from interventions i
  left join people s on s.id = i.created_by
  where i.learner_id = c.id
  order by i.created_at desc, i.id desc
  limit 1
) reached on true
order by c.name, c.id
