-- What helped (GET /cohorts/{id}/health): every intervention and when its learner next moved on.
select i.kind, i.cohort_id,
  (extract(epoch from i.created_at) * 1000)::float8 as created_at,
  (extract(epoch from least(
    (select min(sp.assigned_at) from student_projects sp
       where sp.student_id = i.learner_id and sp.assigned_at > i.created_at),
    (select min(sa.status_changed_at) from student_assessments sa
       where sa.student_id = i.learner_id and sa.status_changed_at > i.created_at),
    (select min(e.occurred_at) from repository_links rl
       join repository_events e on e.repository_id = rl.repository_id
       where rl.learner_id = i.learner_id and e.kind = 'push' and e.occurred_at > i.created_at))) * 1000)::float8 as moved_at
from interventions i
order by i.id
