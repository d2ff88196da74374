import { FAILING_CHECK_STATES, RUNNING_CHECK_STATES } from '@lp/contract/constants';
import { isoTimestampText } from '../../lib/dates.ts';

// What a learner's repository shows of their work: the latest push, the open pull request and
// the latest checks, each the latest by GitHub's own time (repository_events), so a delivery
// arriving late changes nothing. It is worked out into repository_work whenever a repository's
// events are added (REFRESH_WORK_SQL); the board, the repository list and cohort health read it.

const list = (states: readonly string[]) => states.map((state) => `'${state}'`).join(', ');

/** One latest event per subject (a pull request, a check) of `kind` in repository `repository`. */
const latestPerSubject = (repository: string, kind: string, where = 'true') => `
  select distinct on (e.subject) e.subject, e.title, e.url, e.state, e.occurred_at
  from repository_events e
  where e.repository_id = ${repository} and e.kind = '${kind}' and ${where}
  -- At one instant a finished check outranks a running one.
  order by e.subject, e.occurred_at desc,
    (e.state in (${list(RUNNING_CHECK_STATES)})) asc, e.id desc`;

/**
 * Lateral joins giving, for repository id `repository`: `push` (occurred_at, head_sha of the
 * latest push), `pr` (json of the most recently updated open pull request) and `checks` (state
 * and since, of the latest pushed commit's checks).
 */
const repositoryWorkJoins = (repository: string) =>
  `left join lateral (
  select e.occurred_at, e.head_sha from repository_events e
  where e.repository_id = ${repository} and e.kind = 'push'
  order by e.occurred_at desc, e.id desc
  limit 1
) push on true
left join lateral (
  select json_build_object('number', open_pr.subject::int, 'title', open_pr.title, 'url', open_pr.url) as json
  from (${latestPerSubject(repository, 'pull_request')}) open_pr
  where open_pr.state = 'open'
  order by open_pr.occurred_at desc
  limit 1
) pr on true
left join lateral (
  select case
      when bool_or(latest.state in (${list(FAILING_CHECK_STATES)})) then 'failing'
      when bool_or(latest.state in (${list(RUNNING_CHECK_STATES)})) then 'running'
      else 'passing' end as state,
    case when bool_or(latest.state in (${list(FAILING_CHECK_STATES)}))
      then min(latest.occurred_at) filter (where latest.state in (${list(FAILING_CHECK_STATES)}))
      else max(latest.occurred_at) end as since
  from (${latestPerSubject(
    repository,
    'check',
    `e.head_sha = coalesce(push.head_sha, (
      select c.head_sha from repository_events c
      where c.repository_id = ${repository} and c.kind = 'check'
      order by c.occurred_at desc, c.id desc limit 1))`,
  )}) latest
  having count(*) > 0
) checks on true`;

/** Works out repository_work of the repositories $1 (an array of ids) from their events. */
export const REFRESH_WORK_SQL = `insert into repository_work
  (repository_id, last_push_at, head_sha, pull_request, checks, checks_since)
select r.id, push.occurred_at, push.head_sha, pr.json, checks.state, checks.since
from repositories r
${repositoryWorkJoins('r.id')}
where r.id = any($1::int[])
on conflict (repository_id) do update set
  last_push_at = excluded.last_push_at, head_sha = excluded.head_sha,
  pull_request = excluded.pull_request, checks = excluded.checks,
  checks_since = excluded.checks_since`;

/**
 * A CTE `card_links`: the repository most recently linked for each learner of `learners` (a query
 * of their ids) on each project. Worked out for the whole board at once, with one sort, rather
 * than per card: the board statement takes a quarter less time.
 */
export const cardLinksText = (learners: string) => `card_links as (
  select distinct on (rl.learner_id, rl.project_id) rl.learner_id, rl.project_id, rl.repository_id
  from repository_links rl
  where rl.learner_id in (${learners})
  order by rl.learner_id, rl.project_id, rl.created_at desc, rl.id desc
)`;

/**
 * Joins to a card's query the repository of `card_links` (cardLinksText) for learner `learner`
 * on project `project` (`act_repo`) and what it shows of their work (`act_work`), for
 * `cardActivityText`.
 */
export const cardActivityJoinText = (learner: string, project: string, indent: string) =>
  [
    `left join card_links act_link on act_link.learner_id = ${learner} and act_link.project_id = ${project}`,
    'left join repositories act_repo on act_repo.id = act_link.repository_id',
    'left join repository_work act_work on act_work.repository_id = act_link.repository_id',
  ].join(`\n${indent}`);

/**
 * The card's `activity` (contract CardActivity) over `cardActivityJoinText`, in a cohort whose
 * today is `today` in zone `zone`: null when no repository is linked for it.
 */
export const cardActivityText = (today: string, zone: string) =>
  `case when act_repo.id is not null then json_build_object(
        'repository', json_build_object('full_name', act_repo.full_name, 'url', act_repo.html_url,
          'deleted', act_repo.deleted_at is not null),
        'last_push_at', ${isoTimestampText('act_work.last_push_at')},
        'days_since_push', ${today} - (act_work.last_push_at at time zone ${zone})::date,
        'pull_request', act_work.pull_request,
        'checks', act_work.checks,
        'checks_since', ${isoTimestampText('act_work.checks_since')}) end`;
