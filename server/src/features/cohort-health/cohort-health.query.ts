import { fullNameText } from '../../lib/names.ts';
import { currentAssignmentJoinText } from '../board/index.ts';
import { isCurrentMembershipText } from '../cohorts/index.ts';

// The health read's SQL, reviewed as SQL: queries/*.sql is this text (checked by a test) and
// queries/health.explain.txt its plan on the benchmark dataset (`npm run bench -- --explain`).
// Instants come as milliseconds since the epoch: days are counted when a report is made, so a
// kept answer of these statements stays right as time passes.

const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Every current learner of cohort $1 with their current project and book and since when, their
 * own pace so far (the median days of their finished projects, with two or more), their last
 * activity (a move, a self-assessment change, a push to the current project's repository),
 * achieved objectives and core skills at or below level $2.
 */
export const COHORT_LEARNERS_SQL = `-- A cohort's learners for its health (GET /cohorts/{id}/health): instants, not days.
with members as (
  select p.id, ${fullNameText('p')} as name, m.joined_at
  from cohort_memberships m
  join people p on p.id = m.person_id
  where m.cohort_id = $1 and ${isCurrentMembershipText('m')} and not p.is_staff and p.is_active
),
current as (
  select mb.id, mb.name, mb.joined_at, cp.project_id, cp.assigned_at, pr.name as project_name,
    b.id as book_id, b.name as book_name,
    (select min(bp.assigned_at) from student_projects bp
       join projects bpr on bpr.id = bp.project_id
       where bp.student_id = mb.id and bpr.book_id = b.id) as book_started_at
  from members mb
  ${currentAssignmentJoinText('mb.id', 'sp.project_id, sp.assigned_at', '  ')}
  left join projects pr on pr.id = cp.project_id
  left join books b on b.id = pr.book_id
)
select c.id, c.name, c.project_id, c.project_name, c.book_id, c.book_name,
  ${epochMs('c.assigned_at')} as project_since,
  ${epochMs('c.book_started_at')} as book_since,
  (select percentile_cont(0.5) within group (order by extract(epoch from (own.next_at - own.assigned_at)) / 86400)
     from (select sp.assigned_at,
             lead(sp.assigned_at) over (order by sp.assigned_at, sp.id) as next_at
           from student_projects sp where sp.student_id = c.id) own
     where own.next_at is not null
     having count(*) >= 2) as own_project_days,
  -- greatest() skips nulls: the latest of the last move, assessment change and push.
  ${epochMs(`coalesce(greatest(c.assigned_at,
    (select max(sa.status_changed_at) from student_assessments sa where sa.student_id = c.id),
    w.last_push_at),
    c.joined_at)`)} as active_at,
  (select count(distinct lr.objective_id)::int from learning_records lr
     where lr.student_id = c.id and lr.achieved) as objectives_achieved,
  (select coalesce(json_agg(json_build_object('label', s.label, 'level', r.level)
             order by r.level, s.label), '[]'::json)
     from core_skill_records r
     join core_skills s on s.id = r.skill_id
     where r.student_id = c.id and r.level <= $2) as low_skills,
  case when linked.repository_id is not null
    then ${epochMs('coalesce(w.last_push_at, greatest(linked.created_at, c.assigned_at))')}
  end as push_due_at,
  case when w.checks = 'failing' then ${epochMs('w.checks_since')} end as checks_failing_since,
  reached.kind as reached_out_kind,
  ${epochMs('reached.created_at')} as reached_out_at,
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
  select i.kind, i.created_at, i.reasons, ${fullNameText('s')} as by
  from interventions i
  left join people s on s.id = i.created_by
  where i.learner_id = c.id
  order by i.created_at desc, i.id desc
  limit 1
) reached on true
order by c.name, c.id
`;

/**
 * Every intervention with its kind, the learner's cohort then, and when the learner next moved
 * on after it: a project move, a self-assessment change or a push, whichever came first.
 */
export const INTERVENTION_OUTCOMES_SQL = `-- What helped (GET /cohorts/{id}/health): every intervention and when its learner next moved on.
select i.kind, i.cohort_id,
  ${epochMs('i.created_at')} as created_at,
  ${epochMs(`least(
    (select min(sp.assigned_at) from student_projects sp
       where sp.student_id = i.learner_id and sp.assigned_at > i.created_at),
    (select min(sa.status_changed_at) from student_assessments sa
       where sa.student_id = i.learner_id and sa.status_changed_at > i.created_at),
    (select min(e.occurred_at) from repository_links rl
       join repository_events e on e.repository_id = rl.repository_id
       where rl.learner_id = i.learner_id and e.kind = 'push' and e.occurred_at > i.created_at))`)} as moved_at
from interventions i
order by i.id
`;

/** The statements kept in queries/, by file name. */
export const HEALTH_QUERIES = {
  'cohort-learners.sql': COHORT_LEARNERS_SQL,
  'intervention-outcomes.sql': INTERVENTION_OUTCOMES_SQL,
} as const;
