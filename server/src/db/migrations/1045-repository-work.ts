import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// What a card shows of a repository (its latest push, open pull request and latest checks, each
// the latest by GitHub's own time), worked out from the repository's events whenever events are
// added, so that the board reads one row per card instead of working it out on every read. Rows
// for the repositories already known are worked out here once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table repository_work (
      repository_id integer primary key references repositories on delete cascade,
      last_push_at timestamptz,
      head_sha text,
      pull_request json,
      checks text check (checks in ('passing', 'failing', 'running')),
      checks_since timestamptz
    )`,
    `insert into repository_work
        (repository_id, last_push_at, head_sha, pull_request, checks, checks_since)
      select r.id, push.occurred_at, push.head_sha, pr.json, checks.state, checks.since
      from repositories r
      left join lateral (
        select e.occurred_at, e.head_sha from repository_events e
        where e.repository_id = r.id and e.kind = 'push'
        order by e.occurred_at desc, e.id desc
        limit 1
      ) push on true
      left join lateral (
        select json_build_object('number', open_pr.subject::int, 'title', open_pr.title, 'url', open_pr.url) as json
        from (
        select distinct on (e.subject) e.subject, e.title, e.url, e.state, e.occurred_at
        from repository_events e
        where e.repository_id = r.id and e.kind = 'pull_request'
        -- At one instant a finished check outranks a running one.
        order by e.subject, e.occurred_at desc,
          (e.state in ('queued', 'in_progress', 'requested', 'waiting', 'pending')) asc, e.id desc) open_pr
        where open_pr.state = 'open'
        order by open_pr.occurred_at desc
        limit 1
      ) pr on true
      left join lateral (
        select case
            when bool_or(latest.state in ('failure', 'timed_out', 'cancelled', 'action_required', 'startup_failure', 'stale')) then 'failing'
            when bool_or(latest.state in ('queued', 'in_progress', 'requested', 'waiting', 'pending')) then 'running'
            else 'passing' end as state,
          case when bool_or(latest.state in ('failure', 'timed_out', 'cancelled', 'action_required', 'startup_failure', 'stale'))
            then min(latest.occurred_at) filter (where latest.state in ('failure', 'timed_out', 'cancelled', 'action_required', 'startup_failure', 'stale'))
            else max(latest.occurred_at) end as since
        from (
        select distinct on (e.subject) e.subject, e.title, e.url, e.state, e.occurred_at
        from repository_events e
        where e.repository_id = r.id and e.kind = 'check' and e.head_sha = coalesce(push.head_sha, (
            select c.head_sha from repository_events c
            where c.repository_id = r.id and c.kind = 'check'
            order by c.occurred_at desc, c.id desc limit 1))
        -- At one instant a finished check outranks a running one.
        order by e.subject, e.occurred_at desc,
          (e.state in ('queued', 'in_progress', 'requested', 'waiting', 'pending')) asc, e.id desc) latest
        having count(*) > 0
      ) checks on true`,
    `create trigger repository_work_changes after insert or update or delete or truncate
      on repository_work for each statement execute function announce_table_change()`,
  ]);
}
